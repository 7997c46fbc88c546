// The desktop agent's release calls: which version, and in which language
// its notes are read. The list and notes shapes live with the agent (agent.ts).
import { z } from 'zod';
import { AGENT_DOWNLOADS, type ZReleaseList } from './agent.js';
import { refusal } from './issue-message.js';
import { TEXT_LIMITS, textField } from './text-field.js';

export type TReleaseList = z.infer<typeof ZReleaseList>;

/** `{version}` of /api/releases/{version} and the downloads; an unusable one is an unknown release. */
export const ZReleaseParams = z.object({
  version: textField({ label: 'Version', max: TEXT_LIMITS.slug, required: refusal('release_not_found') }),
});

export const ZReleaseNotesQuery = z.object({
  language: z
    .enum(['en', 'es'])
    .default('en')
    .describe('The notes in this interface language where the release has them, else English'),
});
export type TReleaseNotesQuery = z.input<typeof ZReleaseNotesQuery>;

/** Query of GET /admin/api/download/app/{version}: which archive; without it the script bundle. */
export const ZReleaseDownloadQuery = z.object({
  platform: z
    .enum(AGENT_DOWNLOADS, refusal('invalid_value', { detail: 'Unknown platform.' }))
    .default('node')
    .describe('windows-x64, macos-x64 or linux-x64: the single executable; node: the script bundle'),
});
export type TReleaseDownloadQuery = z.input<typeof ZReleaseDownloadQuery>;
