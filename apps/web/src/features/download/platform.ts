// Which archive of the desktop app a station computer needs: the single executable for Windows,
// macOS or Linux (no Node.js needed), or the script bundle for any system with Node.js 20. The
// browser's system is preselected; a phone or anything unknown gets Windows, the usual station PC.
import {
  AGENT_DOWNLOADS,
  releaseZipName,
  type TAgentDownload,
  type TReleaseNotes,
} from '@message-station/shared';

type TUserAgentData = { platform?: string };

/** The system this browser runs on, as a download; anything else (a phone, a tablet) is Windows. */
export function detectPlatform(
  nav: { userAgent?: string; userAgentData?: TUserAgentData } | undefined = typeof navigator === 'undefined'
    ? undefined
    : (navigator as Navigator & { userAgentData?: TUserAgentData }),
): TAgentDownload {
  const hinted = nav?.userAgentData?.platform ?? '';
  const agent = hinted || nav?.userAgent || '';
  if (/Android|iPhone|iPad|iPod|iOS|CrOS|Chrome OS|Chromium OS/i.test(agent)) return 'windows-x64';
  if (/Windows/i.test(agent)) return 'windows-x64';
  if (/Mac/i.test(agent)) return 'macos-x64';
  if (/Linux|X11/i.test(agent)) return 'linux-x64';
  return 'windows-x64';
}

/**
 * The downloads a version offers, in AGENT_DOWNLOADS order. While its release is unknown (loading,
 * failed, or an older server that does not list them) every download is offered.
 */
export function offeredPlatforms(release: TReleaseNotes | undefined): TAgentDownload[] {
  const listed = new Set((release?.downloads ?? []).map((download) => download.platform));
  if (listed.size === 0) return [...AGENT_DOWNLOADS];
  return AGENT_DOWNLOADS.filter((platform) => listed.has(platform));
}

/**
 * The download shown as chosen: the user's choice, else this browser's system, else the script
 * bundle (it runs wherever Node.js does), else the first one offered.
 */
export function choosePlatform(
  offered: readonly TAgentDownload[],
  chosen: TAgentDownload | null,
  detected: TAgentDownload,
): TAgentDownload {
  for (const platform of [chosen, detected, 'node'] as const) {
    if (platform && offered.includes(platform)) return platform;
  }
  return offered[0] ?? 'node';
}

export type TArchive = { fileName: string; sizeBytes: number | null; sha256: string | null };

/** The chosen archive's name, size and SHA-256, as its release lists them. */
export function archiveOf(
  release: TReleaseNotes | undefined,
  version: string,
  platform: TAgentDownload,
): TArchive {
  const listed = release?.downloads?.find((download) => download.platform === platform);
  if (listed) return { fileName: listed.file_name, sizeBytes: listed.size_bytes, sha256: listed.sha256 };
  // An older release lists no archives: its size and SHA-256 are the script bundle's.
  if (platform === 'node' && release) {
    return { fileName: releaseZipName(version), sizeBytes: release.size_bytes, sha256: release.sha256 };
  }
  return { fileName: releaseZipName(version, platform), sizeBytes: null, sha256: null };
}
