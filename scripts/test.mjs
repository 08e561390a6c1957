// Runs the vitest suite and closes with the plain line "N passed, N failed" (plus skipped),
// read from vitest's JSON report, so a run that executed no test shows as such. A run that leaves the
// git work tree changed (a tracked file rewritten, an untracked file left that .gitignore does not name)
// counts one failure more, naming the files: tests write only to ignored or temporary places.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';

const report = '.vitest-results.json';
rmSync(report, { force: true });
/** The work tree's changes as `git status --porcelain` lists them, or null where there is no git. */
function changes() {
  const r = spawnSync('git', ['status', '--porcelain', '--untracked-files=all'], { encoding: 'utf8' });
  return r.status === 0 ? new Set(r.stdout.split('\n').filter(Boolean)) : null;
}
const before = changes();
const run = spawnSync(
  process.execPath,
  ['node_modules/vitest/vitest.mjs', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)],
  { stdio: 'inherit' },
);
let passed = 0;
let failed = 0;
let skipped = 0;
try {
  const json = JSON.parse(readFileSync(report, 'utf8'));
  passed = json.numPassedTests;
  // A test file that fails to load counts as a failure even though none of its tests ran.
  failed = json.numFailedTests + (json.numFailedTests === 0 ? json.numFailedTestSuites : 0);
  skipped = json.numPendingTests + json.numTodoTests;
  if (!json.success && failed === 0) failed = 1;
} catch {
  failed = 1;
}
const after = changes();
const left = before === null || after === null ? [] : [...after].filter((line) => !before.has(line));
if (left.length > 0) {
  console.log(`The tests changed the work tree:\n${left.map((line) => `  ${line}`).join('\n')}`);
  failed += 1;
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(run.status === 0 && failed === 0 && passed > 0 ? 0 : 1);
