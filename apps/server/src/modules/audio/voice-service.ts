// Settings → Voice: the voice each of a station's languages is spoken with, chosen among the
// engines the operator configured; the "Listen" sample; the voice the audio export uses.
import {
  languageName,
  type TLanguageCode,
  type TVoiceSampleRequest,
  type TVoiceSettings,
  type TVoiceSettingsUpdate,
  VOICE_SAMPLE_TEXTS,
} from '@message-station/shared';
import { AppError, notFound } from '../../platform/errors.js';
import { espeakMisreadsChineseCharacters } from '../../providers/speech/index.js';
import type { TServiceContext } from '../../service-context.js';
import { findStationById, listLanguages } from '../station/service.js';
import { AUDIO_CONTENT_TYPES, type TSpeechRenderer } from './speech.js';
import * as repo from './voice-repo.js';

/** `speech` is this module's own: the renderer its routes are given (or the configuration's). */
export type TVoiceContext = Pick<TServiceContext, 'db' | 'stationId'> & { speech: TSpeechRenderer };

async function stationLanguages(ctx: Pick<TServiceContext, 'db' | 'stationId'>): Promise<TLanguageCode[]> {
  const station = await findStationById(ctx.db, ctx.stationId);
  if (!station) throw notFound('station_not_found');
  return (await listLanguages(ctx.db, station)).map((l) => l.languageCode as TLanguageCode);
}

/** The station's choice for a language while the server still has that voice; else null (default). */
export async function chosenVoice(ctx: TVoiceContext, language: TLanguageCode): Promise<string | null> {
  const voice = await repo.findStationVoice(ctx.db, ctx.stationId, language);
  return voice && ctx.speech.chain.findVoice(language, voice) ? voice : null;
}

export async function getVoiceSettings(ctx: TVoiceContext): Promise<TVoiceSettings> {
  const [languages, rows] = await Promise.all([
    stationLanguages(ctx),
    repo.listStationVoices(ctx.db, ctx.stationId),
  ]);
  const { chain } = ctx.speech;
  const labels = new Map(chain.engines.map((engine) => [engine.name, engine.label]));
  return {
    languages: languages.map((language) => {
      const saved = rows.find((row) => row.language === language)?.voice;
      const chosen = saved ? chain.findVoice(language, saved) : null;
      const fallback = chain.defaultVoice(language);
      const used = chosen ?? fallback;
      return {
        language,
        voice: chosen?.id ?? null,
        default_voice: fallback?.id ?? null,
        voices: chain.voices(language).map((voice) => ({
          id: voice.id,
          engine: voice.engine,
          engine_label: labels.get(voice.engine) ?? voice.engine,
          name: voice.name,
        })),
        chinese_characters_refused: used?.engine === 'espeak' && espeakMisreadsChineseCharacters(language),
      };
    }),
  };
}

/** A voice the server has for the language, or a 400 naming it. */
function checkedVoice(ctx: TVoiceContext, language: TLanguageCode, voice: string) {
  if (ctx.speech.chain.findVoice(language, voice)) return voice;
  throw new AppError('voice_unknown', { voice, language_name: languageName(language) });
}

export async function saveVoiceSettings(
  ctx: TVoiceContext & Pick<TServiceContext, 'now'>,
  input: TVoiceSettingsUpdate,
): Promise<TVoiceSettings> {
  const offered = new Set(await stationLanguages(ctx));
  // Every choice is checked before any is written: a refusal leaves all of them as they were.
  for (const { language, voice } of input.voices) {
    if (!offered.has(language)) {
      throw new AppError('voice_language_not_offered', { language_name: languageName(language) });
    }
    if (voice) checkedVoice(ctx, language, voice);
  }
  await ctx.db.transaction(async (tx) => {
    for (const { language, voice } of input.voices) {
      if (voice)
        await repo.saveStationVoice(tx, { stationId: ctx.stationId, language, voice, updatedAt: ctx.now });
      else await repo.deleteStationVoice(tx, ctx.stationId, language);
    }
  });
  return getVoiceSettings(ctx);
}

/** "Listen": the sample sentence in exactly the voice asked for (the station's, without one). */
export async function renderVoiceSample(ctx: TVoiceContext, input: TVoiceSampleRequest) {
  const { language } = input;
  const offered = await stationLanguages(ctx);
  if (!offered.includes(language)) {
    throw new AppError('voice_language_not_offered', { language_name: languageName(language) });
  }
  const voice = input.voice
    ? checkedVoice(ctx, language, input.voice)
    : ((await chosenVoice(ctx, language)) ?? ctx.speech.chain.defaultVoice(language)?.id ?? null);
  const audio = await ctx.speech.speak({
    stationId: ctx.stationId,
    text: VOICE_SAMPLE_TEXTS[language],
    language,
    voice,
    exactVoice: true,
  });
  return { bytes: audio.bytes, contentType: AUDIO_CONTENT_TYPES[audio.format] };
}
