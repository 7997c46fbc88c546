#!/usr/bin/env node
// Writes .br and .gz next to every text asset of the web build, so the server sends them
// compressed without spending CPU per request (@fastify/static `preCompressed`).
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
for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !TEXT.test(entry.name)) continue;
  const file = path.join(entry.parentPath ?? entry.path, entry.name);
  const bytes = fs.readFileSync(file);
  if (bytes.length < 1024) continue;
  const brotli = zlib.brotliCompressSync(bytes, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  fs.writeFileSync(`${file}.br`, brotli);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(bytes, { level: 9 }));
  saved += bytes.length - brotli.length;
  files += 1;
}
console.log(`precompressed ${files} files (brotli saves ${(saved / 1024).toFixed(0)} KiB)`);
