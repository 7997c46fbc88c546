// @vitest-environment node
// scripts/page-weight.mjs, the first visits' weight budget that `npm test` checks on the build
// (decision 0062), run on a small build made here: a page's document, what it names, the chunks of
// its roots with their static imports and stylesheets, each file as its .br when there is one.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('../../../../scripts/page-weight.mjs', import.meta.url));

/** Random bytes: brotli cannot shrink them, so a file weighs its size. */
const bytes = (kib: number) => randomBytes(Math.round(kib * 1024));

let dir = '';
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/**
 * A build: the entry (30 KiB, sent as a 20 KiB .br), a `boot` chunk grouped by name (10 KiB),
 * a page chunk whose size is given, importing a shared chunk (5 KiB) with a stylesheet (2 KiB),
 * a stylesheet the document has inline, and a lazy chunk nobody loads at the start.
 */
function build(pageKiB: number, headExtra: string[] = []) {
  dir = mkdtempSync(join(tmpdir(), 'page-weight-'));
  const dist = join(dir, 'dist');
  mkdirSync(join(dist, '.vite'), { recursive: true });
  mkdirSync(join(dist, 'assets'));
  const files: Record<string, Buffer> = {
    'assets/index-a.js': bytes(30),
    'assets/index-a.js.br': bytes(20),
    'assets/index-a.css': bytes(50),
    'assets/boot-b.js': bytes(10),
    'assets/Page-c.js': bytes(pageKiB),
    'assets/shared-d.js': bytes(5),
    'assets/shared-d.css': bytes(2),
    'assets/Later-e.js': bytes(500),
    'favicon.svg': bytes(1),
    'assets/inter-f.woff2': bytes(15),
    'assets/inter-g.woff2': bytes(8),
  };
  for (const [file, content] of Object.entries(files)) writeFileSync(join(dist, file), content);
  writeFileSync(
    join(dist, 'index.html'),
    [
      '<!doctype html><html><head>',
      '<link rel="icon" type="image/svg+xml" href="/favicon.svg" />',
      '<script type="module" crossorigin src="/assets/index-a.js"></script>',
      '<link rel="stylesheet" crossorigin href="/assets/index-a.css" disabled>',
      ...headExtra,
      '</head><body><div id="root"></div></body></html>',
    ].join('\n'),
  );
  const manifest = {
    'index.html': {
      file: 'assets/index-a.js',
      isEntry: true,
      css: ['assets/index-a.css'],
      dynamicImports: ['_boot-b.js', 'src/Page.tsx'],
    },
    '_boot-b.js': { file: 'assets/boot-b.js', name: 'boot', imports: ['index.html'] },
    'src/Page.tsx': {
      file: 'assets/Page-c.js',
      src: 'src/Page.tsx',
      isDynamicEntry: true,
      imports: ['_shared-d.js', '_boot-b.js'],
      dynamicImports: ['src/Later.tsx'],
    },
    '_shared-d.js': { file: 'assets/shared-d.js', css: ['assets/shared-d.css'] },
    'src/Later.tsx': { file: 'assets/Later-e.js', src: 'src/Later.tsx', isDynamicEntry: true },
  };
  writeFileSync(join(dist, '.vite/manifest.json'), JSON.stringify(manifest));
  const pages = [
    {
      name: 'the page /',
      document: 'index.html',
      roots: ['chunk:boot', 'src/Page.tsx'],
      api: { requests: 1, kib: 1 },
    },
  ];
  writeFileSync(join(dir, 'pages.json'), JSON.stringify(pages));
  return { dist, pagesFile: join(dir, 'pages.json') };
}

function check(pageKiB: number, pages?: unknown[], headExtra?: string[], extraArgs: string[] = []) {
  const built = build(pageKiB, headExtra);
  if (pages) writeFileSync(built.pagesFile, JSON.stringify(pages));
  const run = spawnSync(
    process.execPath,
    [
      script,
      `--dist=${built.dist}`,
      `--ssr=${join(dir, 'none')}`,
      `--pages=${built.pagesFile}`,
      '--budget=100',
      ...extraArgs,
    ],
    { encoding: 'utf8' },
  );
  return { code: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('scripts/page-weight.mjs', () => {
  it('passes a page whose first visit is within the budget, counting what it loads', () => {
    // 20 (entry's .br) + 10 + 40 + 5 + 2 + 1 (icon) + the document, 7 responses of 0.6 KiB, 1 KiB API.
    const { code, output } = check(40);
    expect(output).toMatch(/^the page \/: 8\d\.\d KiB in 8 requests .* within the budget of 100 KiB/);
    expect(code).toBe(0);
  });

  it('fails over the budget, naming the largest files and leaving out what loads later', () => {
    const { code, output } = check(60);
    expect(code).toBe(1);
    expect(output).toMatch(/the page \/: 10\d\.\d KiB in 8 requests .* OVER the budget of 100 KiB/);
    expect(output).toMatch(
      /over by \d+\.\d KiB; the largest files:\n\s+60\.0 KiB {2}assets\/Page-c\.js\n\s+20\.0 KiB {2}assets\/index-a\.js\n/,
    );
    // A stylesheet the document has inline, and a chunk loaded on demand, are not counted.
    expect(output).not.toContain('index-a.css');
    expect(output).not.toContain('Later-e.js');
  });

  it('counts the font the document preloads, once, within the budget, and not the faces it does not', () => {
    const head = [
      '<link rel="preload" href="/assets/inter-f.woff2" as="font" type="font/woff2" crossorigin>',
      '<style nonce="n">@font-face{font-family:Inter;src:url(/assets/inter-f.woff2) format("woff2")}' +
        '@font-face{font-family:Inter;src:url(/assets/inter-g.woff2) format("woff2");unicode-range:U+00C0}</style>',
    ];
    // The page of the first case with 5 KiB more, and the font: 15 KiB and one more response.
    const within = check(45, undefined, head, ['--budget=110']);
    expect(within.output).toMatch(
      /^the page \/: 10\d\.\d KiB in 9 requests .*; the font 15\.6 of it\) — within the budget of 110 KiB/,
    );
    expect(within.output).not.toContain('inter-g');
    expect(within.code).toBe(0);
    // The same page is over 100 KiB with its font, though it is within without it.
    const over = check(45, undefined, head);
    expect(over.output).toMatch(/OVER the budget of 100 KiB\n\s+over by \d\.\d KiB/);
    expect(over.code).toBe(1);
  });

  it('fails when a page names a chunk the build no longer has', () => {
    const { code, output } = check(10, [
      { name: 'the page /', document: 'index.html', roots: ['chunk:boot', 'src/Gone.tsx'] },
    ]);
    expect(code).toBe(1);
    expect(output).toContain('src/Gone.tsx is not a chunk of the build');
  });
});
