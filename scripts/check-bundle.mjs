// The library entries must run in browsers: no Node built-ins, and nothing from the CLI.
import { readFileSync } from 'node:fs';

let bad = 0;
for (const file of ['dist/index.js', 'dist/index.cjs', 'dist/records.js', 'dist/records.cjs']) {
  const text = readFileSync(file, 'utf8');
  const imports = [...text.matchAll(/(?:from\s*|import\s*\(|require\()\s*["']([^"']+)["']/g)].map((m) => m[1]);
  const offending = imports.filter((name) => name.startsWith('node:') || /^(fs|path|util|process|child_process|os)$/.test(name) || name.includes('cli'));
  if (offending.length > 0) {
    console.error(`${file} imports ${offending.join(', ')}: the library must not use Node APIs or the CLI`);
    bad++;
  } else console.log(`${file}: no Node or CLI imports (${imports.length} imports)`);
}
process.exit(bad ? 1 : 0);
