#!/usr/bin/env node
// Makes the one web font the product ships (decision 0084): Inter's variable font from
// @fontsource-variable/inter (its Latin file), cut to weights 400–600 and to the characters of the
// Latin UI languages (Basic Latin, Latin-1 and the punctuation the texts use), without the
// glyphs only optional layout features reach. Writes apps/web/src/app/fonts/inter-latin.woff2 and
// the @font-face rule beside it (fonts.css, with the matching unicode-range); both are committed,
// so the build needs neither this script nor its packages. Run it again after changing the
// characters or the package: node scripts/subset-inter.mjs
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const outDir = path.join(root, 'apps/web/src/app/fonts');

/**
 * The code points of the first file, as [first, last] ranges: what the unicode-range declares.
 * Every character of the UI texts (en, es: src/locales) and the punctuation they use, so a page in
 * either language loads this file only.
 */
export const RANGES = [
  [0x20, 0x7e], // Basic Latin
  [0xa0, 0xa1], // no-break space, ¡
  [0xa9, 0xa9], // ©
  [0xab, 0xab], // «
  [0xb7, 0xb7], // ·
  [0xbb, 0xbb], // »
  [0xbf, 0xbf], // ¿
  [0xc1, 0xc1], // Á
  [0xc9, 0xc9], // É
  [0xcd, 0xcd], // Í
  [0xd1, 0xd1], // Ñ
  [0xd3, 0xd3], // Ó
  [0xd7, 0xd7], // ×
  [0xda, 0xda], // Ú
  [0xdc, 0xdc], // Ü
  [0xe1, 0xe1], // á
  [0xe9, 0xe9], // é
  [0xed, 0xed], // í
  [0xf1, 0xf1], // ñ
  [0xf3, 0xf3], // ó
  [0xf7, 0xf7], // ÷
  [0xfa, 0xfa], // ú
  [0xfc, 0xfc], // ü
  [0x2013, 0x2014], // – —
  [0x2018, 0x201a], // ‘ ’ ‚
  [0x201c, 0x201e], // “ ” „
  [0x2022, 0x2022], // •
  [0x2026, 0x2026], // …
  [0x2039, 0x203a], // ‹ ›
  [0x20ac, 0x20ac], // €
  [0x2122, 0x2122], // ™
  [0x2192, 0x2192], // →
  [0x2212, 0x2212], // −
];
/**
 * The rest of Latin-1 and Œ œ Ÿ (the accented letters of de, fr, it, pt in stations' own texts,
 * the other Latin-1 signs), in a second file that a browser loads only for a page that shows one
 * of them: the same glyphs as before, out of every first visit.
 */
export const EXTRA_RANGES = [
  [0xa2, 0xa8],
  [0xaa, 0xaa],
  [0xac, 0xb6],
  [0xb8, 0xba],
  [0xbc, 0xbe],
  [0xc0, 0xc0],
  [0xc2, 0xc8],
  [0xca, 0xcc],
  [0xce, 0xd0],
  [0xd2, 0xd2],
  [0xd4, 0xd6],
  [0xd8, 0xd9],
  [0xdb, 0xdb],
  [0xdd, 0xe0],
  [0xe2, 0xe8],
  [0xea, 0xec],
  [0xee, 0xf0],
  [0xf2, 0xf2],
  [0xf4, 0xf6],
  [0xf8, 0xf9],
  [0xfb, 0xfb],
  [0xfd, 0xff],
  [0x152, 0x153], // Œ œ (fr)
  [0x178, 0x178], // Ÿ (fr)
];
/** The two files: the first paint's (preloaded, apps/web/build/font-preload.ts) and the extra one. */
export const FILES = [
  { file: 'inter-latin.woff2', ranges: RANGES },
  { file: 'inter-extra.woff2', ranges: EXTRA_RANGES },
];
/** The weights the product uses (docs/design.md "Type"): text 400, emphasis 500, headings 600. */
export const WEIGHTS = { min: 400, max: 600 };

const hex = (n) => n.toString(16).toUpperCase().padStart(4, '0');
/** The CSS unicode-range of RANGES. */
export function unicodeRange(ranges) {
  return ranges.map(([a, b]) => (a === b ? `U+${hex(a)}` : `U+${hex(a)}-${hex(b)}`)).join(', ');
}

/** The @font-face rules of fonts.css, written as the formatter (biome) writes them. */
export function fontFaceCss(files = FILES) {
  const rules = files.map(
    ({ file, ranges }) => `@font-face {
  font-family: Inter;
  font-style: normal;
  font-display: swap;
  font-weight: ${WEIGHTS.min} ${WEIGHTS.max};
  src: url("./${file}") format("woff2");
  unicode-range:
    ${unicodeRange(ranges)};
}
`,
  );
  return `/* Made by scripts/subset-inter.mjs (decision 0084): do not edit, run the script. */
${rules.join('')}`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const require = createRequire(path.join(root, 'apps/web/package.json'));
  const { default: subsetFont } = await import(require.resolve('subset-font'));
  const source = require.resolve('@fontsource-variable/inter/files/inter-latin-wght-normal.woff2');
  for (const { file, ranges } of FILES) {
    let text = '';
    for (const [first, last] of ranges) for (let c = first; c <= last; c++) text += String.fromCodePoint(c);
    const font = await subsetFont(fs.readFileSync(source), text, {
      targetFormat: 'woff2',
      variationAxes: { wght: { ...WEIGHTS, default: WEIGHTS.min } },
      noLayoutClosure: true,
    });
    fs.writeFileSync(path.join(outDir, file), font);
    console.log(`wrote ${file}: ${(font.length / 1024).toFixed(1)} KiB, ${unicodeRange(ranges)}`);
  }
  fs.writeFileSync(path.join(outDir, 'fonts.css'), fontFaceCss());
}
