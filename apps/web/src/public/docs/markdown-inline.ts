// Inline markdown (code spans, links, bold, italic) parsed into plain nodes. There is no raw HTML:
// everything that is not markup stays text, so a document can never inject elements or scripts.

export type TInline =
  | { kind: 'text'; text: string }
  | { kind: 'code'; text: string }
  | { kind: 'strong'; children: TInline[] }
  | { kind: 'em'; children: TInline[] }
  | { kind: 'link'; href: string; children: TInline[] };

/** Site paths, in-page anchors, web and mail addresses; anything else (javascript:, data:…) is refused. */
export function isSafeHref(href: string): boolean {
  if (href.startsWith('//')) return false;
  if (href.startsWith('/') || href.startsWith('#')) return true;
  return /^(https?:|mailto:)/i.test(href);
}

const isWordChar = (char: string | undefined) => char !== undefined && /[\p{L}\p{N}]/u.test(char);

type TMatch = { node: TInline; end: number };

function codeSpan(text: string, start: number): TMatch | null {
  const close = text.indexOf('`', start + 1);
  if (close <= start + 1) return null;
  return { node: { kind: 'code', text: text.slice(start + 1, close) }, end: close + 1 };
}

/** **bold**, __bold__, *italic*, _italic_; underscores only at word edges, so snake_case stays text. */
function emphasis(text: string, start: number): TMatch | null {
  const marker = text[start] as '*' | '_';
  const double = text[start + 1] === marker;
  const delimiter = double ? marker + marker : marker;
  const from = start + delimiter.length;
  if (marker === '_' && isWordChar(text[start - 1])) return null;
  if (text[from] === undefined || text[from] === ' ') return null;

  let close = text.indexOf(delimiter, from);
  // A single marker must not be the first half of a double one.
  while (!double && close !== -1 && text[close + 1] === marker) close = text.indexOf(delimiter, close + 2);
  if (close <= from || text[close - 1] === ' ') return null;
  if (marker === '_' && isWordChar(text[close + delimiter.length])) return null;

  const children = parseInline(text.slice(from, close));
  return {
    node: double ? { kind: 'strong', children } : { kind: 'em', children },
    end: close + delimiter.length,
  };
}

/** [text](href): the closing bracket is found by depth, so link text may hold brackets or code. */
function link(text: string, start: number): TMatch | null {
  let depth = 0;
  let labelEnd = -1;
  for (let i = start; i < text.length; i += 1) {
    if (text[i] === '\\') i += 1;
    else if (text[i] === '[') depth += 1;
    else if (text[i] === ']') {
      depth -= 1;
      if (depth === 0) {
        labelEnd = i;
        break;
      }
    }
  }
  if (labelEnd === -1 || text[labelEnd + 1] !== '(') return null;
  const hrefEnd = text.indexOf(')', labelEnd + 2);
  if (hrefEnd === -1) return null;
  const href = text.slice(labelEnd + 2, hrefEnd).trim();
  const children = parseInline(text.slice(start + 1, labelEnd));
  // An unsafe target keeps its words but loses the link.
  const node: TInline = isSafeHref(href) ? { kind: 'link', href, children } : { kind: 'em', children };
  return { node, end: hrefEnd + 1 };
}

function markupAt(text: string, index: number): TMatch | null {
  switch (text[index]) {
    case '`':
      return codeSpan(text, index);
    case '*':
    case '_':
      return emphasis(text, index);
    case '[':
      return link(text, index);
    default:
      return null;
  }
}

export function parseInline(text: string): TInline[] {
  const nodes: TInline[] = [];
  let pending = '';
  const flush = () => {
    if (pending) nodes.push({ kind: 'text', text: pending });
    pending = '';
  };

  let index = 0;
  while (index < text.length) {
    const char = text[index] as string;
    if (char === '\\' && index + 1 < text.length && /[\\`*_[\]()#>|-]/.test(text[index + 1] as string)) {
      pending += text[index + 1];
      index += 2;
      continue;
    }
    const match = markupAt(text, index);
    if (!match) {
      pending += char;
      index += 1;
      continue;
    }
    flush();
    nodes.push(match.node);
    index = match.end;
  }
  flush();
  return nodes;
}

/** The words of inline nodes without their markup (heading ids, accessible names). */
export function inlineText(nodes: TInline[]): string {
  return nodes.map((node) => ('text' in node ? node.text : inlineText(node.children))).join('');
}
