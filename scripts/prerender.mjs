#!/usr/bin/env node
// Prerenders the public pages listed in apps/web/src/app/prerendered.ts into
// apps/web/dist/prerendered/<path>.html (decision 0014): their markup and first-paint styles
// paint before any script runs, then the SPA hydrates them. The server answers those paths with
// these files and every other page path with the plain index.html. Runs after `vite build`,
// before scripts/precompress.mjs. Usage: node scripts/prerender.mjs
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const webDir = path.join(root, 'apps/web');
const distDir = path.join(webDir, 'dist');

/** Build-time rendering uses React's production server build, like the browser bundle. */
process.env.NODE_ENV = 'production';

function escapeAttribute(value) {
  return value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
}

/** dist/prerendered/index.html for '/', dist/prerendered/a/b.html for '/a/b'. */
function outputFile(pagePath) {
  const name = pagePath === '/' ? 'index' : pagePath.replace(/^\/+|\/+$/g, '');
  return path.join(distDir, 'prerendered', `${name}.html`);
}

/**
 * The built index.html with the page's markup in #root, the entry stylesheet inline, and the
 * entry script (with its modulepreload links) replaced by a loader that runs after the first paint.
 */
function composePage(shell, rendered, deferredAppLoader, noncePlaceholder) {
  const stylesheet = /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/.exec(shell);
  if (!stylesheet?.[1]) throw new Error('index.html has no entry stylesheet to inline');
  const entryScript = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/.exec(shell);
  if (!entryScript?.[1]) throw new Error('index.html has no entry script');
  const css = fs.readFileSync(path.join(distDir, stylesheet[1]), 'utf8');
  const attributes = Object.entries(rendered.rootAttributes)
    .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
    .join('');
  // The server puts each answer's nonce in place of the placeholder; inline scripts go by their
  // hashes instead (decision 0022).
  const style = `<style nonce="${noncePlaceholder}">`;
  // Replacer functions: the markup and styles may hold `$` sequences that replace() would expand.
  const html = shell
    .replace(
      '<head>',
      () => `<head>\n    <script>${rendered.headScript}</script>\n    ${style}${rendered.headStyle}</style>`,
    )
    // The link stays, disabled (never fetched), so that Vite's loader of lazy chunks, which looks
    // for a stylesheet's link before adding it, does not fetch and apply these styles a second time.
    .replace(
      stylesheet[0],
      () =>
        `${style}${css}</style>\n    <link rel="stylesheet" crossorigin href="${stylesheet[1]}" disabled>`,
    )
    .replace(entryScript[0], '')
    .replace(/\s*<link rel="modulepreload" crossorigin href="\/assets\/[^"]+\.js">/g, '')
    .replace('<div id="root"></div>', () => `<div id="root"${attributes}>${rendered.markup}</div>`)
    .replace('</body>', () => `  <script>${deferredAppLoader(entryScript[1])}</script>\n  </body>`);
  if (!html.includes(rendered.markup)) throw new Error('index.html has no empty <div id="root"></div>');
  return html;
}

const ssrDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ms-prerender-'));
try {
  await build({
    configFile: path.join(webDir, 'vite.config.ts'),
    mode: 'production',
    logLevel: 'warn',
    build: {
      ssr: path.join(webDir, 'src/entry-prerender.tsx'),
      outDir: ssrDir,
      emptyOutDir: true,
      copyPublicDir: false,
    },
    // One self-contained bundle in a temporary folder: nothing to resolve from node_modules there.
    ssr: { noExternal: true },
  });
  const entry = await import(pathToFileURL(path.join(ssrDir, 'entry-prerender.js')).href);
  const shell = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  fs.rmSync(path.join(distDir, 'prerendered'), { recursive: true, force: true });
  for (const page of entry.PRERENDERED_PAGES) {
    const rendered = await entry.prerenderPage({ ...page, year: new Date().getFullYear() });
    const file = outputFile(page.path);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(
      file,
      composePage(shell, rendered, entry.deferredAppLoader, entry.CSP_NONCE_PLACEHOLDER),
    );
    console.log(`prerendered ${page.path} (${page.language}) → ${path.relative(webDir, file)}`);
  }
} finally {
  fs.rmSync(ssrDir, { recursive: true, force: true });
}
