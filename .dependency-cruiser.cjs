// The house rules, checked by `npm test` (npm run lint:deps): layers import downwards only.
//
//   contract  src/contract/           generated from contracts/openapi.yaml
//   core      src/core/               the generic Fetch-style pipeline: contract, router, validation, auth, clock
//   store     src/store/              the product's data: models, tables, snapshots
//   seed, serializers                 seeded datasets; records -> API shapes
//   domain    src/domain/             the product's rules
//   handlers  src/handlers/           one file per resource
//   app       src/app.ts, fixtures/   the composition root: wires the core to the store, scenarios and handlers
//   faces     src/server, msw, testing, cli, verify, index.ts
//
// Tests (*.test.ts) are outside the layering: they may exercise a layer through the composed app.
const layers = [
  { name: 'contract', path: '^src/contract/' },
  { name: 'core', path: '^src/core/' },
  { name: 'store', path: '^src/store/' },
  { name: 'seed', path: '^src/seed/', peers: ['serializers'] },
  { name: 'serializers', path: '^src/serializers/', peers: ['seed'] },
  { name: 'domain', path: '^src/domain/' },
  { name: 'handlers', path: '^src/handlers/' },
  { name: 'app', path: '^(src/app\\.ts|fixtures/)' },
  { name: 'faces', path: '^src/(server|msw|testing|cli|verify|record|drift|ui)/|^src/index\\.ts$' },
]

const notTests = '\\.test\\.ts$'

/** For each layer: nothing below it (and no peer of the same rank) imports it. */
const upward = layers.flatMap((layer, rank) => {
  const below = layers
    .slice(0, rank)
    .filter((l) => !(l.peers ?? []).includes(layer.name) && !(layer.peers ?? []).includes(l.name))
  const peers = layers.filter((l) => (layer.peers ?? []).includes(l.name))
  return [...below, ...peers].map((from) => ({
    name: `no-upward-${from.name}-to-${layer.name}`,
    comment: `${from.name} sits below ${layer.name} (or beside it): it must not import it`,
    severity: 'error',
    from: { path: from.path, pathNot: notTests },
    to: { path: layer.path },
  }))
})

module.exports = {
  forbidden: [
    ...upward,
    {
      name: 'verify-is-a-client',
      comment: 'the verify kit shares the contract with the mock, never its store, rules, handlers or composition',
      severity: 'error',
      from: { path: '^src/verify/', pathNot: notTests },
      to: { path: '^(src/(store|seed|serializers|domain|handlers|server|msw|testing)/|src/app\\.ts$|fixtures/)' },
    },
    {
      name: 'browser-safe-layers',
      comment: 'everything the msw face bundles for the browser stays free of Node built-ins',
      severity: 'error',
      from: {
        path: '^(src/(contract|core|store|seed|serializers|domain|handlers|testing)/|src/app\\.ts$|src/msw/(index|handlers|browser|msw-version)\\.ts$|fixtures/)',
        pathNot: notTests,
      },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'lean-test-entries',
      comment:
        'what a test file imports (analytics-mock/testing, /msw, /msw/node, /msw/browser) never reaches the dashboard, record, drift, the server, the CLI or verify, not even lazily: each test file pays for every module it loads',
      severity: 'error',
      from: { path: '^src/(testing/index|msw/(index|node|browser))\\.ts$' },
      to: { path: '^src/(ui|record|drift|server|cli|verify)/', reachable: true },
    },
    {
      name: 'dataset-generator-loads-when-data-is-built',
      comment:
        'the generator (the seed, faker and its data, the big dataset generator) is imported only by the scenarios (fixtures/index.ts), which the composition root imports when an app is made: a module that names scenarios takes fixtures/names.ts',
      severity: 'error',
      from: { pathNot: `^(src/(seed|server)/|fixtures/index\\.ts$)|${notTests}` },
      to: { path: '^src/seed/(seed|bulk|bulk-plan|faker-locale\\.gen)\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'scenarios-load-lazily',
      comment: 'fixtures/index.ts (every scenario and the generator behind it) is imported with import() only',
      severity: 'error',
      from: { pathNot: notTests },
      to: { path: '^fixtures/index\\.ts$', dependencyTypesNot: ['dynamic-import', 'type-only'] },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: { pathNot: notTests },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { conditionNames: ['analytics-mock-source', 'import', 'default'] },
  },
}
