// @vitest-environment node
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('../../../../scripts/check-locales.mjs', import.meta.url));

describe('scripts/check-locales.mjs', () => {
  it('passes on the real locale files', () => {
    const output = execFileSync(process.execPath, [script], { encoding: 'utf8' });
    expect(output).toMatch(/identical in en and es/);
  });

  it('fails and names a key missing in one language', () => {
    const dir = mkdtempSync(join(tmpdir(), 'locales-'));
    try {
      mkdirSync(join(dir, 'en'));
      mkdirSync(join(dir, 'es'));
      writeFileSync(join(dir, 'en', 'demo.json'), JSON.stringify({ a: { b: 'B', c: 'C' } }));
      writeFileSync(join(dir, 'es', 'demo.json'), JSON.stringify({ a: { b: 'B' }, d: 'D' }));
      const result = spawnSync(process.execPath, [script, dir], { encoding: 'utf8' });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('es/demo.json: missing "a.c"');
      expect(result.stderr).toContain('en/demo.json: missing "d"');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('wants the subscriber pages in all nine languages, with the same keys and placeholders', () => {
    const dir = mkdtempSync(join(tmpdir(), 'locales-'));
    try {
      const english = { join: { title: 'Join', intro: 'Alerts from {{station}}' } };
      for (const lng of ['en', 'es', 'fr', 'de', 'it', 'pt', 'zh', 'ja']) {
        mkdirSync(join(dir, lng));
        writeFileSync(join(dir, lng, 'subscribers.json'), JSON.stringify(english));
      }
      writeFileSync(
        join(dir, 'fr', 'subscribers.json'),
        JSON.stringify({ join: { title: 'Rejoindre', intro: 'Alertes' } }),
      );
      writeFileSync(join(dir, 'de', 'subscribers.json'), JSON.stringify({ join: { title: 'Beitreten' } }));
      const result = spawnSync(process.execPath, [script, dir], { encoding: 'utf8' });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('ko/subscribers.json: file missing');
      expect(result.stderr).toContain('de/subscribers.json: missing "join.intro"');
      expect(result.stderr).toContain(
        'fr/subscribers.json: "join.intro" uses {{}}, English uses {{station}}',
      );
      expect(result.stderr).not.toContain('ja/subscribers.json');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
