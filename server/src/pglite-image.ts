/**
 * Writes the image of an empty PGlite database to the file named on the command line, for
 * `WHIST_PGLITE_IMAGE`: a server with PGlite in memory then starts from it instead of running `initdb`.
 * `npm run pglite-image -w whist-server -- FILE`.
 *
 * @module
 */

import { resolve } from 'node:path';
import { writePgliteImage } from './db/pglite.js';

const file = process.argv[2];
if (file === undefined || file === '') {
  console.error('usage: npm run pglite-image -w whist-server -- FILE');
  process.exit(2);
}
await writePgliteImage(resolve(process.env.INIT_CWD ?? process.cwd(), file));
console.log(`wrote ${file}: start a server from it with WHIST_PGLITE_IMAGE=${file}`);
