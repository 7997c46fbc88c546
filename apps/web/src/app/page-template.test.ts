import { describe, expect, it } from 'vitest';
import { fillTemplate, pageTemplate, type TRenderedPage } from './page-template';

const NONCE = '__NONCE__';
/** index.html as `vite build` writes it. */
const SHELL = `<!doctype html>
<html lang="en" data-mantine-color-scheme="light">
  <head>
    <meta charset="UTF-8" />
    <title>Message Station</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/boot-def.js">
    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;
const ASSETS: Record<string, string> = {
  '/assets/index-abc.css': '.a{color:red}',
  '/assets/subscriber-styles-xyz.css': '.b{content:"$&"}',
};

function template(extraStylesheets: string[] = []) {
  return pageTemplate(SHELL, {
    readAsset: (href) => ASSETS[href] ?? '',
    extraStylesheets,
    appLoader: (entry) => `load(${JSON.stringify(entry)})`,
    noncePlaceholder: NONCE,
  });
}

const PAGE: TRenderedPage = {
  markup: '<main><h1>Demo &lt;Radio&gt;</h1></main>',
  rootAttributes: { 'data-prerendered-path': '/join/"demo"' },
  headScript: 'guard()',
  headStyle: '#root{}',
  language: 'es',
  title: 'Suscribirse · Demo <Radio> & Co',
};

describe('page template', () => {
  it('inlines the stylesheets with their links disabled, and loads the app after the first paint', () => {
    const html = template(['/assets/subscriber-styles-xyz.css']);
    expect(html).toContain(`<style nonce="${NONCE}">.a{color:red}</style>`);
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-abc.css" disabled>');
    // A stylesheet's `$&` is kept as written, not expanded by String.replace.
    expect(html).toContain(`<style nonce="${NONCE}">.b{content:"$&"}</style>`);
    expect(html).toContain('href="/assets/subscriber-styles-xyz.css" disabled>');
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('modulepreload');
    expect(html).toContain('<script>load("/assets/index-abc.js")</script>\n  </body>');
  });

  it('refuses an index.html it cannot make a template of', () => {
    expect(() =>
      pageTemplate(SHELL.replace('<div id="root"></div>', ''), {
        readAsset: () => '',
        appLoader: () => '',
        noncePlaceholder: NONCE,
      }),
    ).toThrow(/empty <div id="root"><\/div>/);
  });

  it('takes a render: markup, escaped title, language and root attributes, head script and data', () => {
    const html = fillTemplate(
      template(),
      { ...PAGE, data: { id: 'page-data', value: { name: '</script><script>alert(1)</script>' } } },
      NONCE,
    );
    expect(html).toContain('<html lang="es" data-mantine-color-scheme="light">');
    expect(html).toContain('<title>Suscribirse · Demo &lt;Radio&gt; &amp; Co</title>');
    expect(html).toContain(
      '<div id="root" data-prerendered-path="/join/&quot;demo&quot;"><main><h1>Demo &lt;Radio&gt;</h1></main></div>',
    );
    expect(html).toContain(`<script>guard()</script>\n    <style nonce="${NONCE}">#root{}</style>`);
    // The data cannot close its script element, and reads back as it was.
    const data = /<script type="application\/json" id="page-data">(.*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(String(data))).toEqual({ name: '</script><script>alert(1)</script>' });
    // <meta charset> stays first in <head>: the render goes at its end.
    expect(html.indexOf('<meta charset="UTF-8" />')).toBeLessThan(html.indexOf('guard()'));
    expect(html.indexOf('guard()')).toBeLessThan(html.indexOf('</head>'));
    expect(html).not.toMatch(/<!--ms:/);
  });

  it('never reads a mark out of what it puts in', () => {
    const html = fillTemplate(template(), { ...PAGE, headScript: 'x("<!--ms:root-->")' }, NONCE);
    expect(html).toContain('x("<!--ms:root-->")');
    expect(html).toContain('<main><h1>Demo &lt;Radio&gt;</h1></main>');
    expect(() => fillTemplate('<html lang="<!--ms:lang-->">', PAGE, NONCE)).toThrow(/lacks a mark/);
  });
});
