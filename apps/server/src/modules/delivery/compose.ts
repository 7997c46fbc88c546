// The server's use of the shared SMS composition (decision 0012): the body for each language an
// audience asked for, counted by the same function the web preview uses, so preview, confirmation
// and charge agree.
import { composedSms } from '@message-station/shared';

export type TLanguageBody = {
  language: string;
  body: string;
  segments: number;
  encoding: 'GSM-7' | 'UCS-2';
  /** False when the original is sent because no completed translation exists. */
  translated: boolean;
};

/**
 * The body for every language an audience asked for: the completed translation, else the
 * original text (still with the opt-out line in the subscriber's language).
 */
export function bodiesFor(
  stationName: string,
  message: { original: string; originalLanguage: string },
  translations: { languageCode: string; status: string; translatedText: string | null }[],
  languages: string[],
): TLanguageBody[] {
  return languages.map((language) => {
    const done = translations.find(
      (t) => t.languageCode === language && t.status === 'completed' && t.translatedText,
    );
    const isOriginal = language === message.originalLanguage;
    const text = isOriginal ? message.original : (done?.translatedText ?? message.original);
    const { body, segments, encoding } = composedSms(stationName, text, language);
    return { language, body, segments, encoding, translated: isOriginal || Boolean(done) };
  });
}
