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

/** The code points kept, as [first, last] ranges: what the unicode-range declares. */
export const RANGES = [
  [0x20, 0x7e], // Basic Latin
  [0xa0, 0xff], // Latin-1: the accented letters of de, es, fr, it, pt, « », ¿ ¡, ©
  [0x152, 0x153], // Œ œ (fr)
  [0x178, 0x178], // Ÿ (fr)
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
/** The weights the product uses (docs/design.md "Type"): text 400, emphasis 500, headings 600. */
export const WEIGHTS = { min: 400, max: 600 };

const hex = (n) => n.toString(16).toUpperCase().padStart(4, '0');
/** The CSS unicode-range of RANGES. */
export function unicodeRange(ranges = RANGES) {
  return ranges.map(([a, b]) => (a === b ? `U+${hex(a)}` : `U+${hex(a)}-${hex(b)}`)).join(', ');
}

/** The @font-face rule of fonts.css, written as the formatter (biome) writes it. */
export function fontFaceCss(file) {
  return `/* Made by scripts/subset-inter.mjs (decision 0084): do not edit, run the script. */
@font-face {
  font-family: Inter;
  font-style: normal;
  font-display: swap;
  font-weight: ${WEIGHTS.min} ${WEIGHTS.max};
  src: url("./${file}") format("woff2");
  unicode-range:
    ${unicodeRange()};
}
`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const require = createRequire(path.join(root, 'apps/web/package.json'));
  const { default: subsetFont } = await import(require.resolve('subset-font'));
  const source = require.resolve('@fontsource-variable/inter/files/inter-latin-wght-normal.woff2');
  let text = '';
  for (const [a, b] of RANGES) for (let c = a; c <= b; c++) text += String.fromCodePoint(c);
  const font = await subsetFont(fs.readFileSync(source), text, {
    targetFormat: 'woff2',
    variationAxes: { wght: { ...WEIGHTS, default: WEIGHTS.min } },
    noLayoutClosure: true,
  });
  const file = 'inter-latin.woff2';
  fs.writeFileSync(path.join(outDir, file), font);
  fs.writeFileSync(path.join(outDir, 'fonts.css'), fontFaceCss(file));
  console.log(`wrote ${file}: ${(font.length / 1024).toFixed(1)} KiB, ${unicodeRange()}`);
}
