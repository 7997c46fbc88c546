import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TAgentExecutablePlatform } from '@message-station/shared';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClient } from '../../test/app.js';

const releasesDir = await mkdtemp(path.join(os.tmpdir(), 'ms-releases-test-'));
afterAll(() => rm(releasesDir, { recursive: true, force: true }));

const SHA = 'ab'.repeat(32);

/** An archive whose README names its version and platform. */
function archiveOf(version: string, platform = 'node') {
  return Buffer.from(
    zipSync({ 'Message Station/README.txt': strToU8(`Message Station agent ${version} ${platform}\n`) }),
  );
}

/** A release folder as the build script writes it; each part can be left out. */
async function addRelease(
  version: string,
  parts: {
    zip?: boolean;
    notes?: string;
    releaseJson?: unknown;
    folder?: string;
    platforms?: TAgentExecutablePlatform[];
  } = {},
) {
  const folder = path.join(releasesDir, parts.folder ?? version);
  await mkdir(folder, { recursive: true });
  const zip = archiveOf(version);
  if (parts.zip !== false) await writeFile(path.join(folder, `Message Station-${version}.zip`), zip);
  for (const platform of parts.platforms ?? []) {
    await writeFile(
      path.join(folder, `Message Station-${version}-${platform}.zip`),
      archiveOf(version, platform),
    );
  }
  if (parts.notes !== undefined) await writeFile(path.join(folder, 'notes.md'), parts.notes);
  if (parts.releaseJson !== undefined) {
    await writeFile(path.join(folder, 'release.json'), JSON.stringify(parts.releaseJson));
  }
  return zip;
}

const LINUX_SHA = 'cd'.repeat(32);
const pilotZip = await addRelease('2.0.1', {
  notes: '# 2.0.1\n\n- First release of the agent.\n',
  releaseJson: {
    version: '2.0.1',
    released_at: '2026-05-01T12:00:00.000Z',
    size_bytes: 1,
    sha256: SHA,
    // A broken entry and a platform not built are ignored; the archive's size comes from the file.
    downloads: [
      { platform: 'linux-x64', file_name: 'x', size_bytes: 1, sha256: LINUX_SHA },
      { platform: 'beos-x86', sha256: LINUX_SHA },
      'not an entry',
    ],
  },
  platforms: ['linux-x64', 'macos-x64'],
});
const macZip = archiveOf('2.0.1', 'macos-x64');
const linuxZip = archiveOf('2.0.1', 'linux-x64');
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
      downloads: [
        {
          platform: 'macos-x64',
          file_name: 'Message Station-2.0.1-macos-x64.zip',
          size_bytes: macZip.length,
          sha256: null,
        },
        {
          platform: 'linux-x64',
          file_name: 'Message Station-2.0.1-linux-x64.zip',
          size_bytes: linuxZip.length,
          sha256: LINUX_SHA,
        },
        {
          platform: 'node',
          file_name: 'Message Station-2.0.1.zip',
          size_bytes: pilotZip.length,
          sha256: SHA,
        },
      ],
    });
  });

  it('offers a release that has only single executables, without the script bundle', async () => {
    await addRelease('2.2.0', { zip: false, platforms: ['windows-x64'] });
    try {
      expect((await visitor.get('/api/releases')).json().releases[0]).toBe('2.2.0');
      expect((await visitor.get('/api/releases/2.2.0')).json()).toMatchObject({
        size_bytes: null,
        sha256: null,
        downloads: [{ platform: 'windows-x64', file_name: 'Message Station-2.2.0-windows-x64.zip' }],
      });
      const bundle = await staff.get('/admin/api/download/app/2.2.0');
      expect(bundle.statusCode).toBe(404);
      expect(bundle.json()).toMatchObject({ error: 'Release not found' });
      const windows = await staff.get('/admin/api/download/app/2.2.0?platform=windows-x64');
      expect(windows.statusCode).toBe(200);
      expect(windows.headers['content-disposition']).toBe(
        'attachment; filename="Message Station-2.2.0-windows-x64.zip"',
      );
    } finally {
      await rm(path.join(releasesDir, '2.2.0'), { recursive: true });
    }
  });

  it("downloads a platform's single executable archive by ?platform=", async () => {
    const response = await staff.get('/admin/api/download/app/2.0.1?platform=linux-x64');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-length']).toBe(String(linuxZip.length));
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="Message Station-2.0.1-linux-x64.zip"',
    );
    expect(response.rawPayload.equals(linuxZip)).toBe(true);
    // ?platform=node is the script bundle, as without it.
    const bundle = await staff.get('/admin/api/download/app/2.0.1?platform=node');
    expect(bundle.rawPayload.equals(pilotZip)).toBe(true);
  });

  it('answers 404 for a platform the version was not built for, 400 for an unknown platform', async () => {
    const missing = await staff.get('/admin/api/download/app/2.0.1?platform=windows-x64');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: 'Release not found' });
    for (const platform of ['macos-arm64', 'windows', '', '..%2F2.0.1']) {
      const unknown = await staff.get(`/admin/api/download/app/2.0.1?platform=${platform}`);
      expect(unknown.statusCode, platform).toBe(400);
      expect(unknown.json().error, platform).toBe('Unknown platform.');
    }
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
      downloads: [
        {
          platform: 'node',
          file_name: 'Message Station-2.0.10.zip',
          size_bytes: newestZip.length,
          sha256: null,
        },
      ],
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
      'Message Station agent 2.0.10 node\n',
    );
  });

  it('downloads the App Pilot build: the macOS executable of 2.0.1, saved under the spec name', async () => {
    const response = await staff.get('/admin/api/download/app-pilot');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe('attachment; filename="Message Station-2.0.1.zip"');
    expect(response.rawPayload.equals(macZip)).toBe(true);
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
