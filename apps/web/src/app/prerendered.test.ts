import { LANGUAGE_CODES } from '@message-station/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { subscriberLanguageFor } from '../features/subscribers/subscriber-language';
import {
  browserLanguages,
  rememberedSubscriberLanguage,
  SUBSCRIBER_LANGUAGE_KEY,
} from '../i18n/subscriber-i18n';
import {
  canHydrate,
  clearStamp,
  deferredAppLoader,
  PRERENDER_STYLE,
  releasePrerenderedMarkup,
  STALE_ATTRIBUTE,
  staleMarkupGuard,
  stampAttributes,
} from './prerendered';

const YEAR = new Date().getFullYear();
const STAMP = { path: '/', language: 'en', year: YEAR } as const;

function stampedRoot(markup = '<main><h1>Message Station</h1></main>'): HTMLElement {
  const root = document.createElement('div');
  root.id = 'root';
  for (const [name, value] of Object.entries(stampAttributes(STAMP))) root.setAttribute(name, value);
  root.innerHTML = markup;
  document.body.append(root);
  return root;
}

/** Runs an inline script as the browser would, with this page's storage and languages. */
function runInline(script: string, { stored, languages }: { stored?: string; languages: string[] }) {
  if (stored) localStorage.setItem('i18nextLng', stored);
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
  new Function(script)();
}

/** The staff interface's language for these browser languages, with nothing stored. */
function uiLanguage(languages: readonly string[]): 'en' | 'es' {
  return languages
    .find((tag) => /^(en|es)\b/i.test(tag))
    ?.slice(0, 2)
    .toLowerCase() === 'es'
    ? 'es'
    : 'en';
}

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
  document.body.replaceChildren();
  document.documentElement.removeAttribute(STALE_ATTRIBUTE);
});

