// Desktop agent releases, read from the releases folder on every call so a newly built release
// shows up without a restart. A release is a folder named by its version holding its archives:
// the script bundle's zip and, built on Linux x64, one single-executable zip per platform.
import { createReadStream, type Dirent, type ReadStream } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  AGENT_DOWNLOADS,
  releaseZipName,
  type TAgentDownload,
  type TReleaseDownload,
  type TReleaseNotes,
} from '@message-station/shared';
import { z } from 'zod';
import { notFound } from '../../platform/errors.js';
import type { TServiceContext } from '../../service-context.js';

export const RELEASE_NOT_FOUND = 'Release not found';

/** Only plain x.y.z versions: anything else (a path, '..') never reaches the file system. */
const VERSION = /^\d+\.\d+\.\d+$/;

/** What the build script writes beside the zip; each field is used only when well formed. */
const ZSha256 = z
  .string()
  .regex(/^[0-9a-f]{64}$/)
  .nullable()
  .catch(null);
const ZReleaseFile = z.object({
  released_at: z.iso.datetime({ offset: true }).nullable().catch(null),
  sha256: ZSha256,
  /** Each archive's SHA-256; an entry that does not parse is left out. */
  downloads: z
    .array(z.unknown())
    .catch([])
    .default([])
    .transform((entries) =>
      entries.flatMap((entry) => {
        const parsed = z.object({ platform: z.enum(AGENT_DOWNLOADS), sha256: ZSha256 }).safeParse(entry);
        return parsed.success ? [parsed.data] : [];
      }),
    ),
});
type TReleaseFile = z.infer<typeof ZReleaseFile>;
const NO_RELEASE_FILE: TReleaseFile = { released_at: null, sha256: null, downloads: [] };

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

function zipPath(releasesDir: string, version: string, platform: TAgentDownload = 'node') {
  return path.join(releasesDir, version, releaseZipName(version, platform));
}

async function hasAnyArchive(releasesDir: string, version: string) {
  const present = await Promise.all(
    AGENT_DOWNLOADS.map((platform) => isFile(zipPath(releasesDir, version, platform))),
  );
  return present.includes(true);
}

/** Versions that have at least one archive, newest first. */
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
    candidates.map(async (entry) => ((await hasAnyArchive(releasesDir, entry.name)) ? entry.name : null)),
  );
  return present.filter((version) => version !== null).sort((a, b) => compareVersions(b, a));
}

/** An archive of a release and its size, or null when it is not there. */
async function archive(releasesDir: string, version: string, platform: TAgentDownload) {
  const filePath = zipPath(releasesDir, version, platform);
  try {
    const info = await stat(filePath);
    if (info.isFile()) return { platform, filePath, size: info.size };
  } catch {
    // Missing: not offered.
  }
  return null;
}

/** One archive of a release; 404 when the version is malformed or has no such archive. */
async function findZip(releasesDir: string, version: string, platform: TAgentDownload = 'node') {
  if (!VERSION.test(version)) throw notFound('release_not_found');
  const found = await archive(releasesDir, version, platform);
  if (!found) throw notFound('release_not_found');
  return found;
}

async function readOptional(filePath: string): Promise<string | null> {
  try {
    return await readFile(filePath, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

function parseReleaseFile(text: string | null): TReleaseFile {
  if (text === null) return NO_RELEASE_FILE;
  try {
    const parsed = ZReleaseFile.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
  } catch {
    // A broken release.json only loses the details; the release itself is still offered.
  }
  return NO_RELEASE_FILE;
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
  if (!VERSION.test(version)) throw notFound('release_not_found');
  const folder = path.join(releasesDir, version);
  const [archives, translated, english, releaseFile] = await Promise.all([
    Promise.all(AGENT_DOWNLOADS.map((platform) => archive(releasesDir, version, platform))),
    language === 'en' ? null : readOptional(path.join(folder, `notes.${language}.md`)),
    readOptional(path.join(folder, 'notes.md')),
    readOptional(path.join(folder, 'release.json')),
  ]);
  const present = archives.filter((found) => found !== null);
  if (present.length === 0) throw notFound('release_not_found');
  const notes = translated ?? english;
  const details = parseReleaseFile(releaseFile);
  const shaOf = (platform: TAgentDownload) =>
    details.downloads.find((entry) => entry.platform === platform)?.sha256 ??
    (platform === 'node' ? details.sha256 : null);
  const downloads: TReleaseDownload[] = present.map((found) => ({
    platform: found.platform,
    file_name: releaseZipName(version, found.platform),
    // The archive itself is the truth about its size.
    size_bytes: found.size,
    sha256: shaOf(found.platform),
  }));
  const node = present.find((found) => found.platform === 'node');
  return {
    version,
    notes: notes ?? '',
    released_at: details.released_at,
    size_bytes: node?.size ?? null,
    sha256: node ? shaOf('node') : null,
    downloads,
  };
}

export type TReleaseFileDownload = { fileName: string; size: number; stream: ReadStream };

/**
 * An archive to download, saved as its own name; `savedAs` names it otherwise (the App Pilot is
 * the macOS archive saved as the spec's 'Message Station-2.0.1.zip').
 */
export async function openReleaseZip(
  context: Pick<TServiceContext, 'config'>,
  input: { version: string; platform?: TAgentDownload; savedAs?: string },
): Promise<TReleaseFileDownload> {
  const { version, platform = 'node' } = input;
  const zip = await findZip(context.config.releasesDir, version, platform);
  return {
    fileName: input.savedAs ?? releaseZipName(version, platform),
    size: zip.size,
    stream: createReadStream(zip.filePath),
  };
}
