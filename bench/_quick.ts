import { apiEngine, referenceEngine, playoutEngine, playRun } from './games.ts';
for (let round = 0; round < 3; round++) {
  for (const make of [apiEngine, referenceEngine, playoutEngine]) {
    const e = make(42);
    const n = make === apiEngine ? 20000 : 100000;
    const r = playRun(e, n);
    console.log(e.name, r.checksum.toString(16), Math.round(n / r.ms * 1000), 'hands/s');
  }
}
for (const make of [apiEngine, referenceEngine, playoutEngine]) console.log(playRun(make(7), 3000).checksum.toString(16));
