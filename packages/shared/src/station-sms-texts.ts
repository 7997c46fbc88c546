// A station's own wording of the opt-in confirmation and the HELP reply, per language:
// GET and PUT /admin/api/settings/sms-texts. The same check runs in the form and on the server.
import { z } from 'zod';
import { renderSmsTemplate, SMS_TEXT_BUDGETS, smsTemplate } from './catalogue/sms.js';
import { LANGUAGE_CODES } from './constants.js';
import { refusal } from './issue-message.js';
import { smsSegments, type TSmsEncoding } from './sms-segments.js';

export const STATION_SMS_TEXT_KINDS = ['confirmation', 'help', 'auto_reply'] as const;
export type TStationSmsTextKind = (typeof STATION_SMS_TEXT_KINDS)[number];

/** Characters a station's text may have (two GSM-7 segments are 306). */
export const STATION_SMS_TEXT_MAX = 320;
/** Segments a station's text may take once filled in, as the catalogue's own (SMS_TEXT_BUDGETS). */
export const STATION_SMS_TEXT_BUDGET: Record<TStationSmsTextKind, number> = {
  confirmation: SMS_TEXT_BUDGETS.confirmation_first,
  help: SMS_TEXT_BUDGETS.help,
  auto_reply: SMS_TEXT_BUDGETS.auto_reply,
};
/** Placeholders a station's text may use, filled in when it is sent. */
export const STATION_SMS_TEXT_PLACEHOLDERS: Record<TStationSmsTextKind, readonly string[]> = {
  confirmation: ['station', 'types'],
  help: ['station', 'url'],
  auto_reply: ['station'],
};

/**
 * The catalogue text a kind stands in for (the confirmation's first-time wording), written with the
 * placeholders a station's own text uses: its HELP speaks for one station, `{station}`.
 */
export function stationSmsTextDefault(kind: TStationSmsTextKind, language: string): string {
  if (kind === 'help') return smsTemplate('help', language).replace('{stations}', '{station}');
  if (kind === 'auto_reply') return smsTemplate('auto_reply', language);
  return smsTemplate('confirmation_first', language);
}

/** Refusals of PUT /admin/api/settings/sms-texts, by stable code; `{{x}}` are params. */
export const STATION_SMS_TEXT_ERRORS = {
  sms_text_empty: 'Write the text, or reset it to the default.',
  sms_text_too_long: 'The text must be at most {{max}} characters.',
  sms_text_missing_stop: 'The text must tell people to reply STOP to opt out (carriers require it).',
  sms_text_unknown_placeholder: 'Unknown placeholder {{placeholder}}. Use {{allowed}}.',
  sms_text_over_budget:
    'The text takes {{segments}} SMS segments once filled in; at most {{max}} are allowed.',
  sms_text_language_not_supported: 'The station does not offer the language "{{language}}".',
} as const;
export type TStationSmsTextError = keyof typeof STATION_SMS_TEXT_ERRORS;
export type TStationSmsTextProblem = {
  code: TStationSmsTextError;
  params: Record<string, string | number>;
};

export function stationSmsTextErrorText(problem: TStationSmsTextProblem): string {
  return STATION_SMS_TEXT_ERRORS[problem.code].replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name in problem.params ? String(problem.params[name]) : whole,
  );
}

/**
 * What is wrong with a station's text, or null. `filled` are the values it is sent with (the
 * station's name, its longest list of type names, the support address): the budget is checked on
 * the text as it will go out.
 */
export function stationSmsTextProblem(
  kind: TStationSmsTextKind,
  body: string,
  filled: Record<string, string>,
): TStationSmsTextProblem | null {
  const text = body.trim();
  if (!text) return { code: 'sms_text_empty', params: {} };
  if ([...text].length > STATION_SMS_TEXT_MAX) {
    return { code: 'sms_text_too_long', params: { max: STATION_SMS_TEXT_MAX } };
  }
  const allowed = STATION_SMS_TEXT_PLACEHOLDERS[kind];
  for (const [, name] of text.matchAll(/\{(\w*)\}/g)) {
    if (!allowed.includes(name ?? '')) {
      return {
        code: 'sms_text_unknown_placeholder',
        params: { placeholder: `{${name}}`, allowed: allowed.map((p) => `{${p}}`).join(', ') },
      };
    }
  }
  if (!/\bSTOP\b/.test(text)) return { code: 'sms_text_missing_stop', params: {} };
  const segments = smsSegments(renderSmsTemplate(text, filled)).segments;
  const max = STATION_SMS_TEXT_BUDGET[kind];
  if (segments > max) return { code: 'sms_text_over_budget', params: { segments, max } };
  return null;
}

export const ZStationSmsText = z.object({
  language: z.string(),
  kind: z.enum(STATION_SMS_TEXT_KINDS),
  /** The catalogue's template, with its placeholders. */
  default_text: z.string(),
  /** The station's own template; null: the default is sent. */
  text: z.string().nullable(),
  /** The values placeholders are filled with here: the station's name, its types, the help page. */
  filled: z.record(z.string(), z.string()),
  /** What goes out now (the station's text or the default), filled in with those values. */
  preview: z.object({
    body: z.string(),
    characters: z.number(),
    encoding: z.enum(['GSM-7', 'UCS-2'] satisfies [TSmsEncoding, TSmsEncoding]),
    segments: z.number(),
  }),
});
export type TStationSmsText = z.infer<typeof ZStationSmsText>;

export const ZStationSmsTexts = z.object({
  /** The station's languages (primary first), each with both kinds. */
  texts: z.array(ZStationSmsText),
  placeholders: z.object({
    confirmation: z.array(z.string()),
    help: z.array(z.string()),
    auto_reply: z.array(z.string()),
  }),
  max_characters: z.number(),
  max_segments: z.number(),
});
export type TStationSmsTexts = z.infer<typeof ZStationSmsTexts>;

export const ZStationSmsTextRequest = z.object({
  language: z.enum(LANGUAGE_CODES, refusal('unknown_language')),
  kind: z.enum(
    STATION_SMS_TEXT_KINDS,
    refusal('invalid_value', { detail: 'Unknown kind of text: use confirmation, help or auto_reply.' }),
  ),
  /** The station's template; null goes back to the default. */
  text: z
    .string()
    .max(4 * STATION_SMS_TEXT_MAX, refusal('text_far_too_long'))
    .nullable(),
});
export type TStationSmsTextRequest = z.infer<typeof ZStationSmsTextRequest>;

/** A refusal of the PUT: the English text, its code and params for the form to word. */
export const ZStationSmsTextError = z.object({
  error: z.string(),
  code: z.string().optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
