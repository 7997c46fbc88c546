#!/usr/bin/env node
// The first visits' weight budget (decision 0062), checked on the web build without a browser:
// for the landing page `/`, a station's join page `/join/{station}` and the admin area's first view
// `/admin` (signed in, the dashboard), the bytes a visit with an empty cache takes on the wire, and
// a failure naming the largest files when one is over the budget (200 KiB). `npm test` runs it
// after the build; it takes well under a second.
//
// What a visit loads, from the build: the page's document (brotli at the server's quality: pages
// are compressed per answer, platform/web-app.ts) and what it names (scripts, stylesheets not
// inlined, icons, preloads: the font the document preloads); then each chunk the page's code loads at its start (its `roots`: the
// modules `main.tsx`, the router and the i18n backend import lazily for that page) with every chunk
// they import statically (Vite's manifest, dist/.vite/manifest.json) and their stylesheets, with
// the images those reference. Each file counts as sent: its .br when the build wrote one
// (scripts/precompress.mjs), else as it is. Each response also counts its headers, and the page
// the answers of the API it calls (both as measured by bench/admin-weight.mjs, the measurement this
// estimate is checked against: bench/README.md, "Admin first visit weight").
//
// A root that is no longer in the manifest fails the check: the list below must follow the code.
// The font (decision 0084) is counted in each visit, within the same 200 KiB, and shown apart. It is
// the file the document preloads; the other faces of src/app/fonts/fonts.css are not counted: a
// browser loads a face only for a page showing a character of its unicode-range.
// Usage: node scripts/page-weight.mjs [--dist=apps/web/dist] [--ssr=apps/web/dist-ssr]
//        [--pages=<json file>] [--budget=<KiB>] [--json]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));

/** Bytes of one response's status line and headers (bench:weight measures 0.55–0.6 KiB each). */
const HEADER_BYTES = 600;
/** The product's font (decision 0084): a font file is one the build names `.woff2`. */
const isFont = (file) => file.endsWith('.woff2');

/** The server compresses pages per answer at this brotli quality (apps/server/src/platform/web-app.ts). */
const PAGE_BROTLI_QUALITY = 5;

/**
 * The pages and what their first visit loads beyond the document. A root is a manifest key (a
 * source file that is a chunk of its own) or `chunk:<name>`, a chunk vite.config.ts groups by name.
 * `api` is the answers of the API calls the page makes at its start, in KiB with their headers;
 * `files`, files of the build the page's code asks for (not named in the manifest or the HTML).
 */
export const PAGES = [
  {
    name: 'landing page /',
    document: 'prerendered/index.html',
    roots: [
      'chunk:boot',
      'src/public/LandingPage.tsx',
      'src/locales/en/common.json',
      'src/locales/en/landing.json',
    ],
    // GET /auth/session?optional=true (null for a visitor, decision 0078).
    api: { requests: 1, kib: 0.7 },
  },
  {
    name: 'join page /join/{station}',
    // The template the server fills with the station's page (decision 0044); `markup` is what the
    // station's rendered page adds to it once compressed (the demo station's, by bench:weight).
    document: 'ssr:subscriber-page.html',
    markup: { kib: 7.5 },
    roots: [
      'chunk:boot',
      // The join page, its layout and what attaches it to the server's markup (vite.config.ts
      // groups them; the router's lazy imports of the page and the layout load this chunk itself).
      'chunk:subscriber',
      'src/locales/en/common.json',
      'src/locales/en/subscribers.json',
    ],
    api: { requests: 1, kib: 0.7 },
  },
  {
    name: 'admin first visit /admin',
    document: 'index.html',
    roots: [
      'chunk:boot',
      // The admin frame and the dashboard (vite.config.ts groups them).
      'chunk:admin',
      'src/i18n/bundles/en-admin.ts',
      'src/locales/en/common.json',
      // A station with steps of its first run still to do (the demo station).
      'chunk:first-run',
    ],
    // The header's logo; Chromium asks for the icon again once the address is /admin/dashboard.
    files: ['logo.svg', 'favicon.svg'],
    // The session, the dashboard's figures, activity, messages, first run, held texts, the
    // inbox's unread count (twice) and the message types: 9 answers, 5.8 KiB on the demo station
    // (7.8 before the figures and the message types, the two over 1 KiB, went brotli: decision 0086).
    api: { requests: 9, kib: 5.8 },
  },
];

