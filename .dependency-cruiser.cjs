/**
 * The import boundaries of DESIGN.md §2, checked by `npm run lint`.
 * Server violations that predate these rules are listed in .dependency-cruiser-known-violations.json
 * (`npm run lint:deps:baseline` rewrites it; run it only after removing some): a new one fails lint.
 */
const { readFileSync } = require('node:fs');
const { join } = require('node:path');

const web = '^apps/web/src/';
const modules = '^apps/server/src/modules/';
const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * dependency-cruiser does not apply its baseline to folder-level rules, so each module's known cycle
 * edges become that module's exceptions here; while the baseline is rewritten, there are none.
 */
const knownCycleEdges = () => {
  if (process.env.DEPCRUISE_BASELINE) return new Map();
  const known = JSON.parse(
    readFileSync(join(__dirname, '.dependency-cruiser-known-violations.json'), 'utf8'),
  );
  const edges = new Map();
  for (const violation of known) {
    if (violation.type !== 'cycle' || violation.rule.name !== 'server-module-cycle') continue;
    edges.set(violation.from, [...(edges.get(violation.from) ?? []), violation.to]);
  }
  return edges;
};

/** No cycle between modules: one rule for the modules with known cycles (each sparing those), one for the rest. */
const moduleCycleRules = () => {
  const edges = knownCycleEdges();
  const rule = (from, spared) => ({
    name: 'server-module-cycle',
    comment: 'Domain modules form no import cycle (a service may call another, never back).',
    severity: 'error',
    scope: 'folder',
    from: { path: from },
    to: {
      path: `${modules}[^/]+$`,
      circular: true,
      ...(spared.length ? { pathNot: `^(${spared.map(escapeRegExp).join('|')})$` } : {}),
    },
  });
  const listed = [...edges.keys()];
  return [
    ...listed.map((from) => rule(`^${escapeRegExp(from)}$`, edges.get(from))),
    {
      ...rule(`${modules}[^/]+$`, []),
      from: {
        path: `${modules}[^/]+$`,
        ...(listed.length ? { pathNot: `^(${listed.map(escapeRegExp).join('|')})$` } : {}),
      },
    },
  ];
};

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
      name: 'server-http-imports-module',
      comment: 'http/ is the transport: it imports no domain module (what both need has one home in lib/).',
      severity: 'error',
      from: { path: '^apps/server/src/http/' },
      to: { path: modules },
    },
    ...moduleCycleRules(),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|data)/' },
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
