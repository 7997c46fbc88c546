// A weather draft's text in each target language from NWS's structured fields (decision 0050):
// the event's name from the phrasebook, the areas as NWS names them, the end time written for the
// reader in the station's zone, and NWS's instructions where the phrasebook has them. Every word
// is vetted, so an unattended auto-send may deliver it; an event the phrasebook does not name is
// left to the engines like any message.
import {
  matchInstruction,
  nwsEventName,
  PHRASEBOOK_PROVIDER,
  splitSentences,
  TEXT_LIMITS,
  type TLanguageCode,
  weatherKindLabel,
  weatherMoreInEnglish,
  weatherTime,
  weatherUntilLine,
} from '@message-station/shared';
import type { TNwsAlert } from '../../providers/weather/types.js';
import type { TReadyTranslation } from '../messages/service.js';
import { fit, readableText } from './draft.js';

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

/** The alert in `language`, every word vetted; null when the phrasebook does not name the event. */
export function vettedWeatherText(
  alert: TAlertFields,
  language: TLanguageCode,
  timeZone: string,
  now: Date,
): string | null {
  const event = nwsEventName(alert.event, language);
  if (!event) return null;
  const areas = alert.areaDesc.trim();
  if (alert.messageType === 'Cancel') {
    return fit(`${weatherKindLabel(language, 'cancelled')}: ${event}\n\n${areas}`, TEXT_LIMITS.messageBody);
  }
  const heading =
    alert.messageType === 'Update' ? `${weatherKindLabel(language, 'update')}: ${event}` : event;
  const end = alert.ends ?? alert.expires;
  const { texts, unmatched } = instructionsIn(alert, language);
  const parts = [
    heading,
    areas,
    end ? weatherUntilLine(language, weatherTime(end, language, timeZone, now)) : '',
    // Chinese and Japanese put no space between sentences.
    texts.join(language === 'zh' || language === 'ja' ? '' : ' '),
    unmatched ? weatherMoreInEnglish(language) : '',
  ].filter(Boolean);
  return fit(parts.join('\n\n'), TEXT_LIMITS.messageBody);
}

/** The finished translations a draft starts with: every target language the phrasebook covers. */
export function vettedWeatherTranslations(
  alert: TAlertFields,
  targets: readonly TLanguageCode[],
  timeZone: string,
  now: Date,
): TReadyTranslation[] {
  return targets.flatMap((language) => {
    const text = vettedWeatherText(alert, language, timeZone, now);
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
