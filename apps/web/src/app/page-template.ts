// The HTML document of a page rendered before the browser runs any script (decisions 0014, 0044):
// the built index.html with the page's styles inline and the app's code loaded after the first
// paint, and marks where each render puts its markup, title, language and head scripts. The
// landing page is filled in at build time (scripts/prerender.mjs); the subscriber pages by the
// server for each station, from the template the build keeps (apps/web/dist-ssr/).

/** A render of one page, for fillTemplate. */
export type TRenderedPage = {
  /** The markup inside #root. */
  markup: string;
  /** Attributes for #root that let main.tsx decide to hydrate. */
  rootAttributes: Record<string, string>;
  /** Inline script and style for <head> that hide the markup from a visitor it does not fit. */
  headScript: string;
  headStyle: string;
  /** <html lang>. */
  language: string;
  /** The tab title, as the page sets it once running. */
  title: string;
  /** JSON the app reads before it attaches to the markup: <script type="application/json">. */
  data?: { id: string; value: unknown };
};

/** Marks in a template; fillTemplate replaces each, in one pass. */
const MARK = (name: string) => `<!--ms:${name}-->`;
const MARKS = /<!--ms:([a-z-]+)-->/g;

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}

/** JSON that cannot end its <script> element early, whatever the strings in it. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

function replaceOnce(html: string, found: string | RegExp, replacement: string, what: string): string {
  const match = typeof found === 'string' ? (html.includes(found) ? found : null) : found.exec(html)?.[0];
  if (!match) throw new Error(`index.html has no ${what}`);
  // A replacer function: CSS and markup may hold `$` sequences that replace() would expand.
  return html.replace(match, () => replacement);
}

export type TTemplateOptions = {
  /** The text of a built asset, by its URL (/assets/…). */
  readAsset: (href: string) => string;
  /** Stylesheets beyond the entry's that the page needs at its first paint (/assets/….css). */
  extraStylesheets?: readonly string[];
  /** The inline loader of the entry script (deferredAppLoader). */
  appLoader: (entryUrl: string) => string;
  /** Stands for each answer's style nonce, which the server puts in its place (decision 0022). */
  noncePlaceholder: string;
};

/**
 * index.html made into a template: the stylesheets inline (their links stay, disabled, so that
 * Vite's loader of lazy chunks, which looks for a stylesheet's link before adding it, does not
 * fetch and apply them a second time), and the entry script with its modulepreload links replaced
 * by a loader that runs after the first paint.
 */
export function pageTemplate(shell: string, options: TTemplateOptions): string {
  const { readAsset, extraStylesheets = [], appLoader, noncePlaceholder } = options;
  const stylesheet = /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/.exec(shell);
  if (!stylesheet?.[1]) throw new Error('index.html has no entry stylesheet to inline');
  const entryScript = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/.exec(shell);
  if (!entryScript?.[1]) throw new Error('index.html has no entry script');
  const inline = (href: string) =>
    `<style nonce="${noncePlaceholder}">${readAsset(href)}</style>\n    <link rel="stylesheet" crossorigin href="${href}" disabled>`;
  let html = replaceOnce(shell, /<html lang="[^"]*"/, `<html lang="${MARK('lang')}"`, '<html lang>');
  html = replaceOnce(html, /<title>[^<]*<\/title>/, `<title>${MARK('title')}</title>`, '<title>');
  // At the end of <head>: <meta charset> stays within the document's first 1024 bytes.
  html = replaceOnce(html, '</head>', `  ${MARK('head')}\n  </head>`, '</head>');
  html = replaceOnce(
    html,
    stylesheet[0],
    [stylesheet[1], ...extraStylesheets].map(inline).join('\n    '),
    'entry stylesheet',
  );
  html = replaceOnce(html, entryScript[0], '', 'entry script');
  html = html.replace(/\s*<link rel="modulepreload" crossorigin href="\/assets\/[^"]+\.js">/g, '');
  html = replaceOnce(
    html,
    '<div id="root"></div>',
    `<div id="root"${MARK('root-attributes')}>${MARK('root')}</div>`,
    'empty <div id="root"></div>',
  );
  return replaceOnce(
    html,
    '</body>',
    `  <script>${appLoader(entryScript[1])}</script>\n  </body>`,
    '</body>',
  );
}

/** The template with one render in place: a whole document, the nonce placeholder still in it. */
export function fillTemplate(template: string, page: TRenderedPage, noncePlaceholder: string): string {
  const data = page.data
    ? `\n    <script type="application/json" id="${escapeHtml(page.data.id)}">${scriptJson(page.data.value)}</script>`
    : '';
  const values: Record<string, string> = {
    lang: escapeHtml(page.language),
    title: escapeHtml(page.title),
    head: `<script>${page.headScript}</script>\n    <style nonce="${noncePlaceholder}">${page.headStyle}</style>${data}`,
    'root-attributes': Object.entries(page.rootAttributes)
      .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
      .join(''),
    root: page.markup,
  };
  const used = new Set<string>();
  const html = template.replace(MARKS, (mark, name: string) => {
    const value = values[name];
    if (value === undefined || used.has(name)) throw new Error(`Unexpected ${mark} in the page template`);
    used.add(name);
    return value;
  });
  if (used.size !== Object.keys(values).length) throw new Error('The page template lacks a mark');
  return html;
}
