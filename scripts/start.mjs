// `npm start`: builds the package if dist/ is missing or older than its sources (quietly: tsup's log is
// shown only when the build fails), then plays a complete rubber with a fixed seed.
import { spawnSync } from 'node:child_process';
import { ensureLibrary } from './library.mjs';

ensureLibrary();
const play = spawnSync(process.execPath, ['dist/cli.js', 'play-rubber', '--seed', '1'], { stdio: 'inherit' });
process.exit(play.status ?? 1);
