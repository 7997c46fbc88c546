// Our documents' markdown, read by marked's lexer into tokens that MarkdownView renders as React
// elements. Nothing is ever set as HTML: raw HTML in a document stays text, and links are vetted
// here. Bare addresses stay text too (no GFM autolinks), as the documents were written for that.
import { Lexer, type Token, Tokenizer, type Tokens } from 'marked';

/** A heading token with its unique anchor id. */
export type THeading = Tokens.Heading & { id: string };

/** Site paths, in-page anchors, web and mail addresses; anything else (javascript:, data:…) is refused. */
export function isSafeHref(href: string): boolean {
  if (href.startsWith('//')) return false;
  if (href.startsWith('/') || href.startsWith('#')) return true;
  return /^(https?:|mailto:)/i.test(href);
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

/** The words of inline tokens without their markup (heading ids, accessible names). */
export function inlineText(tokens: Token[]): string {
  return tokens
    .map((token) =>
      'tokens' in token && token.tokens ? inlineText(token.tokens) : (token as Tokens.Text).text,
    )
    .join('');
}

/** GFM without autolinks: 'https://…' and '<https://…>' in running text stay as written. */
class DocumentTokenizer extends Tokenizer {
  override url() {
    return undefined;
  }
  override autolink() {
    return undefined;
  }
}

/** Every token of a document in order, nested ones (quotes, lists, tables, inline) after their parent. */
export function* walkTokens(tokens: Token[]): Generator<Token> {
  for (const token of tokens) {
    yield token;
    if (token.type === 'list') for (const item of (token as Tokens.List).items) yield* walkTokens([item]);
    else if (token.type === 'table') {
      const table = token as Tokens.Table;
      for (const cell of [...table.header, ...table.rows.flat()]) yield* walkTokens(cell.tokens);
    } else if ('tokens' in token && token.tokens) yield* walkTokens(token.tokens);
  }
}

/** Parses a document; its headings, nested ones included, get unique ids in document order. */
export function parseMarkdown(markdown: string): Token[] {
  const tokens = Lexer.lex(markdown, { gfm: true, tokenizer: new DocumentTokenizer() });
  const slug = createSlugger();
  for (const token of walkTokens(tokens)) {
    if (token.type === 'heading') (token as THeading).id = slug(inlineText((token as Tokens.Heading).tokens));
  }
  return tokens;
}
