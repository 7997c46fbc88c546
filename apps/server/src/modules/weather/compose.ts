// A weather draft's text in each target language from NWS's structured fields (decision 0050):
// the event's name from the phrasebook, the areas as NWS names them, the end time written for the
// reader in the station's zone, and NWS's instructions where the phrasebook has them; shortened by
// rule when its SMS would pass 1,600 characters (decision 0052). Every word is vetted, so an
// unattended auto-send may deliver it; an event the phrasebook does not name is left to the
// engines like any message.
import {
  matchInstruction,
  nwsEventName,
  PHRASEBOOK_PROVIDER,
  splitSentences,
  TEXT_LIMITS,
  type TLanguageCode,
  weatherKindLabel,
  weatherMoreInEnglish,
} from '@message-station/shared';
import type { TNwsAlert } from '../../providers/weather/types.js';
import type { TReadyTranslation } from '../messages/service.js';
import { fit, fittedText, readableText, type TSmsShortening, untilLine } from './draft.js';

type TAlertFields = Pick<
  TNwsAlert,
  'event' | 'areaDesc' | 'instruction' | 'description' | 'messageType' | 'ends' | 'expires'
>;

/** NWS's instructions in `language`, and whether some had no vetted wording. */
function instructionsIn(alert: TAlertFields, language: TLanguageCode) {
  const sentences = splitSentences(readableText(alert.instruction));
  const matched = sentences.map((sentence) => matchInstruction(sentence));
  const texts = [...new Set(matched.flatMap((entry) => (entry ? [entry.text[language]] : [])))];
  // Without instructions the English draft carries NWS's description instead: none of it is vetted.
  const unmatched = sentences.length
    ? matched.some((entry) => !entry)
    : readableText(alert.description) !== '';
  return { texts, unmatched };
}

/** The vetted alert in `language`, whole, and the parts a shortened SMS keeps; null when unnamed. */
function vettedParts(alert: TAlertFields, language: TLanguageCode, timeZone: string, now: Date) {
  const event = nwsEventName(alert.event, language);
  if (!event) return null;
  const areas = alert.areaDesc.trim();
  if (alert.messageType === 'Cancel') {
    const heading = `${weatherKindLabel(language, 'cancelled')}: ${event}`;
    return { full: `${heading}\n\n${areas}`, parts: { heading, areas, until: '', instruction: '' } };
  }
  const heading =
    alert.messageType === 'Update' ? `${weatherKindLabel(language, 'update')}: ${event}` : event;
  const until = untilLine(alert, language, { timeZone, now });
  const { texts, unmatched } = instructionsIn(alert, language);
  const parts = [
    heading,
    areas,
    until,
    // Chinese and Japanese put no space between sentences.
    texts.join(language === 'zh' || language === 'ja' ? '' : ' '),
    unmatched ? weatherMoreInEnglish(language) : '',
  ].filter(Boolean);
  return { full: parts.join('\n\n'), parts: { heading, areas, until, instruction: texts[0] ?? '' } };
}

/**
 * The alert in `language`, every word vetted; null when the phrasebook does not name the event.
 * With `sms`, a text whose SMS would pass 1,600 characters is shortened by rule, with the link to
 * the whole alert (decision 0052); without, it is cut at the message's limit.
 */
export function vettedWeatherText(
  alert: TAlertFields,
  language: TLanguageCode,
  timeZone: string,
  now: Date,
  sms?: TSmsShortening,
): string | null {
  const vetted = vettedParts(alert, language, timeZone, now);
  if (!vetted) return null;
  return sms
    ? fittedText(vetted.full, language, sms, vetted.parts)
    : fit(vetted.full, TEXT_LIMITS.messageBody);
}

/** The whole vetted alert in each language the phrasebook covers, uncut, for its public page. */
export function vettedFullTexts(
  alert: TAlertFields,
  targets: readonly TLanguageCode[],
  timeZone: string,
  now: Date,
): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const language of targets) {
    const vetted = vettedParts(alert, language, timeZone, now);
    if (vetted) texts[language] = vetted.full;
  }
  return texts;
}

/** The finished translations a draft starts with: every target language the phrasebook covers. */
export function vettedWeatherTranslations(
  alert: TAlertFields,
  targets: readonly TLanguageCode[],
  timeZone: string,
  now: Date,
  sms?: TSmsShortening,
): TReadyTranslation[] {
  return targets.flatMap((language) => {
    const text = vettedWeatherText(alert, language, timeZone, now, sms);
    return text === null
      ? []
      : [
          {
            languageCode: language,
            translatedText: text,
            review: 'machine' as const,
            reviewedBy: null,
            reviewedAt: null,
            provider: PHRASEBOOK_PROVIDER,
          },
        ];
  });
}
