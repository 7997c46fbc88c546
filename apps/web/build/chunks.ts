// The web build's module-graph analysis, used by vite.config.ts: which chunks the start and the
// first views are cut into (startChunks), which preloads a lazy import gets (leanPreloads), and how
// the shared package's modules are split so a chunk keeps only the declarations it uses
// (pureSharedDeclarations, splitSharedDeclarations). Decisions 0014 and 0062 say why; tests in
// chunks.test.ts run each on small module graphs of their own.
import { type Plugin, parseAst } from 'vite';

function isUnpreloaded(patterns: readonly (string | RegExp)[], moduleIds: readonly string[]): boolean {
  return patterns.some((pattern) =>
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
export function leanPreloads(modules: {
  /** The app's second step, in a chunk of its own without a facade module. */
  boot: string;
  /** Lazy imports that get no preloads at all (what the prerendered landing page starts). */
  unpreloaded: readonly (string | RegExp)[];
}) {
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
        if (chunk.facadeModuleId === modules.boot && !chunk.moduleIds.includes(modules.boot)) {
          // Modules boot.ts reaches that startChunks() left out of `boot` went to a chunk of their
          // own for its lazy import, which the bundler made export boot.ts's namespace without
          // defining it: every page stayed blank (SyntaxError at load).
          this.error(`${chunk.fileName}: src/app/boot.ts has a chunk of its own beside the \`boot\` group's`);
        }
        if (isUnpreloaded(modules.unpreloaded, chunk.moduleIds)) unpreloaded.add(chunk.fileName);
        // boot.ts is in the `boot` chunk of startChunks(), which has no facade module of its own.
        if (chunk.isEntry || chunk.moduleIds.includes(modules.boot)) visit(chunk.fileName);
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
export const SHARED_SOURCE = /packages[\\/]shared[\\/]src[\\/][^?]*\.ts$/;

/**
 * The shared package builds its zod schemas at the top level of modules that also export plain
 * constants (error codes, limits, header names). A page that reads one constant would keep every
 * schema of that module, since a call may have side effects, and with them zod and the phone
 * number metadata. Those top-level calls have none (the package is declared free of side effects
 * above): each is marked pure, so the schemas a chunk does not use are left out of it.
 */
export function pureSharedDeclarations(): Plugin {
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

/** A top-level declaration of a shared module, as one module of its own. */
export type TSharedPart = { text: string; names: string[]; reads: Set<string> };

/** The query that names one part of a shared module (splitSharedDeclarations). */
const PART_QUERY = '?shared-part=';

/**
 * The identifiers a syntax tree reads: not the names of properties (`a.b`, `{ b: 1 }`), which
 * would make declarations seem to need each other. Errs on the side of more (shadowing is not
 * followed).
 */
export function readsIn(node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) {
    for (const item of node) readsIn(item, found);
    return found;
  }
  if (!node || typeof node !== 'object') return found;
  const record = node as Record<string, unknown> & { type?: string; computed?: boolean };
  if (record.type === 'Identifier' && typeof record.name === 'string') {
    found.add(record.name);
    return found;
  }
  for (const [key, value] of Object.entries(record)) {
    if (key === 'type') continue;
    const propertyName =
      !record.computed &&
      ((record.type === 'MemberExpression' && key === 'property') ||
        ((record.type === 'Property' ||
          record.type === 'MethodDefinition' ||
          record.type === 'PropertyDefinition') &&
          key === 'key' &&
          !(record as { shorthand?: boolean }).shorthand));
    if (!propertyName) readsIn(value, found);
  }
  return found;
}

/** Groups of parts that read each other (Tarjan's strongly connected components), in source order. */
export function cycles(parts: TSharedPart[], owner: Map<string, number>): number[][] {
  const index = new Map<number, number>();
  const low = new Map<number, number>();
  const stack: number[] = [];
  const onStack = new Set<number>();
  const groups: number[][] = [];
  const edges = (part: number) =>
    [...(parts[part]?.reads ?? [])].flatMap((name) => {
      const other = owner.get(name);
      return other === undefined || other === part ? [] : [other];
    });
  const visit = (part: number) => {
    index.set(part, index.size);
    low.set(part, index.get(part) ?? 0);
    stack.push(part);
    onStack.add(part);
    for (const other of edges(part)) {
      if (!index.has(other)) {
        visit(other);
        low.set(part, Math.min(low.get(part) ?? 0, low.get(other) ?? 0));
      } else if (onStack.has(other)) {
        low.set(part, Math.min(low.get(part) ?? 0, index.get(other) ?? 0));
      }
    }
    if (low.get(part) === index.get(part)) {
      const group: number[] = [];
      let member: number | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        group.push(member);
      } while (member !== part);
      groups.push(group.sort((a, b) => a - b));
    }
  };
  for (let part = 0; part < parts.length; part++) if (!index.has(part)) visit(part);
  return groups;
}

/**
 * Each top-level declaration of a shared module becomes a module of its own; the module itself
 * only passes them on (decision 0062). The shared package keeps plain constants beside the zod
 * schemas that use them (TEXT_LIMITS beside textField, HEX_COLOR_PATTERN beside ZUsPhone, the
 * error catalogue's parts beside their domain's schemas). The bundler places whole modules: a
 * module the start needed for one constant was put in the start's chunk with every export some
 * other chunk used, so zod and the phone number metadata came back into the start and the admin
 * area's first view. Split, a declaration goes where it is used, with only the imports it reads.
 * Declarations that read each other stay together; a module with any other top-level statement
 * is left whole.
 */
export function splitSharedDeclarations(): Plugin {
  const parts = new Map<string, string>();
  return {
    name: 'message-station:split-shared-declarations',
    apply: 'build',
    transform: {
      order: 'post',
      filter: { id: SHARED_SOURCE },
      async handler(code, id) {
        type TNode = { type: string; start: number; end: number } & Record<string, unknown>;
        const body = parseAst(code).body as unknown as TNode[];
        const imports: { source: string; specifiers: { local: string; text: string }[] }[] = [];
        const declared: TSharedPart[] = [];
        /** Exported name → local name, for `export { local as name }` and `export const name`. */
        const exported = new Map<string, string>();
        /** Local name of an import → where it comes from, for passing it on. */
        const importedFrom = new Map<string, { source: string; name: string }>();
        const passedOn: string[] = [];
        const nameOf = (node: { type: string; name?: string; value?: unknown }) =>
          node.type === 'Identifier' ? (node.name ?? '') : String(node.value);
        const declare = (node: TNode, isExported: boolean) => {
          let names: string[];
          if (node.type === 'VariableDeclaration') {
            names = (node.declarations as { id: unknown }[]).flatMap(({ id: pattern }) => [
              ...identifiersIn(pattern),
            ]);
          } else if (node.type === 'FunctionDeclaration' || node.type === 'ClassDeclaration') {
            names = [(node.id as { name: string }).name];
          } else {
            return false;
          }
          declared.push({ text: code.slice(node.start, node.end), names, reads: readsIn(node) });
          if (isExported) for (const name of names) exported.set(name, name);
          return true;
        };
        for (const statement of body) {
          if (statement.type === 'ImportDeclaration') {
            const source = String((statement.source as { value: unknown }).value);
            const specifiers = (
              statement.specifiers as { type: string; local: { name: string }; imported?: TNode }[]
            ).map((specifier) => {
              const local = specifier.local.name;
              if (specifier.type === 'ImportDefaultSpecifier') {
                importedFrom.set(local, { source, name: 'default' });
                return { local, text: `default as ${local}` };
              }
              if (specifier.type === 'ImportNamespaceSpecifier') return { local, text: `* as ${local}` };
              const name = nameOf(specifier.imported as never);
              importedFrom.set(local, { source, name });
              return { local, text: `${JSON.stringify(name)} as ${local}` };
            });
            if (specifiers.length === 0) return null;
            imports.push({ source, specifiers });
          } else if (statement.type === 'ExportAllDeclaration') {
            passedOn.push(code.slice(statement.start, statement.end));
          } else if (statement.type === 'ExportNamedDeclaration') {
            if (statement.declaration) {
              if (!declare(statement.declaration as TNode, true)) return null;
            } else if (statement.source) {
              passedOn.push(code.slice(statement.start, statement.end));
            } else {
              for (const specifier of statement.specifiers as { local: TNode; exported: TNode }[]) {
                exported.set(nameOf(specifier.exported as never), nameOf(specifier.local as never));
              }
            }
          } else if (!declare(statement, false)) {
            return null;
          }
        }
        if (declared.length < 2) return null;
        const owner = new Map<string, number>();
        for (const [index, part] of declared.entries()) for (const name of part.names) owner.set(name, index);
        const groups = cycles(declared, owner).sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0));
        const groupOf = new Map<number, number>();
        for (const [group, members] of groups.entries())
          for (const member of members) groupOf.set(member, group);
        const resolved = new Map<string, string>();
        for (const { source } of imports) {
          resolved.set(source, (await this.resolve(source, id))?.id ?? source);
        }
        const partId = (group: number) => `${id}${PART_QUERY}${group}`;
        for (const [group, members] of groups.entries()) {
          const own = new Set(members.flatMap((member) => declared[member]?.names ?? []));
          const reads = new Set(members.flatMap((member) => [...(declared[member]?.reads ?? [])]));
          const lines: string[] = [];
          for (const { source, specifiers } of imports) {
            const used = specifiers.filter(
              (specifier) => reads.has(specifier.local) && !own.has(specifier.local),
            );
            if (used.length === 0) continue;
            const namespace = used.find((specifier) => specifier.text.startsWith('* as '));
            const target = JSON.stringify(resolved.get(source) ?? source);
            if (namespace) lines.push(`import ${namespace.text} from ${target};`);
            const named = used.filter((specifier) => specifier !== namespace);
            if (named.length) lines.push(`import { ${named.map((s) => s.text).join(', ')} } from ${target};`);
          }
          const fromParts = new Map<number, string[]>();
          for (const name of reads) {
            const other = owner.get(name);
            const otherGroup = other === undefined ? undefined : groupOf.get(other);
            if (otherGroup === undefined || otherGroup === group) continue;
            fromParts.set(otherGroup, [...(fromParts.get(otherGroup) ?? []), name]);
          }
          for (const [other, names] of fromParts) {
            lines.push(`import { ${names.join(', ')} } from ${JSON.stringify(partId(other))};`);
          }
          for (const member of members) lines.push(declared[member]?.text ?? '');
          lines.push(`export { ${[...own].join(', ')} };`);
          parts.set(partId(group), lines.join('\n'));
        }
        const facade = [...passedOn];
        for (const [name, local] of exported) {
          const part = owner.get(local);
          if (part !== undefined) {
            facade.push(
              `export { ${local} as ${name} } from ${JSON.stringify(partId(groupOf.get(part) ?? 0))};`,
            );
            continue;
          }
          const from = importedFrom.get(local);
          if (!from) return null;
          facade.push(
            `export { ${JSON.stringify(from.name)} as ${name} } from ${JSON.stringify(from.source)};`,
          );
        }
        return { code: facade.join('\n'), map: null };
      },
    },
    resolveId(source) {
      return parts.has(source) ? source : null;
    },
    load(id) {
      return parts.get(id) ?? null;
    },
  };
}

