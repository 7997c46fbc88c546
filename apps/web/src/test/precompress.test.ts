// @vitest-environment node
// scripts/precompress.mjs gives every text asset a brotli and gzip copy where one is smaller,
// small files included, and never a copy bigger than the file.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('../../../../scripts/precompress.mjs', import.meta.url));

describe('scripts/precompress.mjs', () => {
  it('compresses small text assets too, skips files it cannot shrink and anything not text', () => {
    const dir = mkdtempSync(join(tmpdir(), 'precompress-'));
    try {
      mkdirSync(join(dir, 'assets'));
      const small = `export const words = ${JSON.stringify('hello '.repeat(60))};\n`;
      expect(small.length).toBeLessThan(1024);
      writeFileSync(join(dir, 'assets', 'small.js'), small);
      writeFileSync(join(dir, 'assets', 'tiny.js'), 'export{};');
      writeFileSync(join(dir, 'logo.png'), Buffer.alloc(4096));
      const output = execFileSync(process.execPath, [script, dir], { encoding: 'utf8' });
      expect(output).toMatch(/^precompressed 1 files .*; 1 too small to gain/);
      const br = join(dir, 'assets', 'small.js.br');
      expect(brotliDecompressSync(readFileSync(br)).toString()).toBe(small);
      expect(gunzipSync(readFileSync(`${join(dir, 'assets', 'small.js')}.gz`)).toString()).toBe(small);
      expect(readFileSync(br).length).toBeLessThan(small.length);
      expect(existsSync(join(dir, 'assets', 'tiny.js.br'))).toBe(false);
      expect(existsSync(join(dir, 'logo.png.br'))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
