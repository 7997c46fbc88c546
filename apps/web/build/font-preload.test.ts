import { describe, expect, it } from 'vitest';
import { PRELOADED_FONT, withFontPreloads } from './font-preload';

const DOCUMENT = `<head>
    <title>Message Station</title>
    <script type="module" crossorigin src="/assets/index-a.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-a.css">
  </head>`;

describe('withFontPreloads', () => {
  it('puts a cross-origin font preload before the first script or stylesheet', () => {
    const html = withFontPreloads(DOCUMENT, ['assets/inter-latin-AbC1.woff2']);
    const preload = html.indexOf(
      '<link rel="preload" href="/assets/inter-latin-AbC1.woff2" as="font" type="font/woff2" crossorigin>',
    );
    expect(preload).toBeGreaterThan(html.indexOf('<title>'));
    expect(preload).toBeLessThan(html.indexOf('<script'));
  });

  it('leaves a document without fonts as it is, and refuses one it cannot place them in', () => {
    expect(withFontPreloads(DOCUMENT, [])).toBe(DOCUMENT);
    expect(() => withFontPreloads('<head></head>', ['assets/inter-latin-a.woff2'])).toThrow();
  });

  it('names only the Inter subset among the emitted files', () => {
    expect(PRELOADED_FONT.test('assets/inter-latin-B2x_9.woff2')).toBe(true);
    expect(PRELOADED_FONT.test('assets/inter-latin-B2x_9.woff2.br')).toBe(false);
    expect(PRELOADED_FONT.test('assets/index-B2x_9.css')).toBe(false);
  });
});
