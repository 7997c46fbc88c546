#!/usr/bin/env node
// Prerenders the public pages listed in apps/web/src/app/prerendered.ts into
// apps/web/dist/prerendered/<path>.html (decision 0014): their markup and first-paint styles
// paint before any script runs, then the SPA hydrates them. The server answers those paths with
// these files and every other page path with the plain index.html. Keeps the renderer itself in
// apps/web/dist-ssr/ with the subscriber pages' template: the server renders /join/{station} and
// /unsubscribe/{station} for each station with them (decision 0044). Runs after `vite build`,
// before scripts/precompress.mjs. Usage: node scripts/prerender.mjs
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const webDir = path.join(root, 'apps/web');
const distDir = path.join(webDir, 'dist');
/** The server renderer of the subscriber pages (decision 0044): never served as a file. */
const ssrDir = path.join(webDir, 'dist-ssr');
const SSR_ENTRY = 'entry-prerender.js';
const SUBSCRIBER_TEMPLATE = 'subscriber-page.html';

/** Build-time rendering uses React's production server build, like the browser bundle. */
process.env.NODE_ENV = 'production';

/** dist/prerendered/index.html for '/', dist/prerendered/a/b.html for '/a/b'. */
function outputFile(pagePath) {
  const name = pagePath === '/' ? 'index' : pagePath.replace(/^\/+|\/+$/g, '');
  return path.join(distDir, 'prerendered', `${name}.html`);
}

/** The one built stylesheet of a lazy chunk named `name` (Vite names it `<name>-<hash>.css`). */
function chunkStylesheet(name) {
  const files = fs
    .readdirSync(path.join(distDir, 'assets'))
    .filter((file) => new RegExp(`^${name}-[\\w-]+\\.css$`).test(file));
  if (files.length !== 1)
    throw new Error(`Expected one ${name} stylesheet in dist/assets, found ${files.length}`);
  return `/assets/${files[0]}`;
}

fs.rmSync(ssrDir, { recursive: true, force: true });
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
  // One self-contained bundle: the production image runs it without the web app's packages.
  ssr: { noExternal: true },
});
const entry = await import(pathToFileURL(path.join(ssrDir, SSR_ENTRY)).href);
const shell = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
const templateOptions = {
  readAsset: (href) => fs.readFileSync(path.join(distDir, href), 'utf8'),
  appLoader: entry.deferredAppLoader,
  noncePlaceholder: entry.CSP_NONCE_PLACEHOLDER,
};

// The landing page: the first-paint styles are all it needs.
const landingTemplate = entry.pageTemplate(shell, templateOptions);
fs.rmSync(path.join(distDir, 'prerendered'), { recursive: true, force: true });
for (const page of entry.PRERENDERED_PAGES) {
  const rendered = await entry.prerenderPage({ ...page, year: new Date().getFullYear() });
  const file = outputFile(page.path);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, entry.fillTemplate(landingTemplate, rendered, entry.CSP_NONCE_PLACEHOLDER));
  console.log(`prerendered ${page.path} (${page.language}) → ${path.relative(webDir, file)}`);
}

// The subscriber pages, which the server renders per station: their form fields need the
// few Mantine stylesheets of src/features/subscribers/subscriber-styles.ts, inline as well.
fs.writeFileSync(
  path.join(ssrDir, SUBSCRIBER_TEMPLATE),
  entry.pageTemplate(shell, { ...templateOptions, extraStylesheets: [chunkStylesheet('subscriber-styles')] }),
);
console.log(`kept the server renderer and the subscriber page template in ${path.relative(webDir, ssrDir)}`);
