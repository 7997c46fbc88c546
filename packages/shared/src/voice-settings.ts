// Settings → Voice (decision 0034): the server voice of each of a station's languages,
// chosen from the engines the operator configured, and the "Listen" sample.
import { z } from 'zod';
import { LANGUAGE_CODES, type TLanguageCode } from './constants.js';
import { refusal } from './issue-message.js';
import { textField } from './text-field.js';

/** What "Listen" says. Japanese in kana and Korean in hangul, so the offline voice reads them too. */
export const VOICE_SAMPLE_TEXTS: Record<TLanguageCode, string> = {
  en: 'This is how announcements from your station will sound.',
  es: 'Así sonarán los anuncios de su estación.',
  fr: 'Voici comment sonneront les annonces de votre station.',
  de: 'So klingen die Durchsagen Ihres Senders.',
  it: 'Ecco come suoneranno gli annunci della vostra stazione.',
  pt: 'É assim que os avisos da sua estação vão soar.',
  zh: '这是您电台的通知听起来的样子。',
  ja: 'これは ほうそうきょくの おしらせの こえです。',
  ko: '방송국 안내는 이렇게 들립니다.',
};

const ZLanguage = z.enum(LANGUAGE_CODES, refusal('unknown_language'));
/** `<engine>:<voice name>`, e.g. `google:es-US-Neural2-A`; null: the server's default. */
const ZVoiceChoice = textField({ label: 'Voice', max: 200 }).nullable();

export const ZVoiceOption = z.object({
  /** `<engine>:<voice name>`, what the station stores. */
  id: z.string(),
  /** The engine's name in configuration: google, openai, espeak. */
  engine: z.string(),
  /** How people call the engine, e.g. "Google Cloud Text-to-Speech". */
  engine_label: z.string(),
  /** The engine's name of the voice. */
  name: z.string(),
});
export type TVoiceOption = z.infer<typeof ZVoiceOption>;

export const ZLanguageVoice = z.object({
  language: ZLanguage,
  /** The station's choice; null when it chose none (or its choice is no longer configured). */
  voice: z.string().nullable(),
  /** What the language gets without a choice: the first configured engine's first voice. */
  default_voice: z.string().nullable(),
  voices: z.array(ZVoiceOption),
  /**
   * The voice in use is the offline one, which cannot read Chinese characters in Japanese or
   * Korean: audio of text with kanji or hanja is refused.
   */
  chinese_characters_refused: z.boolean(),
});
export type TLanguageVoice = z.infer<typeof ZLanguageVoice>;

/** GET /admin/api/settings/voice: the station's languages, primary first. */
export const ZVoiceSettings = z.object({ languages: z.array(ZLanguageVoice) });
export type TVoiceSettings = z.infer<typeof ZVoiceSettings>;

/** PUT /admin/api/settings/voice: the languages listed get the voice (null: the default). */
export const ZVoiceSettingsUpdate = z.object({
  voices: z.array(z.object({ language: ZLanguage, voice: ZVoiceChoice })).max(LANGUAGE_CODES.length),
});
export type TVoiceSettingsUpdate = z.input<typeof ZVoiceSettingsUpdate>;

/** POST /admin/api/settings/voice/sample → audio/mpeg or audio/wav, the voice reading the sample. */
export const ZVoiceSampleRequest = z.object({ language: ZLanguage, voice: ZVoiceChoice.optional() });
export type TVoiceSampleRequest = z.input<typeof ZVoiceSampleRequest>;
