// What each subscriber's SMS says (decision 0012): the station's name first, so the recipient
// knows who is texting, then the text in their language, then the opt-out words carriers require.
import { smsSegments } from '@message-station/shared';

/** Opt-out line per language; STOP stays in English because that is the keyword carriers honour. */
export const OPT_OUT_LINES: Record<string, string> = {
  en: 'Reply STOP to opt out',
  es: 'Responda STOP para cancelar',
  fr: 'Répondez STOP pour vous désabonner',
  de: 'Antworten Sie STOP zum Abbestellen',
  it: 'Rispondi STOP per annullare',
  pt: 'Responda STOP para cancelar',
  zh: '回复STOP退订',
  ja: '配信停止はSTOPと返信',
  ko: '수신거부는 STOP 회신',
};

export function composeSms(stationName: string, text: string, language: string): string {
  const optOut = OPT_OUT_LINES[language] ?? OPT_OUT_LINES.en;
  return `${stationName}: ${text.trim()}\n${optOut}`;
}

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
    const body = composeSms(stationName, text, language);
    const info = smsSegments(body);
    return {
      language,
      body,
      segments: info.segments,
      encoding: info.encoding,
      translated: isOriginal || Boolean(done),
    };
  });
}
