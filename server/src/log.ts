/**
 * Structured logs: one JSON object a line, through pino, on standard output.
 *
 * ```json
 * {"level":"info","time":"2026-11-26T01:02:03.456Z","pid":4242,"req":"5f0c…","method":"POST","path":"/tables/Q3…/actions","status":200,"ms":6.1,"msg":"request"}
 * ```
 *
 * Every request is one line when its answer is done (an event stream when it closes): `req` (its
 * `X-Request-Id`, the client's if it sent a short plain one, else a new one; the answer carries it),
 * `method`, `path` (without the query string, which may hold a token), `status`, `ms`, and the error `code`
 * of a refusal. No line holds a header, a body or a token: tokens reach the server in the `Authorization`
 * header or the query string, and neither is ever logged.
 *
 * @module
 */

import { pino } from 'pino';
import type { LogLevel } from './config.js';
import type { Logger } from './tables.js';

export type ServerLogger = pino.Logger;

/** Where log lines go, one JSON text a line. */
export interface LineSink {
  write(line: string): void;
}

/** A logger at `level`, writing to standard output, or to `sink`. */
export function createLogger(level: LogLevel, sink?: LineSink): ServerLogger {
  const options: pino.LoggerOptions = {
    level,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    // Belt and braces: nothing logs these fields, and if something did, they would not be written.
    redact: { paths: ['authorization', 'token', 'headers', 'req.headers', '*.token', '*.authorization'], remove: true },
  };
  return sink === undefined ? pino(options, standardOutput()) : pino(options, { write: (line: string) => sink.write(line.replace(/\n$/, '')) });
}

/** Lines are gathered up to this many bytes before they are written (one write, not one a line)… */
const BATCH_BYTES = 4096;
/** …or for this long at most. */
const BATCH_MS = 250;

/**
 * Standard output, written in batches: the lines of up to 4 KB or 250 ms in one write, where a write a line
 * was among the costliest things a busy process did. A line at `warn` or worse is written at once with
 * what is gathered before it, and everything is written before the process exits (`exit`, as
 * `process.exit` and a thrown error end it). A process killed outright (SIGKILL) loses at most the last
 * 250 ms of `info` lines.
 */
function standardOutput(): pino.DestinationStream & { flush(done?: (e?: Error) => void): void; flushSync(): void } {
  const out = pino.destination({ dest: 1, sync: true, minLength: BATCH_BYTES, periodicFlush: BATCH_MS });
  process.once('exit', () => {
    try {
      out.flushSync();
    } catch {
      // Nothing left to write to.
    }
  });
  return {
    write(line: string): void {
      out.write(line);
      if (!line.startsWith('{"level":"info"') && !line.startsWith('{"level":"debug"')) out.flushSync();
    },
    flush(done?: (e?: Error) => void): void {
      out.flushSync();
      done?.();
    },
    flushSync: () => out.flushSync(),
  };
}

/** The tables' and computer players' logger (plain messages) over a structured one. */
export function messages(logger: ServerLogger): Logger {
  return { info: (m) => logger.info(m), error: (m) => logger.error(m) };
}

/** A sink that hands each line to a message logger: `error` for lines at level error or worse. */
export function sinkOf(log: Logger): LineSink {
  return { write: (line) => (/"level":"(error|fatal)"/.test(line) ? log.error(line) : log.info(line)) };
}

/** A request id from the client's `X-Request-Id` when it is short and plain, else `null`. */
export function clientRequestId(header: string | string[] | undefined): string | null {
  return typeof header === 'string' && /^[A-Za-z0-9._:-]{1,64}$/.test(header) ? header : null;
}
