/**
 * The module boundaries (docs/ARCHITECTURE.md, "Module map"), checked by `npm run lint`.
 * A server module is used through its face, `modules/<name>/index.ts`; a web feature is used only by
 * the app shell (routes) that composes features; shared code never reaches into the server or the DOM.
 */
const SERVER_MODULE = '^apps/server/src/modules/([^/]+)/';
const WEB_FEATURE = '^apps/web/src/features/([^/]+)/';

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
      to: { path: '^apps/server/src/modules/[^/]+/', pathNot: '^apps/server/src/modules/[^/]+/index\\.ts$' },
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
