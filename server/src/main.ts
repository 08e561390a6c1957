/**
 * `npm run server`: one server process, configured from the environment (see config.ts). Prints its
 * address once it listens; stops cleanly on SIGINT and SIGTERM.
 *
 * @module
 */

import { readConfig } from './config.js';
import { startServer } from './server.js';

let config: ReturnType<typeof readConfig>;
try {
  config = readConfig(process.env);
} catch (e) {
  console.error(e instanceof Error ? e.message : String(e));
  process.exit(2);
}

const server = await startServer(config).catch((e: unknown) => {
  console.error(`whist-server could not start: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});

console.log(`whist-server listening on ${server.url} (store: ${server.store.description})`);

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    void server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
