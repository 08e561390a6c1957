/**
 * Retention: every process sweeps the store now and then (`WHIST_SWEEP_INTERVAL`), removing the tables past
 * their time: a finished table (its rubber over) `WHIST_FINISHED_RETENTION` seconds after its last change,
 * any table (an abandoned one) `WHIST_ABANDONED_RETENTION` seconds after its last change; and the counts of
 * tables opened per address for windows gone by. The sweep is one statement a batch (`Store.sweep`), safe
 * with any number of processes sweeping one PostgreSQL at once. Every process hears of each table removed
 * and ends its event streams.
 *
 * @module
 */

import type { Retention, Store } from './db/base.js';
import { whyOf } from './errors.js';
import type { Metrics } from './metrics.js';
import type { Logger } from './tables.js';

export interface SweeperOptions extends Retention {
  /** Seconds between two sweeps; 0: never. */
  readonly intervalSeconds: number;
}

export class Sweeper {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  /** Sweeps done (answered by the store), for tests and `/metrics`. */
  sweeps = 0;

  constructor(
    private readonly store: Store,
    private readonly log: Logger,
    private readonly options: SweeperOptions,
    private readonly metrics?: Metrics,
  ) {}

  /** Sweeps every interval, the first one an interval after the start. */
  start(): void {
    if (this.options.intervalSeconds <= 0 || this.timer !== null) return;
    this.timer = setInterval(() => void this.sweep(), this.options.intervalSeconds * 1000);
    this.timer.unref();
  }

  /** One sweep (or the one under way); the number of tables removed, 0 when the store did not answer. */
  sweep(): Promise<number> {
    this.running ??= this.store
      .sweep(this.options)
      .then(
        (removed) => {
          this.sweeps++;
          if (removed > 0) {
            this.metrics?.tablesRemoved.inc(removed);
            this.log.info(`retention: removed ${removed} table${removed === 1 ? '' : 's'} past their time`);
          }
          return removed;
        },
        (e: unknown) => {
          this.metrics?.sweepsFailed.inc();
          this.log.error(`retention: the sweep failed: ${whyOf(e)}`);
          return 0;
        },
      )
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  /** Stops sweeping; waits for a sweep under way. */
  async stop(): Promise<void> {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
