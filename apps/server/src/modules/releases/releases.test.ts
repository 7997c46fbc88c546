import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClient } from '../../test/app.js';

const releasesDir = await mkdtemp(path.join(os.tmpdir(), 'ms-releases-test-'));
afterAll(() => rm(releasesDir, { recursive: true, force: true }));

const SHA = 'ab'.repeat(32);

/** A release folder as the build script writes it; each part can be left out. */
async function addRelease(
  version: string,
  parts: { zip?: boolean; notes?: string; releaseJson?: unknown; folder?: string } = {},
) {
  const folder = path.join(releasesDir, parts.folder ?? version);
  await mkdir(folder, { recursive: true });
  const zip = zipSync({ 'Message Station/README.txt': strToU8(`Message Station agent ${version}\n`) });
  if (parts.zip !== false) await writeFile(path.join(folder, `Message Station-${version}.zip`), zip);
  if (parts.notes !== undefined) await writeFile(path.join(folder, 'notes.md'), parts.notes);
  if (parts.releaseJson !== undefined) {
    await writeFile(path.join(folder, 'release.json'), JSON.stringify(parts.releaseJson));
  }
  return Buffer.from(zip);
}

const pilotZip = await addRelease('2.0.1', {
  notes: '# 2.0.1\n\n- First release of the agent.\n',
  releaseJson: { version: '2.0.1', released_at: '2026-05-01T12:00:00.000Z', size_bytes: 1, sha256: SHA },
});
await addRelease('2.0.9', { notes: '- Faster reconnects.\n', releaseJson: 'not an object' });
const newestZip = await addRelease('2.0.10');
// Not releases: a version folder without its zip, a folder not named by a version, a stray file.
await addRelease('3.0.0', { zip: false, notes: 'Not built yet' });
await addRelease('2.0.11', { folder: 'latest' });
await writeFile(path.join(releasesDir, 'README.txt'), 'releases');

describe('releases', async () => {
  const { app } = await createTestApp({ config: { releasesDir } });
  const visitor = new TestClient(app);
  const staff = new TestClient(app);
  await staff.login('user@demo.test');

  it('lists the built versions newest first, to anyone', async () => {
    const response = await visitor.get('/api/releases');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ releases: ['2.0.10', '2.0.9', '2.0.1'] });
  });

  it('shows a release built after the server started', async () => {
    await addRelease('2.1.0', { notes: 'New' });
    expect((await visitor.get('/api/releases')).json().releases).toEqual([
      '2.1.0',
      '2.0.10',
      '2.0.9',
      '2.0.1',
    ]);
    await rm(path.join(releasesDir, '2.1.0'), { recursive: true });
    expect((await visitor.get('/api/releases')).json().releases).toEqual(['2.0.10', '2.0.9', '2.0.1']);
  });

  it('gives the notes and details of a version', async () => {
    const response = await visitor.get('/api/releases/2.0.1');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      version: '2.0.1',
      notes: '# 2.0.1\n\n- First release of the agent.\n',
      released_at: '2026-05-01T12:00:00.000Z',
      size_bytes: pilotZip.length,
      sha256: SHA,
    });
  });

  it('gives the Spanish notes to a Spanish page where the release has them, else the English', async () => {
    await writeFile(path.join(releasesDir, '2.0.1', 'notes.es.md'), '# 2.0.1\n\n- Primera versión.\n');
    try {
      expect((await visitor.get('/api/releases/2.0.1?language=es')).json().notes).toBe(
        '# 2.0.1\n\n- Primera versión.\n',
      );
      expect((await visitor.get('/api/releases/2.0.1?language=en')).json().notes).toBe(
        '# 2.0.1\n\n- First release of the agent.\n',
      );
      expect((await visitor.get('/api/releases/2.0.9?language=es')).json().notes).toBe(
        '- Faster reconnects.\n',
      );
      expect((await visitor.get('/api/releases/2.0.1?language=fr')).statusCode).toBe(400);
    } finally {
      await rm(path.join(releasesDir, '2.0.1', 'notes.es.md'));
    }
  });

  it('gives empty notes and no details when the release has only its zip', async () => {
    expect((await visitor.get('/api/releases/2.0.10')).json()).toEqual({
      version: '2.0.10',
      notes: '',
      released_at: null,
      size_bytes: newestZip.length,
      sha256: null,
    });
    expect((await visitor.get('/api/releases/2.0.9')).json()).toMatchObject({
      notes: '- Faster reconnects.\n',
      released_at: null,
      sha256: null,
    });
  });

  it.each([
    '9.9.9',
    '3.0.0',
    'latest',
    '2.0',
    '..%2F..%2F..%2Fetc%2Fpasswd',
    '..%2F2.0.1',
    '2.0.1%2F..%2F2.0.1',
  ])('answers 404 for %s', async (version) => {
    for (const url of [`/api/releases/${version}`, `/admin/api/download/app/${version}`]) {
      const response = await staff.get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toMatchObject({ error: 'Release not found' });
    }
  });

  it('never serves a file above the releases folder', async () => {
    // An encoded '..' becomes a real path segment before routing: no release route matches.
    for (const url of ['/api/releases/%2E%2E', '/admin/api/download/app/%2E%2E%2F2.0.1']) {
      const response = await staff.get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toContain('application/json');
    }
  });

  it('downloads a version as its zip', async () => {
    const response = await staff.get('/admin/api/download/app/2.0.10');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-length']).toBe(String(newestZip.length));
    expect(response.headers['content-disposition']).toBe('attachment; filename="Message Station-2.0.10.zip"');
    expect(response.rawPayload.equals(newestZip)).toBe(true);
    const files = unzipSync(new Uint8Array(response.rawPayload));
    expect(new TextDecoder().decode(files['Message Station/README.txt'])).toBe(
      'Message Station agent 2.0.10\n',
    );
  });

  it('downloads the App Pilot build, version 2.0.1', async () => {
    const response = await staff.get('/admin/api/download/app-pilot');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe('attachment; filename="Message Station-2.0.1.zip"');
    expect(response.rawPayload.equals(pilotZip)).toBe(true);
  });

  it('downloads only for a signed-in user', async () => {
    for (const url of ['/admin/api/download/app/2.0.1', '/admin/api/download/app-pilot']) {
      const response = await visitor.get(url);
      expect(response.statusCode, url).toBe(401);
    }
  });
});

describe('releases without a releases folder', async () => {
  const { app } = await createTestApp({ config: { releasesDir: path.join(releasesDir, 'missing') } });
  const staff = new TestClient(app);
  await staff.login('user@demo.test');

  it('lists none and has no App Pilot to download', async () => {
    expect((await staff.get('/api/releases')).json()).toEqual({ releases: [] });
    const response = await staff.get('/admin/api/download/app-pilot');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'Release not found' });
  });
});
