/**
 * The module boundaries (docs/ARCHITECTURE.md, "Module map"), checked by `npm run lint`.
 * A server module is used through its face, `modules/<name>/index.ts`; a web feature is used only by
 * the app shell (routes) that composes features; shared code never reaches into the server or the DOM.
 * The composition root, scripts and benchmarks use modules through their faces too; the web never
 * imports the server; only tooling (drizzle-kit, tests, the demo seed) imports the schema aggregate.
 * scripts/fence.test.ts plants each forbidden import in a scratch copy and checks the rule that stops it.
 */
const SERVER_MODULE = '^apps/server/src/modules/([^/]+)/';
const WEB_FEATURE = '^apps/web/src/features/([^/]+)/';
/** Any file of a server module except its face. */
const MODULE_INTERNAL = {
  path: '^apps/server/src/modules/[^/]+/',
  pathNot: '^apps/server/src/modules/[^/]+/index\\.ts$',
};

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'server-module-face',
      comment:
        'A server module uses another module only through its face (index.ts), never its repository, table, service or other internal file.',
      severity: 'error',
      from: { path: SERVER_MODULE, pathNot: '\\.table\\.ts$' },
      to: {
        path: '^apps/server/src/modules/[^/]+/',
        pathNot: ['^apps/server/src/modules/$1/', '^apps/server/src/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'server-table-references',
      comment:
        "A table file may name another module's table only for a foreign key, through that module's tables file.",
      severity: 'error',
      from: { path: `${SERVER_MODULE}.+\\.table\\.ts$` },
      to: {
        path: '^apps/server/src/modules/[^/]+/',
        pathNot: ['^apps/server/src/modules/$1/', '^apps/server/src/modules/[^/]+/[^/]+\\.table\\.ts$'],
      },
    },
    {
      name: 'server-platform-knows-no-domain',
      comment:
        'The platform layer (lib, plugins, config, db) knows no domain; only the schema aggregate names module tables.',
      severity: 'error',
      from: {
        path: '^apps/server/src/(lib|plugins|config|db)/',
        // A platform test may build the whole app around the piece it tests.
        pathNot: ['^apps/server/src/db/schema\\.ts$', '\\.test\\.ts$'],
      },
      to: { path: '^apps/server/src/modules/' },
    },
    {
      name: 'web-feature-isolation',
      comment:
        'A web feature never imports another feature; the app shell (app/) composes them and fills the slots of lib/feature-slots.tsx.',
      severity: 'error',
      from: { path: WEB_FEATURE },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'demo-uses-faces',
      comment:
        'The demo data sits above the modules: it uses their faces and the schema aggregate, never their internals.',
      severity: 'error',
      from: { path: '^apps/server/src/demo/' },
      to: MODULE_INTERNAL,
    },
    {
      name: 'composition-root-uses-faces',
      comment:
        "The composition root (app.ts, start.ts, server.ts) calls each module's register through its face, never an internal file.",
      severity: 'error',
      from: { path: '^apps/server/src/(app|start|server)\\.ts$' },
      to: MODULE_INTERNAL,
    },
    {
      name: 'scripts-and-bench-use-faces',
      comment: 'Scripts and benchmarks use a server module through its face, as another module would.',
      severity: 'error',
      from: { path: '^(scripts|bench)/' },
      to: MODULE_INTERNAL,
    },
    {
      name: 'web-never-imports-server',
      comment:
        'The web app shares only packages/shared with the server: no server file, not even for a type.',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'schema-aggregate-for-tooling-only',
      comment:
        "db/schema.ts (every module's tables) is for drizzle-kit, the tests and the demo seed; a module imports its own tables, or another's table file for a foreign key.",
      severity: 'error',
      from: {
        pathNot: [
          '^apps/server/drizzle\\.config\\.ts$',
          '^apps/server/src/demo/',
          '^apps/server/test/',
          '\\.test\\.tsx?$',
        ],
      },
      to: { path: '^apps/server/src/db/schema\\.ts$' },
    },
    {
      name: 'web-primitives-know-no-feature',
      comment: 'UI primitives, page parts and lib are below the features and never import one.',
      severity: 'error',
      from: { path: '^apps/web/src/(components|lib|config|styles)/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'shared-is-pure',
      comment:
        'packages/shared runs in the browser and the server: no node built-ins, database, server or web code.',
      severity: 'error',
      from: { path: '^packages/shared/' },
      to: {
        path: [
          '^apps/',
          'node_modules/(drizzle-orm|pg|@electric-sql|fastify|@fastify|pg-boss|nodemailer|react)/',
        ],
      },
    },
    {
      name: 'shared-no-node-builtins',
      severity: 'error',
      from: { path: '^packages/shared/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'no-file-cycles',
      comment: 'Files import each other in one direction; a cycle means a missing seam.',
      severity: 'error',
      from: { path: '^(apps|packages)/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    // swc reports type-only imports too; tsc's pre-compilation mode is for the tsc parser only.
    tsPreCompilationDeps: false,
    tsConfig: { fileName: 'apps/web/tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
    },
    skipAnalysisNotInRules: true,
    // TypeScript 7 has no compiler API yet; swc parses the sources.
    parser: 'swc',
  },
};
