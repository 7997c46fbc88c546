// The build's module-graph analysis (chunks.ts) on small module graphs of its own: what a root
// uses through barrels, how the shared package's declarations split, which start group a module
// of the first views goes to.
import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import {
  cycles,
  groupStartModules,
  linksOf,
  readsIn,
  type TModuleGraph,
  type TSharedPart,
  type TStartModules,
  usedModules,
} from './chunks';

type TFakeModule = { code: string; entry?: boolean; lazy?: string[] };

/** A module graph whose import sources are the module ids themselves ('/a.ts'). */
function fakeGraph(modules: Record<string, TFakeModule>): TModuleGraph {
  const sources = (code: string) =>
    [...code.matchAll(/(?:from|import) '([^']+)'/g)].map((match) => match[1] ?? '');
  return {
    getModuleIds: () => Object.keys(modules),
    getModuleInfo: (id) => {
      const module = modules[id];
      if (!module) return null;
      return {
        code: module.code,
        isEntry: module.entry ?? false,
        importedIds: sources(module.code).filter((source) => source in modules),
        dynamicallyImportedIds: module.lazy ?? [],
        // As the bundler lists them: a module's own names, and one '*' for each `export *`.
        exports: [...module.code.matchAll(/export (?:(?:const|function) (\w+)|\* from)/g)].map(
          (match) => match[1] ?? '*',
        ),
      };
    },
    resolve: async (source) => (source in modules ? { id: source } : null),
  };
}

describe('readsIn', () => {
  const reads = (code: string) => [...readsIn(parseAst(code).body)].sort();

  it('counts the identifiers read, not the names of properties', () => {
    expect(reads('const a = b.c + d[e];')).toEqual(['a', 'b', 'd', 'e']);
    expect(reads('const a = { key: value, short };')).toEqual(['a', 'short', 'value']);
  });
});

describe('cycles', () => {
  const part = (names: string[], reads: string[]): TSharedPart => ({
    text: '',
    names,
    reads: new Set(reads),
  });

  it('keeps declarations that read each other together, each group in source order', () => {
    const parts = [part(['a'], ['b']), part(['b'], ['a']), part(['c'], ['a']), part(['d'], [])];
    const owner = new Map(
      parts.flatMap((p, index) => p.names.map((name): [string, number] => [name, index])),
    );
    expect(cycles(parts, owner).sort((x, y) => (x[0] ?? 0) - (y[0] ?? 0))).toEqual([[0, 1], [2], [3]]);
  });
});

describe('linksOf', () => {
  it('reads a barrel as the names it passes on, with no code of its own', () => {
    const links = linksOf(
      "import { x as y } from '/x.ts';\nexport { y as z };\nexport { w } from '/w.ts';\nexport * from '/all.ts';",
      false,
    );
    expect(links.hasCode).toBe(false);
    expect(links.exports.get('z')).toEqual({ source: '/x.ts', name: 'x' });
    expect(links.exports.get('w')).toEqual({ source: '/w.ts', name: 'w' });
    expect(links.stars).toEqual(['/all.ts']);
  });

  it("keeps a pure module's declarations with what each reads", () => {
    const links = linksOf("import { z } from '/zod.ts';\nexport const A = 1;\nexport const B = z(A);", true);
    expect(links.hasCode).toBe(true);
    expect(links.declarations?.get('A')).toEqual(new Set());
    expect(links.declarations?.get('B')).toEqual(new Set(['z', 'A']));
    expect(links.exports.get('\0z')).toEqual({ source: '/zod.ts', name: 'z' });
  });
});

