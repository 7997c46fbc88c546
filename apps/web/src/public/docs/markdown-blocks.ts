// Block markdown (headings, paragraphs, lists, fenced code, quotes, rules, pipe tables) parsed into
// plain nodes for MarkdownView. A small subset on purpose: enough for our own documents, no HTML.
import { inlineText, parseInline, type TInline } from './markdown-inline';

export type TListItem = { content: TInline[]; children: TBlock[] };
export type TCellAlign = 'left' | 'center' | 'right' | null;

export type TBlock =
  | { kind: 'heading'; level: number; id: string; content: TInline[] }
  | { kind: 'paragraph'; content: TInline[] }
  | { kind: 'list'; ordered: boolean; start: number; items: TListItem[] }
  | { kind: 'code'; language: string; text: string }
  | { kind: 'quote'; children: TBlock[] }
  | { kind: 'rule' }
  | { kind: 'table'; align: TCellAlign[]; header: TInline[][]; rows: TInline[][][] };

const FENCE = /^\s*(```|~~~)\s*([\w-]*)\s*$/;
const HEADING = /^\s{0,3}(#{1,6})\s+(.*?)(?:\s+#+)?\s*$/;
const RULE = /^\s{0,3}([-*_])(?:\s*\1){2,}\s*$/;
const BULLET = /^(\s*)[-*+]\s+(.*)$/;
const ORDERED = /^(\s*)(\d{1,9})[.)]\s+(.*)$/;
const QUOTE = /^\s{0,3}>\s?(.*)$/;
const TABLE_SEPARATOR = /^\s*\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)*\|?\s*$/;

const isBlank = (line: string | undefined) => line === undefined || line.trim() === '';
const indentOf = (line: string) => line.length - line.trimStart().length;

function isTableStart(lines: string[], index: number): boolean {
  return (lines[index] ?? '').includes('|') && TABLE_SEPARATOR.test(lines[index + 1] ?? '');
}

function startsBlock(lines: string[], index: number): boolean {
  const line = lines[index] ?? '';
  return (
    [FENCE, HEADING, RULE, BULLET, ORDERED, QUOTE].some((pattern) => pattern.test(line)) ||
    isTableStart(lines, index)
  );
}

/** Turns heading text into a unique anchor id ('What is 10DLC?' → 'what-is-10dlc'). */
function createSlugger() {
  const seen = new Map<string, number>();
  return (text: string) => {
    const base =
      text
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s-]/gu, '')
        .trim()
        .replace(/\s+/g, '-') || 'section';
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    return count === 0 ? base : `${base}-${count}`;
  };
}

type TSlugger = ReturnType<typeof createSlugger>;
type TParsed = { block: TBlock; next: number };

function splitRow(line: string): string[] {
  let row = line.trim();
  if (row.startsWith('|')) row = row.slice(1);
  if (row.endsWith('|') && !row.endsWith('\\|')) row = row.slice(0, -1);
  return row.split(/(?<!\\)\|/).map((cell) => cell.trim());
}

function parseTable(lines: string[], start: number): TParsed {
  const align = splitRow(lines[start + 1] ?? '').map((cell): TCellAlign => {
    if (cell.startsWith(':') && cell.endsWith(':')) return 'center';
    if (cell.endsWith(':')) return 'right';
    return cell.startsWith(':') ? 'left' : null;
  });
  const header = splitRow(lines[start] ?? '').map(parseInline);
  const rows: TInline[][][] = [];
  let index = start + 2;
  while (!isBlank(lines[index]) && (lines[index] ?? '').includes('|')) {
    const cells = splitRow(lines[index] ?? '');
    rows.push(header.map((_, column) => parseInline(cells[column] ?? '')));
    index += 1;
  }
  return { block: { kind: 'table', align, header, rows }, next: index };
}

function parseFence(lines: string[], start: number): TParsed {
  const [, marker = '```', language = ''] = FENCE.exec(lines[start] ?? '') ?? [];
  const body: string[] = [];
  let index = start + 1;
  while (index < lines.length && (lines[index] ?? '').trim() !== marker) {
    body.push(lines[index] ?? '');
    index += 1;
  }
  return { block: { kind: 'code', language, text: body.join('\n') }, next: index + 1 };
}

