/** The import boundaries of DESIGN.md §2, checked by `npm run lint`: any violation fails it. */
const web = '^apps/web/src/';
const modules = '^apps/server/src/modules/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'web-feature-imports-feature',
      comment:
        'Features never import each other: what two features share lives in components/, lib/ or api/.',
      severity: 'error',
      from: { path: `${web}features/([^/]+)/` },
      to: { path: `${web}features/`, pathNot: `${web}features/$1/` },
    },
    {
      name: 'web-shared-imports-feature',
      comment: 'components/, api/, i18n/ and lib/ sit below the features and import none of them.',
      severity: 'error',
      from: { path: `${web}(components|api|i18n|lib)/` },
      to: { path: `${web}features/` },
    },
    {
      name: 'web-no-circular',
      comment: 'The web app has no import cycle.',
      severity: 'error',
      from: { path: web },
      to: { circular: true },
    },
    {
      name: 'web-chart-outside-report',
      comment: 'The chart library loads with the report route only: one component of that feature draws.',
      severity: 'error',
      from: { path: web, pathNot: `${web}features/report/report-chart\\.tsx$` },
      to: { path: 'node_modules/uplot/' },
    },
    {
      name: 'server-http-imports-module',
      comment: 'http/ is the transport: it imports no domain module (what both need has one home in lib/).',
      severity: 'error',
      from: { path: '^apps/server/src/http/' },
      to: { path: modules },
    },
    {
      name: 'server-module-cycle',
      comment: 'Domain modules form no import cycle (a service may call another, never back).',
      severity: 'error',
      scope: 'folder',
      from: { path: `${modules}[^/]+$` },
      to: { path: `${modules}[^/]+$`, circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // node_modules stays out but for the chart library, which one rule above keeps in its route.
    exclude: { path: '(^|/)node_modules/(?!uplot/)|^(apps|packages)/[^/]+/(dist|data)/' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
    },
    skipAnalysisNotInRules: true,
    // Re-reads only the files that changed since the last run, which keeps lint to a few seconds.
    cache: { folder: 'node_modules/.cache/dependency-cruiser', strategy: 'content' },
  },
};
