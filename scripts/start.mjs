// `npm start`: builds the package quietly (its log is shown only when the build fails), then plays a
// complete rubber with a fixed seed.
import { spawnSync } from 'node:child_process';

const build = spawnSync(process.execPath, ['node_modules/tsup/dist/cli-default.js'], { encoding: 'utf8' });
if (build.status !== 0) {
  process.stderr.write(build.stdout + build.stderr);
  process.exit(build.status ?? 1);
}
const play = spawnSync(process.execPath, ['dist/cli.js', 'play-rubber', '--seed', '1'], { stdio: 'inherit' });
process.exit(play.status ?? 1);
