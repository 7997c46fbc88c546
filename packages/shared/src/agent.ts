// The desktop agent: what the Machines page lists, the calls that
// drive playback, the WebSocket protocol between agent and server (/agent/v1/ws) and
// the broadcast ID template that names exported audio files.
import { z } from 'zod';
import { LANGUAGE_CODES, type TLanguageCode } from './constants.js';
import { refusal } from './issue-message.js';
import { isStorableText, TEXT_LIMITS, textField } from './text-field.js';
import { localDateTime } from './wall-clock.js';

/** The version of the agent built from apps/agent, and the fixed App Pilot build. */
export const AGENT_VERSION = '2.0.1';
export const APP_PILOT_VERSION = '2.0.1';

export const AGENT_WS_PATH = '/agent/v1/ws';
/** The agent sends a heartbeat this often; the server drops a machine silent for 3 of them. */
export const AGENT_HEARTBEAT_SECONDS = 15;
export const AGENT_STALE_SECONDS = 3 * AGENT_HEARTBEAT_SECONDS;
/** How long the dashboard waits for the agent to acknowledge a command. */
export const AGENT_COMMAND_TIMEOUT_MS = { play: 15_000, stop: 15_000, export: 120_000 } as const;

/** WebSocket close codes the server uses (4000–4999 are free for applications). */
export const AGENT_CLOSE = {
  /** Wrong Station ID or API key, or the key was revoked while connected. Do not retry. */
  unauthorized: 4401,
  /** The key is fine but API access is off for the user or the station has no plan. */
  forbidden: 4403,
  /** The same client_id connected again elsewhere; this older socket is closed. */
  replaced: 4409,
  /** The agent spoke something the server does not understand. */
  protocol: 4400,
  /** A frame over AGENT_FRAME_MAX_BYTES (the WebSocket standard's "message too big"). */
  tooLarge: 1009,
  /**
   * Frames sent far faster than any agent sends them, for a while (the WebSocket standard's
   * "policy violation"; limits in apps/server/src/modules/machines/frame-budget.ts, decision 0056).
   */
  tooManyFrames: 1008,
} as const;

/**
 * The largest frame the server reads from an agent. The socket itself stops at 64 KB; every field
 * has its own limit too, and a hello within them all stays far below this.
 */
export const AGENT_FRAME_MAX_BYTES = 32 * 1024;
/** The most voices (languages) a machine may report. */
export const AGENT_MAX_VOICES = 50;

/**
 * espeak-ng voices per product language, best first; the agent on Linux and the server's audio
 * downloads both use them. Mandarin only through cmn-latn-pinyin: it speaks Chinese characters
 * with Mandarin phonemes and tones, while the plain `cmn` voice reads them as English-sounding
 * pinyin with the tone numbers spoken aloud ("jin one tian one").
 */
export const ESPEAK_VOICE_PREFERENCES: Record<TLanguageCode, readonly [string, ...string[]]> = {
  en: ['en-us', 'en-gb', 'en-029'],
  es: ['es-419', 'es'],
  fr: ['fr-fr', 'fr-be', 'fr-ch'],
  de: ['de'],
  it: ['it'],
  pt: ['pt-br', 'pt'],
  zh: ['cmn-latn-pinyin'],
  ja: ['ja'],
  ko: ['ko'],
};

/** Voices per language: language code → the engine's voice name. */
export const ZVoices = z
  .record(
    textField({
      label: 'Voice language',
      max: 35,
      required: refusal('field_required', { field: 'Voice language' }),
    }),
    textField({ label: 'Voice', max: 200 }),
  )
  .refine((voices) => Object.keys(voices).length <= AGENT_MAX_VOICES, {
    message: refusal('invalid_value', { detail: `At most ${AGENT_MAX_VOICES} voices.` }),
  });

/**
 * The languages a machine skips because no voice for them is installed: product language codes,
 * each once. Codes, not sentences: the Machines page words them in the reader's language.
 */
export const ZSkippedLanguages = z
  .array(
    z.enum(
      LANGUAGE_CODES,
      refusal('invalid_value', { detail: `Skipped languages must be among: ${LANGUAGE_CODES.join(', ')}.` }),
    ),
  )
  .max(
    LANGUAGE_CODES.length,
    refusal('invalid_value', { detail: `At most ${LANGUAGE_CODES.length} skipped languages.` }),
  )
  .refine((codes) => new Set(codes).size === codes.length, {
    message: refusal('invalid_value', { detail: 'Skipped languages must be listed once each.' }),
  });

/**
 * The audio output an agent reports when it plays to no device (--audio-output null, or none
 * found): a fixed value the Machines page words in its reader's language, not a device name.
 */
export const AGENT_SILENT_DEVICE = 'None (silent)';

// ---- What the admin API answers (GET /admin/api/clients, its stream) -------------------------

