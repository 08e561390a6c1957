// `npm test`'s pretest: builds the package (`npm run build`) unless dist/ is newer than everything it is
// built from (src/, the build's configuration, package.json), as it is right after a build: CI builds
// before its checks, and its `npm test` then does not build the same tree a second time.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The modification times of the files under `path` (a file or a folder), in milliseconds; none where it is missing. */
function times(path) {
  if (!existsSync(path)) return [];
  const stat = statSync(path);
  if (!stat.isDirectory()) return [stat.mtimeMs];
  return readdirSync(path).flatMap((name) => times(join(path, name)));
}

const inputs = [...times('src'), ...['tsup.config.ts', 'package.json', 'tsconfig.json', 'tsconfig.lib.json'].flatMap(times)];
const outputs = times('dist');
const fresh = outputs.length > 0 && inputs.length > 0 && Math.min(...outputs) > Math.max(...inputs);
if (fresh) {
  console.log('dist/ is newer than src/ and the build configuration: not built again');
} else {
  const run = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', shell: process.platform === 'win32' });
  process.exit(run.status ?? 1);
}