/** What the analysis reads of the bundler's module graph (a plugin's context at buildEnd). */
export type TModuleGraph = {
  getModuleIds(): Iterable<string>;
  getModuleInfo(id: string): {
    code: string | null;
    isEntry: boolean;
    importedIds: readonly string[];
    dynamicallyImportedIds: readonly string[];
    exports: readonly string[];
  } | null;
  resolve(source: string, importer: string): Promise<{ id: string } | null>;
};

/** What one module imports and passes on, by binding: enough to follow a name through barrels. */
export type TModuleLinks = {
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

export function linksOf(code: string, pure: boolean): TModuleLinks {
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
export async function usedModules(context: TModuleGraph, roots: Iterable<string>): Promise<Set<string>> {
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
  /**
   * Whether a module exports the name, itself or through an `export *` of its own, however deep:
   * the bundler's module info lists a star's names as one '*' (the endpoint table's index passes
   * on each area's entries so, under the shared package's index).
   */
  const exportsName = async (id: string, name: string, seen = new Set<string>()): Promise<boolean> => {
    if (seen.has(id)) return false;
    seen.add(id);
    if (context.getModuleInfo(id)?.exports.includes(name)) return true;
    for (const source of linksFor(id)?.stars ?? []) {
      const target = await resolve(source, id);
      if (target && (await exportsName(target, name, seen))) return true;
    }
    return false;
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
          if (target && (await exportsName(target, name))) await visit(target, [name]);
        }
      }
    }
  };
  for (const root of roots) await visit(root, ['*']);
  return used;
}