export const ZConnectedClient = z.object({
  client_id: z.string(),
  client_name: z.string(),
  platform: z.string(),
  audio_output_device: z.string().nullable(),
  /** Languages the machine has a voice for. */
  languages: z.array(z.string()),
  voices: ZVoices,
  /** Product languages the machine skips (no voice installed), in the product's order. */
  skipped_languages: z.array(z.enum(LANGUAGE_CODES)),
  client_version: z.string(),
  last_seen: z.string(),
});
export type TConnectedClient = z.infer<typeof ZConnectedClient>;

export const ZClientsResponse = z.object({ clients: z.array(ZConnectedClient) });

/** Body of POST /admin/api/messages/{id}/play|stop|export. */
export const ZPlaybackRequest = z.object(
  {
    client_id: textField({ label: 'Machine', max: TEXT_LIMITS.token, required: refusal('machine_required') }),
  },
  { error: refusal('machine_required') },
);
export type TPlaybackRequest = z.infer<typeof ZPlaybackRequest>;

export const PLAYBACK_STATUSES = ['playing', 'stopped'] as const;
export type TPlaybackStatus = (typeof PLAYBACK_STATUSES)[number];

export const ZPlaybackResponse = z.object({
  message: z.string(),
  status: z.enum(PLAYBACK_STATUSES).optional(),
  export_path: z.string().optional(),
  files: z.array(z.string()).optional(),
});
export type TPlaybackResponse = z.infer<typeof ZPlaybackResponse>;

/** The data of a playback_state_changed event on the messages stream. */
export type TPlaybackStateChanged = { message_id: string; status: TPlaybackStatus; client_id: string };

export const AUDIO_FORMATS = ['wav', 'mp3'] as const;
export type TAudioFormat = (typeof AUDIO_FORMATS)[number];

/** Query of GET /admin/api/messages/{id}/audio. */
export const ZAudioQuery = z.object({
  lang: z.enum(LANGUAGE_CODES, refusal('unknown_language')),
  format: z.enum(AUDIO_FORMATS, refusal('audio_format_invalid')).default('wav'),
  /** The browser's IANA time zone, for the date and time in the file name. */
  tz: textField({ label: 'Time zone', max: 64 }).optional(),
});

// ---- Releases ----------------------------------------------------------

export const ZReleaseList = z.object({ releases: z.array(z.string()) });

/**
 * What a release offers, one archive each: a single executable that needs no Node.js for Windows
 * x64, macOS x64 (Intel; Apple Silicon runs it through Rosetta 2) and Linux x64, and the script
 * bundle (`node`) that runs wherever Node.js 20 does.
 */
export const AGENT_DOWNLOADS = ['windows-x64', 'macos-x64', 'linux-x64', 'node'] as const;
export type TAgentDownload = (typeof AGENT_DOWNLOADS)[number];
/** The archives with a single executable: no Node.js needed. */
export const AGENT_EXECUTABLE_PLATFORMS = ['windows-x64', 'macos-x64', 'linux-x64'] as const;
export type TAgentExecutablePlatform = (typeof AGENT_EXECUTABLE_PLATFORMS)[number];
/** The executable inside each platform's archive, in the folder `Message Station-<version>`. */
export const AGENT_EXECUTABLE_NAMES: Record<TAgentExecutablePlatform, string> = {
  'windows-x64': 'Message Station.exe',
  'macos-x64': 'Message Station',
  'linux-x64': 'message-station',
};

export const ZReleaseDownload = z.object({
  platform: z.enum(AGENT_DOWNLOADS),
  file_name: z.string(),
  size_bytes: z.number().int(),
  sha256: z.string().nullable(),
});
export type TReleaseDownload = z.infer<typeof ZReleaseDownload>;

export const ZReleaseNotes = z.object({
  version: z.string(),
  /** Release notes in Markdown (the release's notes.md); the Download page shows them formatted. */
  notes: z.string(),
  released_at: z.string().nullable(),
  size_bytes: z.number().int().nullable(),
  sha256: z.string().nullable(),
  /** The archives this version has, in AGENT_DOWNLOADS order; the size and SHA-256 above are the `node` one's. */
  downloads: z.array(ZReleaseDownload),
});
export type TReleaseNotes = z.infer<typeof ZReleaseNotes>;

/** The script bundle's zip; a platform's archive adds its name: `Message Station-2.0.1-linux-x64.zip`. */
export function releaseZipName(version: string, platform: TAgentDownload = 'node'): string {
  return platform === 'node'
    ? `Message Station-${version}.zip`
    : `Message Station-${version}-${platform}.zip`;
}

// ---- The WebSocket protocol ------------------------------------------------------------------
// The agent opens /agent/v1/ws with the headers X-Station-ID and Authorization: Bearer ms-….
// Every frame is one JSON object with a `type`.