describe('usedModules', () => {
  it('follows the names taken through a barrel, not everything the barrel lists', async () => {
    const graph = fakeGraph({
      '/main.ts': { code: "import { a } from '/index.ts';\nconsole.log(a);", entry: true },
      '/index.ts': {
        code: "export { a } from '/a.ts';\nexport { b } from '/b.ts';\nexport * from '/star.ts';",
      },
      '/a.ts': { code: "import '/side.ts';\nexport const a = 1;" },
      '/b.ts': { code: 'export const b = 2;' },
      '/side.ts': { code: 'globalThis.x = 1;' },
      '/star.ts': { code: 'export const s = 3;' },
    });
    expect([...(await usedModules(graph, ['/main.ts']))].sort()).toEqual([
      '/a.ts',
      '/index.ts',
      '/main.ts',
      '/side.ts',
    ]);
  });

  it('takes a name passed on by `export *` from the module that declares it', async () => {
    const graph = fakeGraph({
      '/main.ts': { code: "import { s } from '/index.ts';\nconsole.log(s);", entry: true },
      '/index.ts': { code: "export * from '/other.ts';\nexport * from '/star.ts';" },
      '/other.ts': { code: 'export const o = 1;' },
      '/star.ts': { code: 'export const s = 3;' },
    });
    expect([...(await usedModules(graph, ['/main.ts']))].sort()).toEqual([
      '/index.ts',
      '/main.ts',
      '/star.ts',
    ]);
  });

  it('takes a name passed on through nested `export *` (the endpoint table under the shared index)', async () => {
    const shared = '/packages/shared/src';
    const graph = fakeGraph({
      '/main.ts': { code: `import { authSession } from '${shared}/index.ts';\nconsole.log(authSession);` },
      [`${shared}/index.ts`]: {
        code: `export * from '${shared}/fields.ts';\nexport * from '${shared}/api/index.ts';`,
      },
      [`${shared}/fields.ts`]: { code: 'export const f = 1;' },
      [`${shared}/api/index.ts`]: {
        code: [
          `import { authEndpoints } from '${shared}/api/auth.ts';`,
          `import { usersEndpoints } from '${shared}/api/users.ts';`,
          `export * from '${shared}/api/auth.ts';`,
          `export * from '${shared}/api/users.ts';`,
          'export const endpoints = { auth: authEndpoints, users: usersEndpoints };',
        ].join('\n'),
      },
      [`${shared}/api/auth.ts`]: {
        code: 'export const authSession = 1;\nexport const authEndpoints = { authSession };',
      },
      [`${shared}/api/users.ts`]: {
        code: 'export const usersList = 1;\nexport const usersEndpoints = { usersList };',
      },
    });
    expect([...(await usedModules(graph, ['/main.ts']))].sort()).toEqual([
      '/main.ts',
      `${shared}/api/auth.ts`,
      `${shared}/api/index.ts`,
      `${shared}/index.ts`,
    ]);
  });

  it("takes only what a shared module's wanted declarations read", async () => {
    const graph = fakeGraph({
      '/main.ts': { code: "import { LIMIT } from '/packages/shared/src/limits.ts';\nconsole.log(LIMIT);" },
      '/packages/shared/src/limits.ts': {
        code: "import { z } from '/zod.ts';\nexport const LIMIT = 5;\nexport const ZText = z(LIMIT);",
      },
      '/zod.ts': { code: 'export function z(n) { return n; }' },
    });
    expect(await usedModules(graph, ['/main.ts'])).not.toContain('/zod.ts');
  });
});

