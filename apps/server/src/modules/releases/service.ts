// Desktop agent releases, read from the releases folder on every call so a newly built release
// shows up without a restart. A release is a folder named by its version holding the zip.
import { createReadStream, type Dirent, type ReadStream } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { releaseZipName, type TReleaseNotes } from '@message-station/shared';
import { z } from 'zod';
import { notFound } from '../../platform/errors.js';
import type { TServiceContext } from '../../service-context.js';

export const RELEASE_NOT_FOUND = 'Release not found';

/** Only plain x.y.z versions: anything else (a path, '..') never reaches the file system. */
const VERSION = /^\d+\.\d+\.\d+$/;

/** What the build script writes beside the zip; each field is used only when well formed. */
const ZReleaseFile = z.object({
  released_at: z.iso.datetime({ offset: true }).nullable().catch(null),
  sha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .nullable()
    .catch(null),
});

function compareVersions(a: string, b: string): number {
  const left = a.split('.').map(Number);
  const right = b.split('.').map(Number);
  for (let i = 0; i < 3; i += 1) {
    const difference = (left[i] ?? 0) - (right[i] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

async function isFile(filePath: string) {
  try {
    return (await stat(filePath)).isFile();
  } catch {
    return false;
  }
}

function zipPath(releasesDir: string, version: string) {
  return path.join(releasesDir, version, releaseZipName(version));
}

/** Versions that have their zip, newest first. */
export async function listReleases(context: Pick<TServiceContext, 'config'>): Promise<string[]> {
  const { releasesDir } = context.config;
  let entries: Dirent[];
  try {
    entries = await readdir(releasesDir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const candidates = entries.filter((entry) => entry.isDirectory() && VERSION.test(entry.name));
  const present = await Promise.all(
    candidates.map(async (entry) => ((await isFile(zipPath(releasesDir, entry.name))) ? entry.name : null)),
  );
  return present.filter((version) => version !== null).sort((a, b) => compareVersions(b, a));
}

/** The zip of a release and its size; 404 when the version is malformed or has no zip. */
async function findZip(releasesDir: string, version: string) {
  if (!VERSION.test(version)) throw notFound('release_not_found');
  const filePath = zipPath(releasesDir, version);
  try {
    const info = await stat(filePath);
    if (info.isFile()) return { filePath, size: info.size };
  } catch {
    // Missing: answered below like any unknown version.
  }
  throw notFound('release_not_found');
}

async function readOptional(filePath: string): Promise<string | null> {
  try {
    return await readFile(filePath, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

function parseReleaseFile(text: string | null) {
  if (text === null) return { released_at: null, sha256: null };
  try {
    const parsed = ZReleaseFile.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
  } catch {
    // A broken release.json only loses the details; the release itself is still offered.
  }
  return { released_at: null, sha256: null };
}

/**
 * A version's notes and details; `language` 'es' reads notes.es.md (the CHANGELOG.es.md section)
 * where the release has it, else the English notes.md.
 */
export async function releaseNotes(
  context: Pick<TServiceContext, 'config'>,
  input: { version: string; language?: 'en' | 'es' },
): Promise<TReleaseNotes> {
  const { releasesDir } = context.config;
  const { version, language = 'en' } = input;
  const zip = await findZip(releasesDir, version);
  const folder = path.join(releasesDir, version);
  const [translated, english, releaseFile] = await Promise.all([
    language === 'en' ? null : readOptional(path.join(folder, `notes.${language}.md`)),
    readOptional(path.join(folder, 'notes.md')),
    readOptional(path.join(folder, 'release.json')),
  ]);
  const notes = translated ?? english;
  const details = parseReleaseFile(releaseFile);
  return {
    version,
    notes: notes ?? '',
    released_at: details.released_at,
    // The zip itself is the truth about its size.
    size_bytes: zip.size,
    sha256: details.sha256,
  };
}

export type TReleaseDownload = { fileName: string; size: number; stream: ReadStream };

export async function openReleaseZip(
  context: Pick<TServiceContext, 'config'>,
  version: string,
): Promise<TReleaseDownload> {
  const zip = await findZip(context.config.releasesDir, version);
  return { fileName: releaseZipName(version), size: zip.size, stream: createReadStream(zip.filePath) };
}