describe('prerendered markup', () => {
  it('is hydrated only for the same path, language and year', () => {
    const root = stampedRoot();
    expect(canHydrate(root, STAMP)).toBe(true);
    expect(canHydrate(root, { ...STAMP, path: '/docs' })).toBe(false);
    expect(canHydrate(root, { ...STAMP, language: 'es' })).toBe(false);
    expect(canHydrate(root, { ...STAMP, year: YEAR + 1 })).toBe(false);
    expect(canHydrate(stampedRoot(''), STAMP)).toBe(false);
    const plain = document.createElement('div');
    plain.innerHTML = '<main></main>';
    expect(canHydrate(plain, STAMP)).toBe(false);
  });

  it('is hidden before it paints for a visitor who reads Spanish, by storage or by browser', () => {
    const guard = staleMarkupGuard(STAMP, ['en', 'es']);
    runInline(guard, { stored: 'es', languages: ['en-US'] });
    expect(document.documentElement.hasAttribute(STALE_ATTRIBUTE)).toBe(true);

    document.documentElement.removeAttribute(STALE_ATTRIBUTE);
    localStorage.clear();
    runInline(guard, { languages: ['fr-FR', 'es-MX', 'en'] });
    expect(document.documentElement.hasAttribute(STALE_ATTRIBUTE)).toBe(true);
  });

  it('stays visible for English, an unsupported language, or English chosen over the browser', () => {
    const guard = staleMarkupGuard(STAMP, ['en', 'es']);
    runInline(guard, { languages: ['en-GB'] });
    runInline(guard, { languages: ['de-DE', 'fr'] });
    runInline(guard, { stored: 'en', languages: ['es-ES'] });
    expect(document.documentElement.hasAttribute(STALE_ATTRIBUTE)).toBe(false);
  });

  it('is hidden when it was rendered in another year (the footer shows the year)', () => {
    runInline(staleMarkupGuard({ ...STAMP, year: YEAR - 1 }, ['en', 'es']), { languages: ['en-US'] });
    expect(document.documentElement.hasAttribute(STALE_ATTRIBUTE)).toBe(true);
  });

  it("finds a subscriber page's language as the subscriber pages do, for every kind of visitor", () => {
    const cases: { offered: string[]; languages: string[]; remembered?: string }[] = [
      { offered: ['en', 'es'], languages: ['en-US'] },
      { offered: ['en', 'es'], languages: ['es-MX', 'en'] },
      { offered: ['es', 'en'], languages: [] },
      { offered: ['es', 'fr'], languages: ['de-DE', 'fr-CA'] },
      { offered: ['es', 'fr'], languages: ['de-DE'] },
      { offered: ['en', 'zh', 'ko'], languages: ['zh-Hant-TW', 'ko'] },
      { offered: ['en', 'es'], languages: ['es-ES'], remembered: 'en' },
      { offered: ['en', 'es'], languages: ['en'], remembered: 'fr' },
      { offered: ['fr', 'es'], languages: ['en'], remembered: 'es' },
      { offered: ['en', 'es'], languages: ['es'], remembered: 'klingon' },
    ];
    for (const { offered, languages, remembered } of cases) {
      localStorage.clear();
      if (remembered) localStorage.setItem(SUBSCRIBER_LANGUAGE_KEY, remembered);
      vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
      vi.spyOn(navigator, 'language', 'get').mockReturnValue(languages[0] ?? 'en-US');
      const expected = subscriberLanguageFor(offered, browserLanguages(), rememberedSubscriberLanguage());
      for (const rendered of LANGUAGE_CODES) {
        document.documentElement.removeAttribute(STALE_ATTRIBUTE);
        const stamp = { ...STAMP, language: uiLanguage(languages), subscriberLanguage: rendered };
        new Function(
          staleMarkupGuard(stamp, ['en', 'es'], {
            offered,
            productLanguages: LANGUAGE_CODES,
            rememberedKey: SUBSCRIBER_LANGUAGE_KEY,
          }),
        )();
        const stale = document.documentElement.hasAttribute(STALE_ATTRIBUTE);
        expect({ offered, languages, remembered, rendered, stale }).toEqual({
          offered,
          languages,
          remembered,
          rendered,
          stale: rendered !== expected,
        });
      }
    }
  });

  it('hides stale markup and holds clicks on buttons only until the stamp is cleared', () => {
    expect(PRERENDER_STYLE).toContain(`html[${STALE_ATTRIBUTE}] #root{visibility:hidden}`);
    expect(PRERENDER_STYLE).toContain('#root[data-prerendered-path] button{pointer-events:none}');
    const root = stampedRoot();
    document.documentElement.setAttribute(STALE_ATTRIBUTE, '');
    clearStamp(root);
    expect(root.getAttributeNames()).toEqual(['id']);
    expect(document.documentElement.hasAttribute(STALE_ATTRIBUTE)).toBe(false);
  });

  it('takes clicks from the task after the page code has loaded', async () => {
    const root = stampedRoot();
    releasePrerenderedMarkup();
    expect(root.hasAttribute('data-prerendered-path')).toBe(true);
    await vi.waitFor(() => expect(root.hasAttribute('data-prerendered-path')).toBe(false));
  });

  it('loads the app as a module script after the first paint', async () => {
    // Kept out of the document: the test environment does not run scripts.
    const appended: HTMLScriptElement[] = [];
    vi.spyOn(document.head, 'appendChild').mockImplementation((node) => {
      appended.push(node as HTMLScriptElement);
      return node;
    });
    const hidden = vi.spyOn(document, 'hidden', 'get').mockReturnValue(false);
    new Function(deferredAppLoader('/assets/index-abc.js'))();
    expect(appended).toEqual([]);
    await vi.waitFor(() => expect(appended).toHaveLength(1));
    expect(appended[0]?.type).toBe('module');
    expect(appended[0]).toHaveAttribute('src', '/assets/index-abc.js');

    // A hidden tab never paints: it loads at once.
    hidden.mockReturnValue(true);
    new Function(deferredAppLoader('/assets/index-abc.js'))();
    expect(appended).toHaveLength(2);
  });
});