/** The modules that name the start's groups (startChunks), as the bundler's module ids. */
export type TStartModules = {
  /** The app's second step (src/app/boot.ts). */
  boot: string;
  /** The prerendered landing page. */
  landing: string;
  /** Where the pages outside the admin area are named: each of its lazy imports is a page. */
  routes: string;
  /** Where the admin area's pages are named: each of its lazy imports is an admin page. */
  adminRoutes: string;
  /** What a signed-in visit of /admin shows first. */
  adminFirstView: readonly string[];
  /** What a subscriber page's first visit loads beyond the start. */
  subscriberFirstView: readonly string[];
  /** The dashboard's first-run checklist. */
  firstRunCard: string;
  /** The subscriber pages' own modules. */
  subscriberPage: RegExp;
  /** Lazy imports loaded only when something calls for them. */
  onInteraction: (id: string) => boolean;
};

/** The start's groups, by chunk name, each with its modules. */
export type TStartGroups = Record<
  | 'index'
  | 'boot'
  | 'admin'
  | 'admin-shared'
  | 'first-views'
  | 'subscriber'
  | 'subscriber-shared'
  | 'first-run',
  Set<string>
>;

/**
 * Fewer, larger chunks where the visitors who load one load nearly all of it anyway. Left to
 * itself the bundler cuts one chunk per set of lazy imports that share a module: the start
 * (src/app/boot.ts) came in 30 pieces and the admin area's first view in 70 more, most under
 * 1 KiB, each a request with its own headers and compressed alone. Groups computed from the
 * module graph:
 * - `index`: what the entry (src/main.tsx) uses, the entry with it. Left ungrouped, beside the
 *   groups below, the bundler took the modules the entry shares with them out of the entry's
 *   chunk into chunks of their own: with react-router 8, which is a file per module, the start
 *   came in six files (React, the router's hooks and components, the translation library and
 *   its React hook), each compressed alone and each a request (decision 0074).
 * - `boot`: what boot.ts uses beyond the entry; every page loads all of it at the start.
 * - `admin`: what the admin frame and the dashboard use beyond the start and that no other lazy
 *   import reaches, so no page outside the admin area loads it. The admin area's other pages use
 *   it too, and it is always loaded before them (the frame wraps them).
 * - `admin-shared`: the rest of the first view, shared with public pages other than the landing
 *   page (sign-in, sign-up, contact: Alert, Badge, icons…); they load it whole. Whatever the
 *   landing page or another lazy part of every page (notifications, modals, texts) uses stays
 *   out, so the landing page loads none of it; what only code loaded on demand shares with it
 *   (`onInteraction`: the language menu, notices, modals) may be in it, loaded with them.
 * - `first-views`: what the admin area's first view shares with the subscriber pages' first view
 *   (`subscriberFirstView`), and `subscriber`: what only the subscriber pages use of the rest of
 *   the latter, so that the join page does not load the admin frame's parts of `admin-shared`;
 *   `subscriber-shared`: the rest of it, shared with other pages (form fields, the form hook…),
 *   as `admin-shared` is for the admin area (decision 0062).
 * - `first-run`: the dashboard's first-run checklist with what it uses beyond the groups above
 *   and the landing and subscriber pages' first views, in one file instead of six (decision 0062).
 * - Small parts the landing page shares with one of the other two first views (Card, Paper, the
 *   translation hook…) go in `boot`: the landing page loads them anyway, and the other two would
 *   each load them as files of under 1 KiB, each with 0.6 KiB of headers (decision 0062).
 */
