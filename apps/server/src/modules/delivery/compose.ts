// The server's use of the shared SMS composition (decision 0012) and trust policy (decision 0050):
// the body for each language an audience asked for, counted by the same function the web preview
// uses, so preview, confirmation and charge agree.
import {
  composedFallbackSms,
  composedSms,
  deliveryOf,
  type TLanguageDelivery,
  type TSendMode,
  type TTranslationSource,
  translationSource,
} from '@message-station/shared';

export type TLanguageBody = {
  language: string;
  body: string;
  segments: number;
  encoding: 'GSM-7' | 'UCS-2';
  /** False when the original is sent because no translation may be (or can be) sent. */
  translated: boolean;
  /** Where the completed translation came from; undefined when there is none. */
  source: TTranslationSource | undefined;
  delivery: TLanguageDelivery;
};

type TTranslationRow = {
  languageCode: string;
  status: string;
  translatedText: string | null;
  review: 'machine' | 'reviewed' | 'corrected';
  provider: string | null;
  previousCorrection: string | null;
};

/**
 * The body for every language an audience asked for, under the trust policy: the translation
 * where it may be sent, else the original with the vetted untranslated notice in the subscriber's
 * language (and their opt-out line).
 */
export function bodiesFor(
  stationName: string,
  message: { original: string; originalLanguage: string },
  translations: TTranslationRow[],
  languages: string[],
  policy: { mode: TSendMode; trustedEngines: ReadonlySet<string> },
): TLanguageBody[] {
  return languages.map((language) => {
    const done = translations.find(
      (t) => t.languageCode === language && t.status === 'completed' && t.translatedText,
    );
    const source = done ? translationSource(done, policy.trustedEngines) : undefined;
    const delivery = deliveryOf({
      language,
      originalLanguage: message.originalLanguage,
      source,
      staleCorrection: done?.previousCorrection != null,
      mode: policy.mode,
    });
    const composed =
      delivery === 'fallback'
        ? composedFallbackSms(stationName, message.original, language, message.originalLanguage)
        : composedSms(
            stationName,
            delivery === 'text' ? (done?.translatedText ?? message.original) : message.original,
            language,
          );
    return {
      language,
      body: composed.body,
      segments: composed.segments,
      encoding: composed.encoding,
      translated: delivery !== 'fallback',
      source,
      delivery,
    };
  });
}
