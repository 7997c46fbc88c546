// The guides themselves (apps/web/public/docs/<guide>): both languages dated, parallel, linked to
// headings they have and to pages the app has, and saying what the product does.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AGENT_EXECUTABLE_NAMES, CREDIT_PACK, INVITATION_DAYS, LIMITS } from '@message-station/shared';
import type { Token, Tokens } from 'marked';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { appRoutes } from '../../app/routes';
import { LINUX_SPEECH_COMMAND, ROSETTA_COMMAND } from '../../features/download/InstallSteps';
import { FREE_TRIAL } from '../landing/marketing-facts';
import { DOCS_GUIDES, splitLastUpdated, type TDocsGuide, type TDocsLanguage } from './guide-document';
import { parseMarkdown, type THeading, walkTokens } from './markdown';

// Built by hand: Vite would turn `new URL(…, import.meta.url)` into a served asset path.
const DOCS_DIR = join(import.meta.dirname, '../../../public/docs');

function readGuide(guide: TDocsGuide, language: TDocsLanguage) {
  const name = language === 'en' ? 'index.md' : `index.${language}.md`;
  return splitLastUpdated(readFileSync(join(DOCS_DIR, guide, name), 'utf8'));
}

function headingsOf(markdown: string): THeading[] {
  return parseMarkdown(markdown).filter((block): block is THeading => block.type === 'heading');
}

function allLinks(tokens: Token[]): string[] {
  return [...walkTokens(tokens)].flatMap((token) =>
    token.type === 'link' ? [(token as Tokens.Link).href] : [],
  );
}

/** Whether the app has a page at `path`, not only its Page Not Found. */
function isPageOfTheApp(path: string): boolean {
  const matches = matchRoutes(appRoutes, path) ?? [];
  return matches.length > 0 && !matches.some((match) => match.route.path === '*');
}

const EVERY_GUIDE = DOCS_GUIDES.flatMap((guide) =>
  (['en', 'es'] as const).map((language) => [guide, language] as const),
);

describe.each(EVERY_GUIDE)('the %s guide in %s', (guide, language) => {
  const document = readGuide(guide, language);
  const blocks = parseMarkdown(document.markdown);
  const headings = headingsOf(document.markdown);

  it('starts with its last-updated date and has no page-level heading of its own', () => {
    expect(document.lastUpdated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(headings.length).toBeGreaterThan(3);
    expect(headings.every((heading) => heading.depth >= 2)).toBe(true);
  });

  it('links only to headings it has, to pages the app has, and to https addresses', () => {
    const ids = new Set(headings.map((heading) => heading.id));
    for (const href of allLinks(blocks)) {
      if (href.startsWith('#')) expect(ids).toContain(href.slice(1));
      else if (href.startsWith('/')) expect(isPageOfTheApp(href), href).toBe(true);
      else expect(href).toMatch(/^https:/);
    }
  });

  it('has the sections of the English guide, in its order', () => {
    const english = headingsOf(readGuide(guide, 'en').markdown);
    expect(headings.map((heading) => heading.depth)).toEqual(english.map((heading) => heading.depth));
  });
});

describe.each(['en', 'es'] as const)('the SMS guide in %s', (language) => {
  const { markdown } = readGuide('sms', language);

  it('names the keywords, the quiet hours, the rate setting and the carrier filter code', () => {
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
      expect(markdown).toContain(word);
    }
    expect(markdown).toContain('SMS_RATE_PER_SECOND');
    expect(markdown).toMatch(/8 AM .* 9 PM/);
    expect(markdown).toContain('30007');
  });
});

describe.each(['en', 'es'] as const)('the setup guide in %s', (language) => {
  const { markdown } = readGuide('setup', language);

  it('gives the figures the product holds to', () => {
    expect(markdown).toContain(`${FREE_TRIAL.days}`);
    expect(markdown).toContain(`${FREE_TRIAL.credits}`);
    expect(markdown).toContain(`${CREDIT_PACK.credits}`);
    expect(markdown).toContain(`$${CREDIT_PACK.priceCents / 100}`);
    expect(markdown).toContain(`${LIMITS.passwordMinLength}`);
    expect(markdown).toContain(`${LIMITS.logoMaxBytes / 1024 / 1024} MB`);
    expect(markdown).toContain(`${LIMITS.verificationCodeMinutes}`);
    expect(markdown).toContain(`${INVITATION_DAYS}`);
    // The CSV import's columns, as the import reads them.
    expect(markdown).toContain('name,phone,language,types');
  });
});

describe.each(['en', 'es'] as const)('the desktop app guide in %s', (language) => {
  const { markdown } = readGuide('desktop', language);

  it('gives the commands, names and addresses the app and the Download page use', () => {
    expect(markdown).toContain(ROSETTA_COMMAND);
    expect(markdown).toContain(LINUX_SPEECH_COMMAND);
    expect(markdown).toContain('xattr -dr com.apple.quarantine');
    for (const name of Object.values(AGENT_EXECUTABLE_NAMES)) expect(markdown).toContain(name);
    // The status page's address (apps/agent/src/settings.ts, DEFAULT_STATUS_PORT).
    expect(markdown).toContain('http://127.0.0.1:47800');
    expect(markdown).toContain('ms-');
  });
});