export async function groupStartModules(graph: TModuleGraph, modules: TStartModules): Promise<TStartGroups> {
  const boot = new Set<string>();
  const admin = new Set<string>();
  const adminShared = new Set<string>();
  const firstViews = new Set<string>();
  const subscriber = new Set<string>();
  const subscriberShared = new Set<string>();
  const firstRun = new Set<string>();
  const ids = [...graph.getModuleIds()];
  const lazyImportsOf = (id: string) => graph.getModuleInfo(id)?.dynamicallyImportedIds ?? [];
  const entries = await usedModules(
    graph,
    ids.filter((id) => graph.getModuleInfo(id)?.isEntry),
  );
  const adminPages = new Set([...modules.adminFirstView, ...lazyImportsOf(modules.adminRoutes)]);
  const pages = new Set([...adminPages, ...lazyImportsOf(modules.routes)]);
  const lazyImports = new Set(ids.flatMap(lazyImportsOf));
  const outsideAdmin = [...lazyImports].filter((id) => !adminPages.has(id));
  const notPages = [...lazyImports].filter(
    (id) => !pages.has(id) && !modules.onInteraction(id) && !modules.subscriberFirstView.includes(id),
  );
  const reachedOutsideAdmin = await usedModules(graph, outsideAdmin);
  const reachedByLanding = await usedModules(graph, [modules.landing, ...notPages]);
  // A module some other code imports lazily keeps a chunk of its own (as the bundler wants).
  const lazyElsewhere = (id: string, roots: readonly string[]) => lazyImports.has(id) && !roots.includes(id);
  const adminView = await usedModules(graph, modules.adminFirstView);
  const subscriberView = await usedModules(graph, modules.subscriberFirstView);
  // What lazy imports other than the subscriber pages' use: a module of theirs in the
  // `subscriber` chunk would make them load all of it.
  const reachedOutsideSubscriber = await usedModules(
    graph,
    [...lazyImports].filter((id) => !modules.subscriberPage.test(id)),
  );
  // What code loaded on demand uses, but for the subscriber pages' own (the join page's code form):
  // those load after the page's first view, whose chunks are there by then.
  const reachedOnDemand = await usedModules(
    graph,
    [...lazyImports].filter((id) => modules.onInteraction(id) && !modules.subscriberPage.test(id)),
  );
  for (const id of await usedModules(graph, [modules.boot])) {
    if (!entries.has(id) && !lazyElsewhere(id, [modules.boot])) boot.add(id);
  }
  for (const id of await usedModules(graph, [modules.landing])) {
    if (entries.has(id) || boot.has(id) || lazyElsewhere(id, [])) continue;
    if (adminView.has(id) || subscriberView.has(id)) boot.add(id);
  }
  for (const id of adminView) {
    if (entries.has(id) || boot.has(id) || reachedByLanding.has(id)) continue;
    if (lazyElsewhere(id, reachedOutsideAdmin.has(id) ? [] : modules.adminFirstView)) continue;
    if (!reachedOutsideAdmin.has(id)) admin.add(id);
    else (subscriberView.has(id) ? firstViews : adminShared).add(id);
  }
  for (const id of subscriberView) {
    if (entries.has(id) || boot.has(id) || reachedByLanding.has(id)) continue;
    if (admin.has(id) || adminShared.has(id) || firstViews.has(id)) continue;
    const shared = reachedOutsideSubscriber.has(id);
    // What code loaded on demand uses (the admin dashboard's checklist, the language menu…)
    // stays out: it would load the whole chunk.
    if (shared && reachedOnDemand.has(id)) continue;
    if (lazyElsewhere(id, shared ? [] : modules.subscriberFirstView)) continue;
    (shared ? subscriberShared : subscriber).add(id);
  }
  const grouped = [boot, admin, adminShared, firstViews, subscriber, subscriberShared];
  for (const id of await usedModules(graph, [modules.firstRunCard])) {
    if (entries.has(id) || reachedByLanding.has(id)) continue;
    if (grouped.some((set) => set.has(id)) || lazyElsewhere(id, [modules.firstRunCard])) continue;
    // Shared with the subscriber pages' first view (Mantine's helpers): both load `first-views`.
    (subscriberView.has(id) ? firstViews : firstRun).add(id);
  }
  return {
    index: entries,
    boot,
    admin,
    'admin-shared': adminShared,
    'first-views': firstViews,
    subscriber,
    'subscriber-shared': subscriberShared,
    'first-run': firstRun,
  };
}

/** The bundler's plugin that computes the start's groups (groupStartModules) and the groups to name them. */
export function startChunks(modules: TStartModules) {
  const sets: TStartGroups = {
    index: new Set(),
    boot: new Set(),
    admin: new Set(),
    'admin-shared': new Set(),
    'first-views': new Set(),
    subscriber: new Set(),
    'subscriber-shared': new Set(),
    'first-run': new Set(),
  };
  const plugin: Plugin = {
    name: 'message-station:start-chunks',
    apply: 'build',
    async buildEnd() {
      const computed = await groupStartModules(this, modules);
      for (const [name, set] of Object.entries(sets)) {
        set.clear();
        for (const id of computed[name as keyof TStartGroups]) set.add(id);
      }
    },
  };
  const groups = Object.entries(sets).map(([name, set]) => ({
    name,
    test: (id: string) => set.has(id),
    includeDependenciesRecursively: false,
  }));
  return { plugin, groups };
}
