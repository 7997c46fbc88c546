// Vite config for the SPA: dev server proxies every server path to the API on :3000.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, parseAst } from 'vite';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';
const proxiedPaths = ['/api', '/admin/api', '/auth', '/dev/api', '/healthz', '/readyz', '/webhooks'];

/** The app's second step (main.tsx): every route and the Mantine components, evaluated on its own. */
const BOOT_MODULE = fileURLToPath(new URL('./src/app/boot.ts', import.meta.url));
/** The prerendered page (decision 0014). */
const LANDING_PAGE = fileURLToPath(new URL('./src/public/LandingPage.tsx', import.meta.url));

/**
 * Lazy imports of the prerendered landing page's start, made while its markup is already on
 * screen: the browser finds their chunks itself, with no run-time links (decision 0014).
 */
const UNPRELOADED_IMPORTS = [BOOT_MODULE, LANDING_PAGE, /[\\/]@mantine[\\/](notifications|modals)[\\/]/];

function isUnpreloaded(moduleIds: readonly string[]): boolean {
  return UNPRELOADED_IMPORTS.some((pattern) =>
    moduleIds.some((id) => (typeof pattern === 'string' ? id === pattern : pattern.test(id))),
  );
}

/**
 * Vite preloads the chunks a lazy import needs with one <link rel=modulepreload> each, inserted at
 * run time, and each costs main-thread time (decision 0014). So: the chunks of the start (the
 * entry and src/app/boot.ts with everything they import) are named in index.html instead, where
 * links cost nothing at run time, and left out of every lazy import's list, being loaded by then.
 * The prerendered landing page drops those links (scripts/prerender.mjs) and lets the browser
 * find the chunks after its first paint.
 */
