#!/usr/bin/env node
// Writes .br and .gz next to every text asset of the web build, so the server sends them
// compressed without spending CPU per request (@fastify/static `preCompressed`). Small files too
// (84 files under 1 KiB went uncompressed); a copy is written only where it is smaller,
// since the server would send it whatever its size.
// Usage: node scripts/precompress.mjs [dir=apps/web/dist]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const dir = path.resolve(process.argv[2] ?? path.join(root, 'apps/web/dist'));
const TEXT = /\.(js|css|html|svg|json|md|txt|map)$/;

let saved = 0;
let files = 0;
let notSmaller = 0;
for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !TEXT.test(entry.name)) continue;
  const file = path.join(entry.parentPath ?? entry.path, entry.name);
  const bytes = fs.readFileSync(file);
  const brotli = zlib.brotliCompressSync(bytes, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  const gzip = zlib.gzipSync(bytes, { level: 9 });
  if (brotli.length < bytes.length) fs.writeFileSync(`${file}.br`, brotli);
  if (gzip.length < bytes.length) fs.writeFileSync(`${file}.gz`, gzip);
  if (brotli.length >= bytes.length) notSmaller += 1;
  else {
    saved += bytes.length - brotli.length;
    files += 1;
  }
}
console.log(
  `precompressed ${files} files (brotli saves ${(saved / 1024).toFixed(0)} KiB); ${notSmaller} too small to gain`,
);