/** What a machine says about itself: sent in `hello`, and again in `update` when it changes. */
export const ZAgentInfo = z.object({
  /** Stable across restarts: generated once and kept in the agent's settings. */
  client_id: textField({
    label: 'Client id',
    max: 64,
    required: refusal('field_required', { field: 'Client id' }),
  }).min(8, refusal('invalid_value', { detail: 'Client id must be at least 8 characters.' })),
  client_name: textField({
    label: 'Client name',
    max: 120,
    required: refusal('field_required', { field: 'Client name' }),
  }),
  /** e.g. 'macOS 14.5 (arm64)', 'Linux (x64)', 'Windows 11 (x64)'. */
  platform: textField({
    label: 'Platform',
    max: 120,
    required: refusal('field_required', { field: 'Platform' }),
  }),
  audio_output_device: textField({ label: 'Audio output device', max: 200 }).nullable(),
  voices: ZVoices,
  /** Absent from older agents, which do not say what they skip. */
  skipped_languages: ZSkippedLanguages.optional(),
  client_version: textField({
    label: 'Client version',
    max: 40,
    required: refusal('field_required', { field: 'Client version' }),
  }),
});
export type TAgentInfo = z.infer<typeof ZAgentInfo>;

/** One language of a message, in speaking order: the original first, then each translation. */
export const ZSpeechPart = z.object({ language: z.string(), text: z.string() });
export type TSpeechPart = z.infer<typeof ZSpeechPart>;

/** Everything the agent needs to speak or export a message; sent with each command. */
export const ZAgentMessage = z.object({
  id: z.string(),
  title: z.string(),
  message_type: z.string(),
  station_name: z.string(),
  created_at: z.string(),
  parts: z.array(ZSpeechPart).min(1),
});
export type TAgentMessage = z.infer<typeof ZAgentMessage>;

export const ZAgentToServer = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello'), info: ZAgentInfo }),
  z.object({ type: z.literal('update'), info: ZAgentInfo.omit({ client_id: true }).partial() }),
  z.object({ type: z.literal('heartbeat') }),
  /** Playback started or ended on the machine (by a command, by the end of the audio, or locally). */
  z.object({
    type: z.literal('playback'),
    message_id: z.string().max(64).refine(isStorableText, refusal('unstorable_text')),
    status: z.enum(PLAYBACK_STATUSES),
  }),
  /** The answer to a command, matched by request_id. */
  z.object({
    type: z.literal('result'),
    request_id: z.string().max(64).refine(isStorableText, refusal('unstorable_text')),
    ok: z.boolean(),
    error: textField({ label: 'Error', max: 500 }).optional(),
    export_path: textField({ label: 'Export path', max: 1000 }).optional(),
    /** File names (not paths): 255 is the longest name most file systems allow. */
    files: z
      .array(textField({ label: 'File name', max: 255 }))
      .max(20)
      .optional(),
  }),
]);
export type TAgentToServer = z.infer<typeof ZAgentToServer>;

export const ZServerToAgent = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('welcome'),
    station: z.object({ id: z.string(), slug: z.string(), display_name: z.string() }),
    user: z.object({ full_name: z.string(), email: z.string() }),
    heartbeat_seconds: z.number(),
  }),
  z.object({ type: z.literal('heartbeat_ack') }),
  z.object({ type: z.literal('play'), request_id: z.string(), message: ZAgentMessage }),
  z.object({ type: z.literal('stop'), request_id: z.string(), message_id: z.string() }),
  z.object({ type: z.literal('export'), request_id: z.string(), message: ZAgentMessage }),
  /** Sent just before the server closes the socket, so the agent can show why. */
  z.object({ type: z.literal('error'), error: z.string() }),
]);
export type TServerToAgent = z.infer<typeof ZServerToAgent>;

// ---- Broadcast ID template ---------------------------------------------------------

/** Lowercase letters, digits and single hyphens: safe in any file system and on any PA system. */
export function fileSafe(value: string): string {
  const ascii = value.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  return (
    ascii
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'station'
  );
}

/**
 * The broadcast ID: {station-name}_{message-type}_{date}_{time}, e.g.
 * 'riverside-radio_emergency_2026-11-22_0747'. The date and time are the message's creation
 * time, so exporting the same message twice gives the same names.
 */
export function broadcastId(input: {
  stationName: string;
  messageType: string;
  at: Date;
  timeZone?: string;
}) {
  const { date, time } = localDateTime(input.at, input.timeZone);
  return `${fileSafe(input.stationName)}_${fileSafe(input.messageType)}_${date}_${time.replace(':', '')}`;
}

/** The file name of one language of an exported message: '{broadcast ID}_{language}.{ext}'. */
export function broadcastFileName(input: {
  stationName: string;
  messageType: string;
  at: Date;
  timeZone?: string;
  language: string;
  extension: string;
}): string {
  return `${broadcastId(input)}_${fileSafe(input.language)}.${input.extension}`;
}
