// The guides themselves (apps/web/public/docs/sms): both languages dated, parallel and linked right.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Token, Tokens } from 'marked';
import { describe, expect, it } from 'vitest';
import { parseMarkdown, type THeading, walkTokens } from './markdown';
import { splitLastUpdated } from './sms-document';

// Built by hand: Vite would turn `new URL(…, import.meta.url)` into a served asset path.
const GUIDES_DIR = join(import.meta.dirname, '../../../public/docs/sms');

function readGuide(name: string) {
  return splitLastUpdated(readFileSync(join(GUIDES_DIR, name), 'utf8'));
}

function allLinks(tokens: Token[]): string[] {
  return [...walkTokens(tokens)].flatMap((token) =>
    token.type === 'link' ? [(token as Tokens.Link).href] : [],
  );
}

describe.each(['index.md', 'index.es.md'])('the SMS guide %s', (name) => {
  const guide = readGuide(name);
  const blocks = parseMarkdown(guide.markdown);
  const headings = blocks.filter((block): block is THeading => block.type === 'heading');

  it('starts with its last-updated date and has no page-level heading of its own', () => {
    expect(guide.lastUpdated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(headings.every((heading) => heading.depth >= 2)).toBe(true);
  });

  it('links only to headings it has and to pages of the site', () => {
    const ids = new Set(headings.map((heading) => heading.id));
    for (const href of allLinks(blocks)) {
      if (href.startsWith('#')) expect(ids).toContain(href.slice(1));
      else expect(href).toMatch(/^(\/|https:)/);
    }
  });

  it('covers the same sections as the English guide, with the keywords, hours and rate setting', () => {
    const english = parseMarkdown(readGuide('index.md').markdown).filter(
      (block): block is THeading => block.type === 'heading',
    );
    expect(headings.map((heading) => heading.depth)).toEqual(english.map((heading) => heading.depth));
    for (const word of [
      'STOP',
      'STOPALL',
      'UNSUBSCRIBE',
      'CANCEL',
      'END',
      'QUIT',
      'START',
      'UNSTOP',
      'HELP',
      'INFO',
    ]) {
      expect(guide.markdown).toContain(word);
    }
    expect(guide.markdown).toContain('SMS_RATE_PER_SECOND');
    expect(guide.markdown).toMatch(/8 AM .* 9 PM/);
    expect(guide.markdown).toContain('30007');
  });
});
