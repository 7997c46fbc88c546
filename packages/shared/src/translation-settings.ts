// Settings → Translation: a station's own engines, in the order they are tried before
// the operator's, the "Test" of one engine, and which engine covers each of the station's languages.
import { z } from 'zod';
import { LANGUAGE_CODES } from './constants.js';
import { httpUrl } from './fields.js';
import { refusal } from './issue-message.js';
import { TEXT_LIMITS, textField } from './text-field.js';

/** The engines a station may add, in the order the settings page offers them. */
export const STATION_ENGINE_NAMES = ['deepl', 'google', 'openai', 'libretranslate', 'apertium'] as const;
export type TStationEngineName = (typeof STATION_ENGINE_NAMES)[number];

/** Which fields each engine takes; the server refuses a list that lacks a required one. */
export const STATION_ENGINE_FIELDS: Record<
  TStationEngineName,
  { key: 'required' | 'optional' | 'none'; baseUrl: 'required' | 'optional' | 'none'; model: boolean }
> = {
  deepl: { key: 'required', baseUrl: 'none', model: false },
  google: { key: 'required', baseUrl: 'none', model: false },
  // A local model server (llama.cpp, Ollama) needs no key; OpenAI itself does (checked on save).
  openai: { key: 'optional', baseUrl: 'optional', model: true },
  libretranslate: { key: 'optional', baseUrl: 'required', model: false },
  // Without an address: the Apertium installed on the server.
  apertium: { key: 'none', baseUrl: 'optional', model: false },
};

const ZEngineName = z.enum(
  STATION_ENGINE_NAMES,
  refusal('invalid_value', { detail: 'Unknown translation engine.' }),
);
const ZApiKey = textField({ label: 'API key', max: TEXT_LIMITS.engineApiKey });
const ZBaseUrl = httpUrl('Server address');
const ZModel = textField({ label: 'Model', max: TEXT_LIMITS.engineModel });

/** A saved engine as the browser sees it: never the key, only whether one is set and its end. */
export const ZStationEngine = z.object({
  engine: ZEngineName,
  base_url: z.string().nullable(),
  model: z.string().nullable(),
  key_set: z.boolean(),
  /** The key's last four characters, e.g. "…:fx" ends as ":fx" with one more. */
  key_hint: z.string().nullable(),
  /** Admins vouch for its output: unattended sends deliver its translations (decision 0050). */
  trusted: z.boolean(),
});
export type TStationEngine = z.infer<typeof ZStationEngine>;

/** Who covers one target language: the station's engine, the operator's, or nobody. */
export const ZLanguageCoverage = z.object({
  language: z.enum(LANGUAGE_CODES),
  engine: z.string().nullable(),
  source: z.enum(['station', 'operator']).nullable(),
  /** The covering engine is one the station marked trusted (decision 0050). */
  trusted: z.boolean(),
  /**
   * `trusted`: free text reaches subscribers unattended; `review`: an engine covers it but its
   * text is sent unattended only once staff reviewed it; `needs_setup`: no engine, so only
   * phrasebook alerts reach this language (others get the original with a notice).
   */
  status: z.enum(['trusted', 'review', 'needs_setup']),
});
export type TLanguageCoverage = z.infer<typeof ZLanguageCoverage>;

export const ZTranslationCoverage = z.object({
  from: z.enum(LANGUAGE_CODES),
  /**
   * The station's languages other than `from`, in the station's order; for a station of one
   * language, every language other than `from` (what the create form then offers).
   */
  languages: z.array(ZLanguageCoverage),
});
export type TTranslationCoverage = z.infer<typeof ZTranslationCoverage>;

export const ZTranslationCoverageQuery = z.object({
  from: z.enum(LANGUAGE_CODES, refusal('unknown_language')).optional(),
});

export const ZTranslationSettings = z.object({
  engines: z.array(ZStationEngine),
  /** The operator's engines (from the server's environment), tried after the station's. */
  operator_engines: z.array(z.string()),
  /** From the station's primary language to each of its other languages. */
  coverage: ZTranslationCoverage,
});
export type TTranslationSettings = z.infer<typeof ZTranslationSettings>;

/**
 * One engine as saved. `api_key`: a new key; left out, the saved key is kept; null removes it.
 */
export const ZStationEngineInput = z.object({
  engine: ZEngineName,
  api_key: ZApiKey.nullable().optional(),
  base_url: ZBaseUrl.nullable().optional(),
  model: ZModel.nullable().optional(),
  /** Mark the engine trusted; refused for the offline engine (decision 0050). */
  trusted: z.boolean().optional(),
});
export type TStationEngineInput = z.infer<typeof ZStationEngineInput>;

/** The whole list, first tried first; an empty list leaves only the operator's engines. */
export const ZTranslationEnginesRequest = z.object({
  engines: z.array(ZStationEngineInput).max(STATION_ENGINE_NAMES.length),
});
export type TTranslationEnginesRequest = z.infer<typeof ZTranslationEnginesRequest>;

/** "Test": the engine as typed (a key left out is the saved one), on a short sample. */
export const ZTranslationEngineTestRequest = ZStationEngineInput.extend({
  from: z.enum(LANGUAGE_CODES, refusal('unknown_language')).optional(),
  to: z.enum(LANGUAGE_CODES, refusal('unknown_language')).optional(),
});
export type TTranslationEngineTestRequest = z.infer<typeof ZTranslationEngineTestRequest>;

/** Why a test failed, in categories the page words: the vendor's own words are in `detail`. */
export const ENGINE_TEST_PROBLEMS = [
  'bad_key',
  'quota',
  'rate_limited',
  'unreachable',
  'timeout',
  'not_found',
  'unavailable',
  'no_pair',
  'bad_answer',
  'refused',
] as const;
export type TEngineTestProblem = (typeof ENGINE_TEST_PROBLEMS)[number];

export const ZTranslationEngineTestResponse = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    from: z.enum(LANGUAGE_CODES),
    to: z.enum(LANGUAGE_CODES),
    sample: z.string(),
    translated: z.string(),
  }),
  z.object({
    ok: z.literal(false),
    from: z.enum(LANGUAGE_CODES),
    to: z.enum(LANGUAGE_CODES),
    problem: z.enum(ENGINE_TEST_PROBLEMS),
    /** What the engine said, in English, without the key. */
    detail: z.string(),
  }),
]);
export type TTranslationEngineTestResponse = z.infer<typeof ZTranslationEngineTestResponse>;
