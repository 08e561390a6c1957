/**
 * Metrics in the Prometheus text format, through prom-client, at `GET /metrics`. One registry per
 * server, so several servers in one process (the tests) keep their counts apart.
 *
 * - `whist_http_request_duration_seconds` (histogram; `method`, `route`, `status`): every answered request
 *   but event streams, from its arrival to the end of its answer. `route` is the route's name (`tables`,
 *   `table`, `actions`, `computers`, `events`, `health`, `ready`, `metrics`, `unknown`), never an id.
 * - `whist_http_errors_total` (counter; `route`, `status`, `code`): requests answered 400 or more, by error code.
 * - `whist_http_requests_in_flight`, `whist_http_connections`, `whist_event_streams` (gauges).
 * - `whist_tables_removed_total` (counter): tables removed by the retention sweeper of this process.
 * - `whist_sweeps_failed_total` (counter): sweeps the store did not answer.
 * - prom-client's default process metrics (`process_cpu_seconds_total`, `nodejs_eventloop_lag_seconds`, …).
 *
 * @module
 */

import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

export interface Counts {
  connections(): number;
  streams(): number;
  inFlight(): number;
  /** Rows checked so far: as held (`cached`), after the version held, or whole (`Tables.checks`). */
  checks?(): Readonly<Record<'cached' | 'after' | 'whole', number>>;
  /** Actions written without a read, and those that then read the row (`Tables.unread`). */
  unread?(): Readonly<Record<'written' | 'fellBack', number>>;
}

export class Metrics {
  readonly registry = new Registry();
  readonly duration: Histogram<'method' | 'route' | 'status'>;
  readonly errors: Counter<'route' | 'status' | 'code'>;
  readonly tablesRemoved: Counter;
  readonly sweepsFailed: Counter;

  constructor(counts: Counts) {
    const registers = [this.registry];
    this.duration = new Histogram({
      name: 'whist_http_request_duration_seconds',
      help: 'Time from the arrival of a request to the end of its answer (event streams excluded)',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.errors = new Counter({
      name: 'whist_http_errors_total',
      help: 'Requests answered with a status of 400 or more, by error code',
      labelNames: ['route', 'status', 'code'],
      registers,
    });
    this.tablesRemoved = new Counter({ name: 'whist_tables_removed_total', help: 'Tables removed by the retention sweeper of this process', registers });
    this.sweepsFailed = new Counter({ name: 'whist_sweeps_failed_total', help: 'Retention sweeps the store did not answer', registers });
    new Gauge({ name: 'whist_http_connections', help: 'Open connections', registers, collect: gauge(counts.connections) });
    new Gauge({ name: 'whist_event_streams', help: 'Open event streams', registers, collect: gauge(counts.streams) });
    new Gauge({
      name: 'whist_http_requests_in_flight',
      help: 'Requests not yet answered (event streams excluded)',
      registers,
      collect: gauge(counts.inFlight),
    });
    const checks = counts.checks;
    if (checks !== undefined)
      new Counter({
        name: 'whist_table_checks_total',
        help: 'Stored tables read and checked: as held already (cached), after the version held (after), or whole',
        labelNames: ['how'],
        registers,
        collect: counter('how', checks),
      });
    const unread = counts.unread;
    if (unread !== undefined)
      new Counter({
        name: 'whist_actions_unread_total',
        help: 'Actions written on the version held without reading the row (written), and those that then read it (fellBack)',
        labelNames: ['outcome'],
        registers,
        collect: counter('outcome', unread),
      });
    collectDefaultMetrics({ register: this.registry });
  }

  /** The text to answer `/metrics` with, and its content type. */
  async text(): Promise<{ body: string; contentType: string }> {
    return { body: await this.registry.metrics(), contentType: this.registry.contentType };
  }
}

/** A counter of several labels' values, read from counts kept elsewhere. */
function counter<L extends string>(name: L, read: () => Readonly<Record<string, number>>): (this: Counter<L>) => void {
  return function (this: Counter<L>) {
    this.reset();
    for (const [label, value] of Object.entries(read())) this.inc({ [name]: label } as Partial<Record<L, string>>, value);
  };
}

function gauge(read: () => number): (this: Gauge) => void {
  return function (this: Gauge) {
    this.set(read());
  };
}
