// The server's use of the shared SMS composition (decision 0012) and trust policy (decision 0050):
// the body for each language an audience asked for, counted by the same function the web preview
// uses, so preview, confirmation and charge agree, and measured against Twilio's 1,600 characters
// (decision 0052).
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
  /** The body's length against Twilio's 1,600 (SMS_BODY_LIMIT, decision 0052). */
  length: number;
  /** Within the limit: false is refused before sending, never handed to Twilio. */
  fits: boolean;
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
    let delivery = deliveryOf({
      language,
      originalLanguage: message.originalLanguage,
      source,
      staleCorrection: done?.previousCorrection != null,
      mode: policy.mode,
    });
    const fallback = () =>
      composedFallbackSms(stationName, message.original, language, message.originalLanguage);
    let composed =
      delivery === 'fallback'
        ? fallback()
        : composedSms(
            stationName,
            delivery === 'text' ? (done?.translatedText ?? message.original) : message.original,
            language,
          );
    // Unattended, nobody can shorten an engine's text that came out over Twilio's limit: that
    // language gets the original with the vetted notice when it fits (decision 0052), rather than
    // the whole send being refused.
    const unattendedOverLimit =
      !composed.fits &&
      delivery === 'text' &&
      language !== message.originalLanguage &&
      policy.mode === 'unattended';
    if (unattendedOverLimit) {
      const instead = fallback();
      if (instead.fits) {
        composed = instead;
        delivery = 'fallback';
      }
    }
    return {
      language,
      body: composed.body,
      segments: composed.segments,
      encoding: composed.encoding,
      length: composed.length,
      fits: composed.fits,
      translated: delivery !== 'fallback',
      source,
      delivery,
    };
  });
}