/** One list item: its marker line, lazily wrapped lines, and more-indented lines as nested blocks. */
function parseListItem(lines: string[], start: number, indent: number, first: string, slug: TSlugger) {
  const text = [first];
  const nested: string[] = [];
  let index = start + 1;
  while (index < lines.length) {
    const line = lines[index] ?? '';
    if (isBlank(line)) {
      let ahead = index + 1;
      while (ahead < lines.length && isBlank(lines[ahead])) ahead += 1;
      if (ahead >= lines.length || indentOf(lines[ahead] ?? '') <= indent) break;
      nested.push('');
    } else if (indentOf(line) > indent) {
      nested.push(line);
    } else if (nested.length === 0 && !startsBlock(lines, index)) {
      text.push(line.trim());
    } else {
      break;
    }
    index += 1;
  }
  const margin = Math.min(...nested.filter((line) => !isBlank(line)).map(indentOf));
  const inner = nested.map((line) => line.slice(Number.isFinite(margin) ? margin : 0));
  // Indented lines straight after the marker line continue its text rather than open a block.
  while (inner.length > 0 && !isBlank(inner[0]) && !startsBlock(inner, 0))
    text.push((inner.shift() ?? '').trim());
  const item: TListItem = { content: parseInline(text.join(' ')), children: parseBlocksWith(inner, slug) };
  return { item, next: index };
}

function parseList(lines: string[], start: number, slug: TSlugger): TParsed {
  const ordered = ORDERED.test(lines[start] ?? '') && !BULLET.test(lines[start] ?? '');
  const pattern = ordered ? ORDERED : BULLET;
  const firstMatch = pattern.exec(lines[start] ?? '');
  const indent = (firstMatch?.[1] ?? '').length;
  const items: TListItem[] = [];
  let index = start;
  while (index < lines.length) {
    let ahead = index;
    while (ahead < lines.length && isBlank(lines[ahead])) ahead += 1;
    const match = pattern.exec(lines[ahead] ?? '');
    if (!match || (match[1] ?? '').length !== indent || RULE.test(lines[ahead] ?? '')) break;
    const parsed = parseListItem(lines, ahead, indent, match[ordered ? 3 : 2] ?? '', slug);
    items.push(parsed.item);
    index = parsed.next;
  }
  const first = ordered ? Number(firstMatch?.[2] ?? 1) : 1;
  return { block: { kind: 'list', ordered, start: first, items }, next: index };
}

function parseParagraph(lines: string[], start: number): TParsed {
  const text: string[] = [];
  let index = start;
  while (index < lines.length && !isBlank(lines[index]) && (index === start || !startsBlock(lines, index))) {
    text.push((lines[index] ?? '').trim());
    index += 1;
  }
  return { block: { kind: 'paragraph', content: parseInline(text.join(' ')) }, next: index };
}

function parseBlock(lines: string[], index: number, slug: TSlugger): TParsed {
  const line = lines[index] ?? '';
  if (FENCE.test(line)) return parseFence(lines, index);
  const heading = HEADING.exec(line);
  if (heading) {
    const content = parseInline(heading[2] ?? '');
    const level = (heading[1] ?? '#').length;
    return { block: { kind: 'heading', level, id: slug(inlineText(content)), content }, next: index + 1 };
  }
  if (RULE.test(line)) return { block: { kind: 'rule' }, next: index + 1 };
  if (QUOTE.test(line)) {
    const quoted: string[] = [];
    let next = index;
    while (next < lines.length && QUOTE.test(lines[next] ?? '')) {
      quoted.push(QUOTE.exec(lines[next] ?? '')?.[1] ?? '');
      next += 1;
    }
    return { block: { kind: 'quote', children: parseBlocksWith(quoted, slug) }, next };
  }
  if (BULLET.test(line) || ORDERED.test(line)) return parseList(lines, index, slug);
  if (isTableStart(lines, index)) return parseTable(lines, index);
  return parseParagraph(lines, index);
}

function parseBlocksWith(lines: string[], slug: TSlugger): TBlock[] {
  const blocks: TBlock[] = [];
  let index = 0;
  while (index < lines.length) {
    if (isBlank(lines[index])) {
      index += 1;
      continue;
    }
    const parsed = parseBlock(lines, index, slug);
    blocks.push(parsed.block);
    index = parsed.next;
  }
  return blocks;
}

export function parseMarkdown(markdown: string): TBlock[] {
  return parseBlocksWith(markdown.replace(/\r\n?/g, '\n').split('\n'), createSlugger());
}
