// The endpoint table's entries without their request schemas in the web build (decision 0067).
// An entry (packages/shared/src/api) names the zod schemas the server checks a request with; the
// web's client reads only an entry's method and path. Left in, an entry would bring its schemas and
// zod into every chunk that calls it, the start's included (decision 0062).
import { type Plugin, parseAst } from 'vite';

/** The table's modules, not the `endpoint` builder's own. */
export const ENDPOINT_TABLE_SOURCE = /packages[\\/]shared[\\/]src[\\/]api[\\/](?!endpoint\.ts)[^?]*\.ts$/;

type TNode = { type: string; start: number; end: number } & Record<string, unknown>;

/** Every `endpoint(method, path, schemas)` call of the code, each without its schemas. */
export function withoutEntrySchemas(code: string): string | null {
  const cuts: { start: number; end: number }[] = [];
  const visit = (node: unknown) => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    if (!node || typeof node !== 'object') return;
    const record = node as TNode;
    if (record.type === 'CallExpression') {
      const callee = record.callee as TNode & { name?: string };
      const args = record.arguments as TNode[];
      const [, path, schemas] = args;
      if (callee.type === 'Identifier' && callee.name === 'endpoint' && path && schemas) {
        cuts.push({ start: path.end, end: schemas.end });
      }
    }
    for (const value of Object.values(record)) if (value && typeof value === 'object') visit(value);
  };
  visit(parseAst(code).body);
  if (cuts.length === 0) return null;
  let cut = code;
  for (const { start, end } of cuts.sort((a, b) => b.start - a.start))
    cut = cut.slice(0, start) + cut.slice(end);
  return cut;
}

/** Drops the entries' schemas; runs before the shared modules are split (list it before them). */
export function endpointEntriesWithoutSchemas(): Plugin {
  return {
    name: 'message-station:endpoint-entries-without-schemas',
    apply: 'build',
    transform: {
      order: 'post',
      filter: { id: ENDPOINT_TABLE_SOURCE },
      handler(code) {
        const cut = withoutEntrySchemas(code);
        return cut === null ? null : { code: cut, map: null };
      },
    },
  };
}
