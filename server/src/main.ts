/**
 * `npm run server`: one server process, configured from the environment (see config.ts). Logs JSON lines
 * on standard output, the first saying its address once it listens; stops gracefully on SIGINT and SIGTERM
 * (server.ts, `close({ drain: true })`), and at once on a second signal.
 *
 * @module
 */

import { readConfig } from './config.js';
import { whyOf } from './errors.js';
import { createLogger } from './log.js';
import { startServer } from './server.js';

let config: ReturnType<typeof readConfig>;
try {
  config = readConfig(process.env);
} catch (e) {
  createLogger('info').fatal(`whist-server settings refused: ${whyOf(e)}`);
  process.exit(2);
}

const server = await startServer(config).catch((e: unknown) => {
  createLogger(config.logLevel).fatal(`whist-server could not start: ${whyOf(e)}`);
  process.exit(1);
});

server.logger.info(`whist-server listening on ${server.url} (store: ${server.store.description})`);
// Written now, not with the next batch: whoever started the process waits for this line.
server.logger.flush();

let signalled = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    if (signalled) {
      server.logger.warn(`${signal} again: exiting now`);
      process.exit(1);
    }
    signalled = true;
    server.logger.info(`${signal}: stopping gracefully`);
    void server.close({ drain: true }).then(
      () => process.exit(0),
      (e: unknown) => {
        server.logger.error(`stopping failed: ${whyOf(e)}`);
        process.exit(1);
      },
    );
  });
