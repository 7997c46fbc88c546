// Import boundaries, checked by `npm run lint:boundaries` (part of `npm run lint`).
//
// Table ownership: every table in apps/server/src/db/schema/*.ts is re-exported by exactly one
// barrel in apps/server/src/db/schema/owned/<owner>.ts. That directory is the ownership map: a
// module may import only its own barrel, and only from its repo files; other modules call its
// service. This file refuses to load (so the lint fails) when a table has no owner or two.
//
// No violation is tolerated: the 89 that existed when the check arrived were fixed one by one,
// and the list of known ones that the lint ignored meanwhile is gone. Fix the cause.
const fs = require('node:fs');
const path = require('node:path');

const SERVER = 'apps/server/src';
const SCHEMA_DIR = path.join(__dirname, SERVER, 'db/schema');
const OWNED_DIR = path.join(SCHEMA_DIR, 'owned');

// Owners that are not modules/<name>: the folder whose files may import their barrel.
const OWNER_FOLDERS = {
  outbox: `${SERVER}/providers/outbox`,
  'rate-limits': `${SERVER}/platform/rate-limit`,
};

function namesIn(source, pattern) {
  return [...source.matchAll(pattern)].map((match) => match[1]);
}

function readOwnershipMap() {
  const tables = fs
    .readdirSync(SCHEMA_DIR)
    .filter((file) => file.endsWith('.ts'))
    .flatMap((file) =>
      namesIn(fs.readFileSync(path.join(SCHEMA_DIR, file), 'utf8'), /export const (\w+) = pgTable\(/g),
    );
  const ownerOf = new Map();
  for (const file of fs.readdirSync(OWNED_DIR).filter((name) => name.endsWith('.ts'))) {
    const owner = file.replace(/\.ts$/, '');
    const source = fs.readFileSync(path.join(OWNED_DIR, file), 'utf8');
    const exported = namesIn(source, /export \{([^}]*)\}/g)
      .flatMap((list) => list.split(','))
      .map((name) => name.replace(/^\s*type\s+/, '').trim())
      .filter(Boolean);
    for (const table of exported) {
      if (ownerOf.has(table)) {
        throw new Error(`Table ${table} has two owners: ${ownerOf.get(table)} and ${owner}`);
      }
      ownerOf.set(table, owner);
    }
  }
  const orphans = tables.filter((table) => !ownerOf.has(table));
  if (orphans.length) {
    throw new Error(`Tables without an owner in ${SERVER}/db/schema/owned/: ${orphans.join(', ')}`);
  }
}

readOwnershipMap();

