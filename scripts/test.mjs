// Runs the vitest suite and closes with the plain line "N passed, N failed" (plus skipped),
// read from vitest's JSON report, so a run that executed no test shows as such.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';

const report = '.vitest-results.json';
rmSync(report, { force: true });
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
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(run.status === 0 && failed === 0 && passed > 0 ? 0 : 1);
