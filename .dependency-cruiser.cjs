/**
 * Import rules checked in CI (`npm run check:imports`): no import circle in the library (src/), the
 * server (server/src) or the page (web/src).
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A module may not import itself through others: each belongs below the modules that use it.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
  },
};