// Layers of the server modules, lowest first (apps/server/src/modules/layers.json, decision 0065):
// a module never imports a module of a higher layer. The two-way pairs and re-export façades are
// counted by scripts/module-graph.mjs, which reads the same file.
const LAYERS = JSON.parse(
  fs.readFileSync(path.join(__dirname, SERVER, 'modules/layers.json'), 'utf8'),
).layers;
const moduleDirs = fs
  .readdirSync(path.join(__dirname, SERVER, 'modules'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const layered = LAYERS.flatMap((layer) => layer.modules);
const unlayered = moduleDirs.filter((name) => !layered.includes(name));
if (unlayered.length) {
  throw new Error(`Modules without a layer in ${SERVER}/modules/layers.json: ${unlayered.join(', ')}`);
}
const modulesIn = (layers) => `^${SERVER}/modules/(${layers.flatMap((layer) => layer.modules).join('|')})/`;

// The shared package's catalogue entry (docs/decisions/0073-shared-catalogue-and-schemas.md): its
// values need no zod. A schema module is a shared module that imports zod or libphonenumber-js
// (even a type); read from the sources, like the ownership map above.
const SHARED_SRC = path.join(__dirname, 'packages/shared/src');
const CATALOGUE_ENTRY = '^packages/shared/src/catalogue/index\\.ts$';
const SCHEMA_MODULES = fs
  .readdirSync(SHARED_SRC, { recursive: true })
  .filter((file) => /\.ts$/.test(file) && !/\.test\.ts$/.test(file))
  .filter((file) =>
    /\bfrom\s+['"](zod|libphonenumber-js)(\/[^'"]*)?['"]/.test(
      fs.readFileSync(path.join(SHARED_SRC, file), 'utf8'),
    ),
  )
  .map((file) => `packages/shared/src/${file.split(path.sep).join('/')}`);
if (SCHEMA_MODULES.length === 0) throw new Error('No schema module found in packages/shared/src');
const escaped = (file) => file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/**
 * The web's start: what the landing page, the join page and the admin area's first visit load
 * (apps/web/vite.config.ts names their modules). Their files take shared values from the catalogue
 * entry, and from the main entry only types.
 */
const WEB_START = '^apps/web/src/(main\\.tsx$|app/|public/|i18n/|features/(subscribers|dashboard)/)';
/** Start files whose values still sit beside schemas; the build's split keeps the schemas out. */
const WEB_START_SCHEMA_VALUES = [
  // ACCOUNT_ERROR_CODES (account.ts)
  '^apps/web/src/app/query-client\\.ts$',
  // The prices (billing.ts)
  '^apps/web/src/public/landing/marketing-facts\\.ts$',
  // Checks the code with ZSubscriberVerifyRequest; loaded once a code is typed
  '^apps/web/src/features/subscribers/verify-code-check\\.ts$',
];

const MODULE = `^${SERVER}/modules/([^/]+)/`;
const NOT_TESTS = ['\\.test\\.tsx?$', `^${SERVER}/test/`];
const REPO_FILE = '(repo|[^/]*-repo)\\.ts$';
const PUBLIC_FILE = '(service|[^/]*-service|index)\\.ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'No import cycles in server, shared, web or agent. A lazy import() that splits a chunk off ' +
        '(and the type of what it loads) does not run at load time, so it does not close a cycle.',
      from: { path: '^(apps|packages)/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['dynamic-import', 'type-import'] } },
    },
    {
      name: 'web-not-server',
      severity: 'error',
      comment: 'The web app talks to the server over HTTP; shared types live in packages/shared.',
      from: { path: '^apps/web/' },
      to: { path: '^apps/(server|agent)/' },
    },
    {
      name: 'web-feature-boundaries',
      severity: 'error',
      comment:
        'A web feature imports its own files and the shared folders (components/, lib/, api/, app/, ' +
        'i18n/, test/), never another feature: what two features share moves to components/ (widgets) ' +
        'or lib/ (hooks, queries, formats); the admin routes compose features ' +
        '(docs/decisions/0068-forms-widgets-and-validation-codes.md, scripts/feature-graph.mjs).',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-shared-not-features',
      severity: 'error',
      comment: "The web's shared folders are below the features: they never import one.",
      from: { path: '^apps/web/src/(components|lib|api|i18n|test)/' },
      to: { path: '^apps/web/src/features/' },
    },
    {
      name: 'agent-not-server',
      severity: 'error',
      comment: 'The agent talks to the server over its WebSocket; shared types live in packages/shared.',
      from: { path: '^apps/agent/' },
      to: { path: '^apps/(server|web)/' },
    },
    {
      name: 'server-not-web-or-agent',
      severity: 'error',
      from: { path: '^apps/server/' },
      to: { path: '^apps/(web|agent)/' },
    },
    {
      name: 'shared-stands-alone',
      severity: 'error',
      comment: 'packages/shared is imported by the apps, never the other way round.',
      from: { path: '^packages/shared/' },
      to: { path: '^apps/' },
    },
    {
      name: 'shared-catalogue-without-zod',
      severity: 'error',
      comment:
        'Nothing the catalogue entry (packages/shared/src/catalogue/index.ts, ' +
        '`@message-station/shared/catalogue`) reaches, even for a type, imports zod or ' +
        'libphonenumber-js: a value a schema module holds moves to a module without them (as ' +
        'TEXT_LIMITS did to text-limits.ts), or stays out of the catalogue (decision 0073).',
      from: { path: CATALOGUE_ENTRY },
      to: { path: SCHEMA_MODULES.map((file) => `^${escaped(file)}$`), reachable: true },
    },
    {
      name: 'web-start-values-from-catalogue',
      severity: 'error',
      comment:
        'The start of the web (landing, join page, admin frame and dashboard) takes shared values ' +
        'from `@message-station/shared/catalogue`, types alone from `@message-station/shared` ' +
        '(`import type`): the first views then hold no schema whatever the build does (decision 0073).',
      from: {
        path: WEB_START,
        pathNot: ['\\.test\\.tsx?$', '-test-helpers\\.tsx?$', ...WEB_START_SCHEMA_VALUES],
      },
      to: { path: '^packages/shared/src/index\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'no-other-module-repo',
      severity: 'error',
      comment: "A module's repo is private: call that module's service instead.",
      from: { path: MODULE, pathNot: NOT_TESTS },
      to: { path: `${MODULE}${REPO_FILE}`, pathNot: `^${SERVER}/modules/$1/` },
    },
    {
      name: 'other-module-internals',
      severity: 'error',
      comment:
        'Another module is reached through its service.ts, *-service.ts or index.ts, not its internal files.',
      from: { path: MODULE, pathNot: NOT_TESTS },
      to: {
        path: `^${SERVER}/modules/[^/]+/`,
        pathNot: [`^${SERVER}/modules/$1/`, PUBLIC_FILE, REPO_FILE, '(^|/)routes\\.ts$'],
      },
    },
    {
      name: 'table-of-another-owner',
      severity: 'error',
      comment:
        'A module imports tables only through its own barrel db/schema/owned/<module>.ts; ' +
        "another module's tables are read and written through that module's service.",
      from: { path: MODULE, pathNot: NOT_TESTS },
      to: { path: `^${SERVER}/db/schema/`, pathNot: `^${SERVER}/db/schema/owned/$1\\.ts$` },
    },
    ...Object.entries(OWNER_FOLDERS).map(([owner, folder]) => ({
      name: 'table-of-another-owner',
      severity: 'error',
      comment: `Only ${folder} uses the tables of db/schema/owned/${owner}.ts.`,
      from: { pathNot: [`^${folder}/`, `^${SERVER}/db/schema/`, ...NOT_TESTS] },
      to: { path: `^${SERVER}/db/schema/owned/${owner}\\.ts$` },
    })),
    {
      name: 'tables-outside-repo',
      severity: 'error',
      comment: "Inside its module, only the repo files (repo.ts, *-repo.ts) import the module's tables.",
      from: { path: MODULE, pathNot: [REPO_FILE, ...NOT_TESTS] },
      to: { path: `^${SERVER}/db/schema/owned/$1\\.ts$` },
    },
    ...LAYERS.slice(0, -1).map((layer, rank) => ({
      name: 'module-layers',
      severity: 'error',
      comment: `A ${layer.name} module imports its own layer or lower ones, never ${LAYERS.slice(rank + 1)
        .map((higher) => higher.name)
        .join(' or ')} (modules/layers.json).`,
      from: { path: modulesIn([layer]), pathNot: NOT_TESTS },
      to: { path: modulesIn(LAYERS.slice(rank + 1)) },
    })),
    {
      name: 'seed-through-services',
      severity: 'error',
      comment: 'The demo seed calls module services, never their repos or internals.',
      from: { path: `^${SERVER}/db/seed\\.ts$` },
      to: { path: `^${SERVER}/modules/`, pathNot: PUBLIC_FILE },
    },
    {
      name: 'audit-on-platform-only',
      severity: 'error',
      comment:
        'The audit module stands on the platform alone (decision 0066): each route declares its rule ' +
        'and reads its own objects; what the trail needs of users is handed in by app.ts.',
      from: { path: `^${SERVER}/modules/audit/`, pathNot: NOT_TESTS },
      to: {
        path: [`^${SERVER}/modules/`, `^${SERVER}/app(-context)?\\.ts$`, `^${SERVER}/providers/`],
        pathNot: `^${SERVER}/modules/audit/`,
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)dist/', '(^|/)node_modules/', `^${SERVER}/db/migrations/`] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    cache: false,
    reporterOptions: { text: { highlightFocused: true } },
  },
};