function parseArgs(argv) {
  const options = {
    dist: path.join(root, 'apps/web/dist'),
    ssr: path.join(root, 'apps/web/dist-ssr'),
    budget: 200,
    pages: PAGES,
    json: false,
  };
  for (const arg of argv) {
    const [key, value] = arg.split(/=(.*)/s);
    if (key === '--dist') options.dist = path.resolve(value);
    else if (key === '--ssr') options.ssr = path.resolve(value);
    else if (key === '--budget') options.budget = Number(value);
    else if (key === '--pages') options.pages = JSON.parse(fs.readFileSync(value, 'utf8'));
    else if (key === '--json') options.json = true;
    else throw new Error(`Unknown argument ${arg}`);
  }
  return options;
}

/** What a file costs on the wire: its .br beside it when the build wrote one, else its bytes. */
function sentBytes(file) {
  const compressed = `${file}.br`;
  return fs.existsSync(compressed) ? fs.statSync(compressed).size : fs.statSync(file).size;
}

/** The files (paths under dist) a page's HTML asks for, and the stylesheets it has inline. */
function namedInHtml(html) {
  const named = new Set();
  const inlined = new Set();
  for (const [tag] of html.matchAll(/<(?:link|script)\b[^>]*>/g)) {
    const href = /\b(?:href|src)="\/([^"]+)"/.exec(tag)?.[1];
    const rel = /\brel="([^"]+)"/.exec(tag)?.[1] ?? (tag.startsWith('<script') ? 'script' : '');
    if (!href) continue;
    if (rel === 'stylesheet' && /\sdisabled\b/.test(tag)) inlined.add(href);
    else if (['stylesheet', 'modulepreload', 'preload', 'icon', 'script'].includes(rel)) named.add(href);
  }
  // The loader that adds the entry after the first paint (decision 0014) names it in a string.
  for (const [, file] of html.matchAll(/["'`]\/(assets\/[^"'`]+\.js)["'`]/g)) named.add(file);
  // What the inline stylesheets load: images. Their fonts count when the document preloads them.
  for (const [, css] of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)) {
    for (const [, url] of css.matchAll(/url\(\s*["']?\/([^"')?#]+)/g)) if (!isFont(url)) named.add(url);
  }
  return { named, inlined };
}

/** The manifest entry of a root: a key, or `chunk:<name>` for a chunk grouped by name. */
function findRoot(manifest, rootName) {
  if (rootName.startsWith('chunk:')) {
    const name = rootName.slice('chunk:'.length);
    const found = Object.entries(manifest).filter(
      ([key, entry]) => key.startsWith('_') && entry.name === name,
    );
    return found.length === 1 ? found[0][0] : null;
  }
  return manifest[rootName] ? rootName : null;
}

/** Every file one page's first visit loads, with its bytes on the wire. */
export function weighPage(page, { dist, ssr, manifest }) {
  const problems = [];
  const documentFile = page.document.startsWith('ssr:')
    ? path.join(ssr, page.document.slice('ssr:'.length))
    : path.join(dist, page.document);
  if (!fs.existsSync(documentFile)) {
    return { page, files: [], problems: [`its document ${page.document} is not in the build`] };
  }
  const html = fs.readFileSync(documentFile);
  const files = new Map();
  files.set(
    `(document) ${page.document}`,
    zlib.brotliCompressSync(html, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: PAGE_BROTLI_QUALITY },
    }).length,
  );
  const { named, inlined } = namedInHtml(html.toString('utf8'));
  const addFile = (file) => {
    if (files.has(file) || inlined.has(file)) return;
    const full = path.join(dist, file);
    if (!fs.existsSync(full)) {
      problems.push(`${file} is not in the build`);
      return;
    }
    files.set(file, sentBytes(full));
    if (file.endsWith('.css')) {
      // Images the stylesheet loads from the build; its fonts count when the document preloads them.
      for (const [, url] of fs.readFileSync(full, 'utf8').matchAll(/url\(\s*["']?\/([^"')?#]+)/g))
        if (!isFont(url)) addFile(url);
    }
  };
  for (const file of named) addFile(file);
  for (const file of page.files ?? []) addFile(file);
  const visited = new Set();
  const visit = (key) => {
    if (visited.has(key)) return;
    visited.add(key);
    const entry = manifest[key];
    if (!entry) return;
    addFile(entry.file);
    for (const css of entry.css ?? []) addFile(css);
    // Its fonts count when the document preloads them (above).
    for (const asset of entry.assets ?? []) if (!isFont(asset)) addFile(asset);
    for (const imported of entry.imports ?? []) visit(imported);
  };
  // The entry is what the document names; the build's entry is index.html in the manifest.
  visit('index.html');
  for (const rootName of page.roots) {
    const key = findRoot(manifest, rootName);
    if (!key) problems.push(`${rootName} is not a chunk of the build (scripts/page-weight.mjs lists it)`);
    else visit(key);
  }
  return { page, files: [...files].map(([file, bytes]) => ({ file, bytes })), problems };
}

const KiB = (bytes) => (bytes / 1024).toFixed(1);

/** The pages' weights and whether each is within the budget; `problems` are failures too. */
export function checkPages({ dist, ssr, pages, budget }) {
  const manifestFile = path.join(dist, '.vite/manifest.json');
  if (!fs.existsSync(manifestFile)) {
    return {
      ok: false,
      results: [],
      message: `No ${manifestFile}: build the web app first (npm run build).`,
    };
  }
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  const results = pages.map((page) => {
    const weighed = weighPage(page, { dist, ssr, manifest });
    const apiRequests = page.api?.requests ?? 0;
    const requests = weighed.files.length + apiRequests;
    const bodies = weighed.files.reduce((sum, file) => sum + file.bytes, 0);
    const headers = weighed.files.length * HEADER_BYTES;
    const api = (page.api?.kib ?? 0) * 1024;
    const markup = (page.markup?.kib ?? 0) * 1024;
    const total = bodies + markup + headers + api;
    const fonts = weighed.files.filter((file) => isFont(file.file));
    const font = fonts.reduce((sum, file) => sum + file.bytes, 0) + fonts.length * HEADER_BYTES;
    return {
      ...weighed,
      requests,
      bodies: bodies + markup,
      headers,
      api,
      total,
      font,
      over: total > budget * 1024,
    };
  });
  const lines = [];
  let ok = true;
  for (const result of results) {
    const { page, files, problems, requests, bodies, headers, api, total, font, over } = result;
    const status = problems.length ? 'CANNOT WEIGH' : over ? 'OVER' : 'within';
    lines.push(
      `${page.name}: ${KiB(total)} KiB in ${requests} requests (${KiB(bodies)} files, ${KiB(headers)} headers, ${KiB(api)} API; the font ${KiB(font)} of it) — ${status} the budget of ${budget} KiB`,
    );
    if (problems.length || over) {
      ok = false;
      for (const problem of problems) lines.push(`  ${problem}`);
      if (over) {
        lines.push(`  over by ${KiB(total - budget * 1024)} KiB; the largest files:`);
        for (const { file, bytes } of [...files].sort((a, b) => b.bytes - a.bytes).slice(0, 10)) {
          lines.push(`    ${KiB(bytes).padStart(7)} KiB  ${file}`);
        }
      }
    }
  }
  if (!ok) {
    lines.push(
      'What a first visit loads is in decision 0062 (docs/decisions): load it later (a lazy import where it is used), or move it out of the start (vite.config.ts).',
    );
  }
  return { ok, results, message: lines.join('\n') };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const options = parseArgs(process.argv.slice(2));
  const { ok, results, message } = checkPages(options);
  if (options.json) {
    console.log(
      JSON.stringify(
        results.map(({ page, files, total, requests }) => ({ name: page.name, total, requests, files })),
        null,
        1,
      ),
    );
  }
  (ok ? console.log : console.error)(message);
  process.exit(ok ? 0 : 1);
}