describe('groupStartModules', () => {
  const modules: TStartModules = {
    boot: '/boot.ts',
    landing: '/landing.tsx',
    routes: '/routes.tsx',
    adminRoutes: '/admin/routes.tsx',
    adminFirstView: ['/admin/index.ts', '/dashboard.tsx'],
    subscriberFirstView: ['/join.tsx'],
    firstRunCard: '/first-run.tsx',
    subscriberPage: /^\/join/,
    onInteraction: (id) => id === '/first-run.tsx' || id === '/menu.tsx',
  };
  const use = (...ids: string[]) => ids.map((id, n) => `import { x as x${n} } from '${id}';`).join('\n');
  const leaf = { code: 'export const x = 1;' };
  const graph = fakeGraph({
    '/main.ts': { code: `${use('/react.ts')}\nexport const start = 1;`, entry: true, lazy: ['/boot.ts'] },
    '/boot.ts': { code: `${use('/boot-only.ts', '/react.ts')}\nexport const x = 1;`, lazy: ['/routes.tsx'] },
    '/routes.tsx': {
      code: 'export const x = 1;',
      lazy: ['/landing.tsx', '/signin.tsx', '/join.tsx', '/admin/index.ts', '/menu.tsx'],
    },
    '/admin/index.ts': {
      code: `${use('/admin-only.ts', '/public-too.ts')}\nexport const x = 1;`,
      lazy: ['/dashboard.tsx'],
    },
    '/admin/routes.tsx': { code: 'export const x = 1;', lazy: ['/settings.tsx'] },
    '/dashboard.tsx': {
      code: `${use('/card.ts', '/both-views.ts')}\nexport const x = 1;`,
      lazy: ['/first-run.tsx'],
    },
    '/landing.tsx': { code: `${use('/card.ts')}\nexport const x = 1;` },
    '/signin.tsx': { code: `${use('/public-too.ts', '/form.ts')}\nexport const x = 1;` },
    '/join.tsx': { code: `${use('/both-views.ts', '/join-only.ts', '/form.ts')}\nexport const x = 1;` },
    '/settings.tsx': leaf,
    '/menu.tsx': leaf,
    '/first-run.tsx': { code: `${use('/checklist.ts')}\nexport const x = 1;` },
    '/boot-only.ts': leaf,
    '/react.ts': leaf,
    '/admin-only.ts': leaf,
    '/public-too.ts': leaf,
    '/card.ts': leaf,
    '/both-views.ts': leaf,
    '/join-only.ts': leaf,
    '/form.ts': leaf,
    '/checklist.ts': leaf,
  });

  it('puts each module of the first views in the group of the visits that load it', async () => {
    const groups = await groupStartModules(graph, modules);
    const named = Object.fromEntries(Object.entries(groups).map(([name, set]) => [name, [...set].sort()]));
    expect(named).toEqual({
      // The entry with what it uses, also what boot.ts uses of it.
      index: ['/main.ts', '/react.ts'],
      // boot.ts with what it imports (not lazily), what the landing page shares with a first view.
      boot: ['/boot-only.ts', '/boot.ts', '/card.ts'],
      // The admin area's first view, and what only it reaches.
      admin: ['/admin-only.ts', '/admin/index.ts', '/dashboard.tsx'],
      // The admin area's first view and a public page (sign-in).
      'admin-shared': ['/public-too.ts'],
      // Both first views.
      'first-views': ['/both-views.ts'],
      subscriber: ['/join-only.ts', '/join.tsx'],
      // The join page and another page (sign-in).
      'subscriber-shared': ['/form.ts'],
      'first-run': ['/checklist.ts', '/first-run.tsx'],
    });
  });

  it("puts in `boot` what boot.ts reaches through nested `export *`, not only the first barrel's names", async () => {
    // boot.ts passes on the session query, which calls an endpoint entry that the shared index
    // passes on from the endpoint table's index. Left out of `boot`, the entry went to boot.ts's
    // own chunk, which the bundler then made export a namespace it does not define.
    const startGraph = fakeGraph({
      '/main.ts': { code: 'export const start = 1;', entry: true, lazy: ['/boot.ts'] },
      '/boot.ts': { code: "export { sessionQuery } from '/session.ts';" },
      '/session.ts': {
        code: "import { authSession } from '/shared/index.ts';\nexport const sessionQuery = authSession;",
      },
      '/shared/index.ts': {
        code: "export * from '/shared/fields.ts';\nexport * from '/shared/api/index.ts';",
      },
      '/shared/fields.ts': leaf,
      '/shared/api/index.ts': {
        code: "export * from '/shared/api/auth.ts';\nexport * from '/shared/api/users.ts';",
      },
      '/shared/api/auth.ts': { code: 'export const authSession = 1;' },
      '/shared/api/users.ts': { code: 'export const usersList = 1;' },
    });
    const groups = await groupStartModules(startGraph, modules);
    expect([...groups.boot].sort()).toEqual([
      '/boot.ts',
      '/session.ts',
      '/shared/api/auth.ts',
      '/shared/api/index.ts',
      '/shared/index.ts',
    ]);
  });
});