function leanPreloads() {
  const loadedAtStart = new Set<string>();
  const unpreloaded = new Set<string>();
  const plugin: Plugin = {
    name: 'message-station:lean-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      loadedAtStart.clear();
      const visit = (fileName: string) => {
        const chunk = bundle[fileName];
        if (loadedAtStart.has(fileName) || chunk?.type !== 'chunk') return;
        loadedAtStart.add(fileName);
        for (const imported of chunk.imports) visit(imported);
      };
      unpreloaded.clear();
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        if (isUnpreloaded(chunk.moduleIds)) unpreloaded.add(chunk.fileName);
        if (chunk.isEntry || chunk.facadeModuleId === BOOT_MODULE) visit(chunk.fileName);
      }
    },
    transformIndexHtml: {
      order: 'post',
      handler: (html) => {
        const named = new Set([...html.matchAll(/(?:src|href)="\/([^"]+\.js)"/g)].map((match) => match[1]));
        return [...loadedAtStart]
          .filter((fileName) => !named.has(fileName))
          .map((fileName) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${fileName}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
  const resolveDependencies = (
    filename: string,
    deps: string[],
    { hostType }: { hostType: 'html' | 'js' },
  ) => {
    if (hostType === 'html') return deps;
    if (unpreloaded.has(filename)) return [];
    return deps.filter((dep) => !loadedAtStart.has(dep));
  };
  return { plugin, resolveDependencies };
}

/** The shared package's sources (schemas and constants, decision 0001). */
const SHARED_SOURCE = /packages[\\/]shared[\\/]src[\\/][^?]*\.ts$/;

/**
 * The shared package builds its zod schemas at the top level of modules that also export plain
 * constants (error codes, limits, header names). A page that reads one constant would keep every
 * schema of that module, since a call may have side effects, and with them zod and the phone
 * number metadata. Those top-level calls have none (the package is declared free of side effects
 * above): each is marked pure, so the schemas a chunk does not use are left out of it.
 */
function pureSharedDeclarations(): Plugin {
  return {
    name: 'message-station:pure-shared-declarations',
    apply: 'build',
    transform: {
      order: 'post',
      filter: { id: SHARED_SOURCE },
      handler(code) {
        const calls: { start: number; end: number }[] = [];
        for (const statement of parseAst(code).body) {
          const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
          if (declaration?.type !== 'VariableDeclaration') continue;
          for (const { init } of declaration.declarations) {
            if (init?.type === 'CallExpression' || init?.type === 'NewExpression') calls.push(init);
          }
        }
        if (calls.length === 0) return null;
        let marked = code;
        for (const { start, end } of calls.reverse()) {
          marked = `${marked.slice(0, start)}/* @__PURE__ */ (() => ${marked.slice(start, end)})()${marked.slice(end)}`;
        }
        return { code: marked, map: null };
      },
    },
  };
}

/** Where the pages outside the admin area are named: each of its lazy imports is a page. */
const ROUTES_MODULE = fileURLToPath(new URL('./src/app/routes.tsx', import.meta.url));
/** Where the admin area's pages are named: each of its lazy imports is an admin page. */
const ADMIN_ROUTES_MODULE = fileURLToPath(new URL('./src/app/admin/routes.tsx', import.meta.url));
/** What a signed-in visit of /admin shows first: the admin frame and the dashboard. */
const ADMIN_FIRST_VIEW = [
  fileURLToPath(new URL('./src/app/admin/index.ts', import.meta.url)),
  fileURLToPath(new URL('./src/features/dashboard/DashboardPage.tsx', import.meta.url)),
];
/**
 * Lazy imports that load only when something calls for them: the language menu on its button's
 * first click, the notifications container with the first notice, the modals provider with the
 * first modal (AppProviders.tsx), the landing page's enlarged screenshot. Like pages, what they share with the admin area's first view
 * may be grouped with it: the landing page does not load them by itself.
 */
const ON_INTERACTION: readonly (string | RegExp)[] = [
  fileURLToPath(new URL('./src/app/layouts/LanguageMenu.tsx', import.meta.url)),
  fileURLToPath(new URL('./src/app/NotificationsContainer.tsx', import.meta.url)),
  fileURLToPath(new URL('./src/public/landing/ScreenshotModal.tsx', import.meta.url)),
  /[\\/]@mantine[\\/]modals[\\/]/,
];
const onInteraction = (id: string) =>
  ON_INTERACTION.some((pattern) => (typeof pattern === 'string' ? id === pattern : pattern.test(id)));

type TPluginContext = ThisParameterType<
  NonNullable<Extract<Plugin['buildEnd'], (...args: never[]) => unknown>>
>;

/** What one module imports and passes on, by binding: enough to follow a name through barrels. */
type TModuleLinks = {
  /** Statements of its own beyond imports and exports: a barrel has none. */
  hasCode: boolean;
  /** Every import source with the names taken from it; '*' for all of them. */
  imports: Map<string, Set<string>>;
  /** Exported name → where it comes from: a source and a name there, or the module itself. */
  exports: Map<string, { source: string; name: string } | null>;
  /** Exported name → the module's own name for it (`export { local as name }`). */
  localNames: Map<string, string>;
  /** Sources of `export * from`. */
  stars: string[];
  /**
   * In a module free of side effects (the shared package's, decision 0001 and
   * pureSharedDeclarations): each top-level name with the identifiers its declaration reads.
   */
  declarations?: Map<string, Set<string>>;
};

/** Every identifier a syntax tree mentions (property names too: it errs on the side of more). */
function identifiersIn(node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) {
    for (const item of node) identifiersIn(item, found);
  } else if (node && typeof node === 'object') {
    const record = node as Record<string, unknown>;
    if (record.type === 'Identifier' && typeof record.name === 'string') found.add(record.name);
    for (const [key, value] of Object.entries(record)) if (key !== 'type') identifiersIn(value, found);
  }
  return found;
}

/** The top-level names a declaration makes, and what its initializers read. */
function declared(statement: { type: string }): [string, Set<string>][] {
  const node = statement as {
    type: string;
    declarations?: { id: unknown; init: unknown }[];
    id?: { name: string };
  };
  if (node.type === 'VariableDeclaration') {
    return (node.declarations ?? []).flatMap(({ id, init }) => {
      const reads = identifiersIn(init);
      return [...identifiersIn(id)].map((name): [string, Set<string>] => [name, reads]);
    });
  }
  if ((node.type === 'FunctionDeclaration' || node.type === 'ClassDeclaration') && node.id) {
    return [[node.id.name, identifiersIn(node)]];
  }
  return [];
}

function linksOf(code: string, pure: boolean): TModuleLinks {
  const links: TModuleLinks = {
    hasCode: false,
    imports: new Map(),
    exports: new Map(),
    localNames: new Map(),
    stars: [],
  };
  if (pure) links.declarations = new Map();
  const take = (source: string, name: string) => {
    const names = links.imports.get(source) ?? new Set<string>();
    names.add(name);
    links.imports.set(source, names);
  };
  const imported = new Map<string, { source: string; name: string }>();
  const nameOf = (node: { type: string; name?: string; value?: unknown }) =>
    node.type === 'Identifier' ? (node.name ?? '') : String(node.value);
  for (const statement of parseAst(code).body) {
    if (statement.type === 'ImportDeclaration') {
      const source = String(statement.source.value);
      if (statement.specifiers.length === 0) take(source, '*');
      for (const specifier of statement.specifiers) {
        const name =
          specifier.type === 'ImportSpecifier'
            ? nameOf(specifier.imported)
            : specifier.type === 'ImportDefaultSpecifier'
              ? 'default'
              : '*';
        imported.set(specifier.local.name, { source, name });
        take(source, name);
      }
    } else if (statement.type === 'ExportAllDeclaration') {
      const source = String(statement.source.value);
      if (statement.exported) {
        links.exports.set(nameOf(statement.exported), { source, name: '*' });
      } else {
        links.stars.push(source);
      }
    } else if (statement.type === 'ExportNamedDeclaration' && !statement.declaration) {
      const source = statement.source ? String(statement.source.value) : null;
      for (const specifier of statement.specifiers) {
        const local = nameOf(specifier.local);
        const from = source ? { source, name: local } : (imported.get(local) ?? null);
        links.exports.set(nameOf(specifier.exported), from);
        if (!source) links.localNames.set(nameOf(specifier.exported), local);
      }
    } else {
      links.hasCode = true;
      const declaration =
        statement.type === 'ExportNamedDeclaration' && statement.declaration
          ? statement.declaration
          : statement;
      const names = links.declarations ? declared(declaration) : [];
      if (names.length === 0) links.declarations = undefined;
      for (const [name, reads] of names) links.declarations?.set(name, reads);
    }
  }
  if (links.declarations) {
    for (const [local, from] of imported) links.exports.set(`\0${local}`, from);
  }
  return links;
}

/**
 * The modules that `roots` need, followed by the names they import: a module that only passes
 * names on (a package's index, the shared package's) leads to the modules of those names, not to
 * everything it lists, as the bundle's tree shaking does. Errs on the side of more.
 */
async function usedModules(context: TPluginContext, roots: Iterable<string>): Promise<Set<string>> {
  const links = new Map<string, TModuleLinks | null>();
  const linksFor = (id: string) => {
    if (!links.has(id)) {
      const code = /\.(css|json)($|\?)/.test(id) ? null : context.getModuleInfo(id)?.code;
      links.set(id, code ? linksOf(code, SHARED_SOURCE.test(id)) : null);
    }
    return links.get(id) ?? null;
  };
  const resolved = new Map<string, string | null>();
  const resolve = async (source: string, importer: string) => {
    const key = `${importer}\0${source}`;
    if (!resolved.has(key)) resolved.set(key, (await context.resolve(source, importer))?.id ?? null);
    return resolved.get(key) ?? null;
  };
  const used = new Set<string>();
  const wanted = new Map<string, Set<string>>();
  const visit = async (id: string, names: Iterable<string>): Promise<void> => {
    const seen = wanted.get(id) ?? new Set<string>();
    wanted.set(id, seen);
    const fresh = [...names].filter((name) => !seen.has(name) && !seen.has('*'));
    if (fresh.length === 0 && used.has(id)) return;
    for (const name of fresh) seen.add(name);
    used.add(id);
    const module = linksFor(id);
    if (!module) return;
    const visitFrom = async (source: string, sourceNames: Iterable<string>) => {
      const target = await resolve(source, id);
      if (target) await visit(target, sourceNames);
    };
    const all = seen.has('*');
    if (module.declarations && !all) {
      // Free of side effects: only what the wanted names' declarations read.
      const locals = new Set<string>();
      const read = (name: string) => {
        if (locals.has(name)) return;
        locals.add(name);
        for (const other of module.declarations?.get(name) ?? []) read(other);
      };
      for (const name of fresh) read(module.localNames.get(name) ?? name);
      for (const local of locals) {
        const from = module.exports.get(`\0${local}`);
        if (from) await visitFrom(from.source, [from.name]);
      }
    } else if (module.hasCode || all) {
      // Its own code runs, and uses what it imports; what it requires (CommonJS), all of it.
      const named = new Set<string>();
      for (const [source, sourceNames] of module.imports) {
        const target = await resolve(source, id);
        if (target) named.add(target);
        if (target) await visit(target, sourceNames);
      }
      for (const target of context.getModuleInfo(id)?.importedIds ?? []) {
        if (!named.has(target)) await visit(target, ['*']);
      }
    }
    if (all) {
      // Every name it passes on.
      for (const from of module.exports.values()) if (from) await visitFrom(from.source, [from.name]);
      for (const source of module.stars) await visitFrom(source, ['*']);
      return;
    }
    for (const name of fresh) {
      const from = module.exports.get(name);
      if (from) {
        await visitFrom(from.source, [from.name]);
      } else if (!module.exports.has(name)) {
        // From one of its `export *`: the source that exports the name.
        for (const source of module.stars) {
          const target = await resolve(source, id);
          if (target && context.getModuleInfo(target)?.exports.includes(name)) await visit(target, [name]);
        }
      }
    }
  };
  for (const root of roots) await visit(root, ['*']);
  return used;
}

/**
 * Fewer, larger chunks where the visitors who load one load nearly all of it anyway. Left to
 * itself the bundler cuts one chunk per set of lazy imports that share a module: the start
 * (src/app/boot.ts) came in 30 pieces and the admin area's first view in 70 more, most under
 * 1 KiB, each a request with its own headers and compressed alone. Three groups, computed from
 * the module graph:
 * - `boot`: what boot.ts uses beyond the entry; every page loads all of it at the start.
 * - `admin`: what the admin frame and the dashboard use beyond the start and that no other lazy
 *   import reaches, so no page outside the admin area loads it. The admin area's other pages use
 *   it too, and it is always loaded before them (the frame wraps them).
 * - `admin-shared`: the rest of the first view, shared with public pages other than the landing
 *   page (sign-in, sign-up, contact: Alert, Badge, icons…); they load it whole. Whatever the
 *   landing page or another lazy part of every page (notifications, modals, texts) uses stays
 *   out, so the landing page loads none of it; what only code loaded on demand shares with it
 *   (ON_INTERACTION: the language menu, notices, modals) may be in it, loaded with them.
 */
function startChunks() {
  const boot = new Set<string>();
  const admin = new Set<string>();
  const adminShared = new Set<string>();
  const plugin: Plugin = {
    name: 'message-station:start-chunks',
    apply: 'build',
    async buildEnd() {
      const ids = [...this.getModuleIds()];
      const lazyImportsOf = (id: string) => this.getModuleInfo(id)?.dynamicallyImportedIds ?? [];
      const entries = await usedModules(
        this,
        ids.filter((id) => this.getModuleInfo(id)?.isEntry),
      );
      const adminPages = new Set([...ADMIN_FIRST_VIEW, ...lazyImportsOf(ADMIN_ROUTES_MODULE)]);
      const pages = new Set([...adminPages, ...lazyImportsOf(ROUTES_MODULE)]);
      const lazyImports = new Set(ids.flatMap(lazyImportsOf));
      const outsideAdmin = [...lazyImports].filter((id) => !adminPages.has(id));
      const notPages = [...lazyImports].filter((id) => !pages.has(id) && !onInteraction(id));
      const reachedOutsideAdmin = await usedModules(this, outsideAdmin);
      const reachedByLanding = await usedModules(this, [LANDING_PAGE, ...notPages]);
      // A module some other code imports lazily keeps a chunk of its own (as the bundler wants).
      const lazyElsewhere = (id: string, roots: readonly string[]) =>
        lazyImports.has(id) && !roots.includes(id);
      boot.clear();
      for (const id of await usedModules(this, [BOOT_MODULE])) {
        if (!entries.has(id) && !lazyElsewhere(id, [BOOT_MODULE])) boot.add(id);
      }
      admin.clear();
      adminShared.clear();
      for (const id of await usedModules(this, ADMIN_FIRST_VIEW)) {
        if (entries.has(id) || boot.has(id) || reachedByLanding.has(id)) continue;
        if (lazyElsewhere(id, reachedOutsideAdmin.has(id) ? [] : ADMIN_FIRST_VIEW)) continue;
        (reachedOutsideAdmin.has(id) ? adminShared : admin).add(id);
      }
    },
  };
  const group = (name: string, modules: Set<string>) => ({
    name,
    test: (id: string) => modules.has(id),
    includeDependenciesRecursively: false,
  });
  const groups = [group('boot', boot), group('admin', admin), group('admin-shared', adminShared)];
  return { plugin, groups };
}

const chunks = startChunks();
const preloads = leanPreloads();

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), preloads.plugin, pureSharedDeclarations(), chunks.plugin],
  resolve: {
    alias: {
      '@message-station/shared': fileURLToPath(
        new URL('../../packages/shared/src/index.ts', import.meta.url),
      ),
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    modulePreload: { resolveDependencies: preloads.resolveDependencies },
    rolldownOptions: {
      // The shared package is pure (schemas and constants): whatever the SPA does not use,
      // e.g. zod schemas that only the server validates with, is left out of the bundle.
      treeshake: {
        moduleSideEffects: [{ test: /packages[\\/]shared[\\/]src[\\/]/, sideEffects: false }],
      },
      output: { codeSplitting: { groups: chunks.groups } },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: Object.fromEntries(proxiedPaths.map((path) => [path, { target: apiTarget, changeOrigin: false }])),
  },
  preview: {
    port: 4173,
  },
});
