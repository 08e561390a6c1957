/**
 * Where a server process's time goes: the V8 CPU profiles written by `node --cpu-prof`, summed by self
 * time, by place (the library, the server's own code, the stores' drivers, Node's HTTP and network, the
 * garbage collector, idle) and by function.
 *
 * @module
 */

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
  readonly hitCount?: number;
}

interface Profile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
  readonly startTime: number;
  readonly endTime: number;
}

/** The place a function belongs to, from its script's URL. */
function place(url: string, name: string): string {
  if (name === '(idle)') return 'idle';
  if (name === '(garbage collector)') return 'garbage collector';
  if (name === '(program)') return 'V8 and native (program)';
  if (!url.includes('node_modules') && (/\/dist\/(chunk-|index|solver)/.test(url) || /\/src\/(table|hand|view|read|made|rules|rubber|score)/.test(url)))
    return 'whist library';
  if (url.includes('pglite')) return 'PGlite (embedded store)';
  if (url.includes('/node_modules/pg') || url.includes('pg-protocol') || url.includes('pg-pool')) return 'pg (PostgreSQL driver)';
  if (url.includes('prom-client')) return 'metrics (prom-client)';
  if (url.includes('/server/src/')) return 'server (own code)';
  if (url.startsWith('node:') || url === '') return name === 'parse' || name === 'stringify' ? 'JSON' : 'Node (HTTP, net, streams, crypto)';
  if (url.includes('tsx') || url.includes('esbuild')) return 'loader (tsx)';
  return 'other';
}

/** Sums the profiles in `dir`: self time by place and by function, in percent of all samples. */
export function summarize(dir: string, top = 15): string {
  const byPlace = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0;
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))) {
    const p = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Profile;
    const nodes = new Map(p.nodes.map((n) => [n.id, n]));
    p.samples.forEach((id, i) => {
      const n = nodes.get(id);
      if (n === undefined) return;
      const dt = p.timeDeltas[i] ?? 0;
      total += dt;
      const where = place(n.callFrame.url, n.callFrame.functionName);
      byPlace.set(where, (byPlace.get(where) ?? 0) + dt);
      const short = n.callFrame.url.replace(/^.*\/(node_modules|src|dist)\//, '$1/');
      const key = `${n.callFrame.functionName || '(anonymous)'} ${short}:${n.callFrame.lineNumber + 1}`;
      byFunction.set(key, (byFunction.get(key) ?? 0) + dt);
    });
  }
  if (total === 0) return 'no profile samples';
  const pct = (x: number) => `${((100 * x) / total).toFixed(1).padStart(5)} %`;
  const busy = total - (byPlace.get('idle') ?? 0);
  const lines = [`server CPU profile: ${(total / 1e6).toFixed(1)} s sampled, ${pct(busy)} busy`, 'by place (self time):'];
  for (const [k, v] of [...byPlace].sort((a, b) => b[1] - a[1])) lines.push(`  ${pct(v)}  ${k}`);
  lines.push(`top ${top} functions (self time):`);
  for (const [k, v] of [...byFunction]
    .filter(([k]) => !k.startsWith('(idle)'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, top))
    lines.push(`  ${pct(v)}  ${k}`);
  return lines.join('\n');
}
