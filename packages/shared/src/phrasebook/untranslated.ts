// The one vetted line a subscriber gets when their language's text cannot be sent (decision 0050):
// it says the alert is not translated and names the original's language in the reader's language.
// In es, fr, de and it the line is GSM-7 for every original language except the one whose name has
// a letter outside it (es "alemán", fr "français"), so an English original stays GSM-7. pt cannot
// be: "tradução" and its names of English, French, German and Portuguese carry ç, ã or ê.
import type { TLanguageCode } from '../constants.js';

/** The nine languages' names as a reader of each language writes them in the notice. */
const NAMES: Record<TLanguageCode, Record<TLanguageCode, string>> = {
  en: {
    en: 'English',
    es: 'Spanish',
    fr: 'French',
    de: 'German',
    it: 'Italian',
    pt: 'Portuguese',
    zh: 'Chinese',
    ja: 'Japanese',
    ko: 'Korean',
  },
  es: {
    en: 'inglés',
    es: 'español',
    fr: 'francés',
    de: 'alemán',
    it: 'italiano',
    pt: 'portugués',
    zh: 'chino',
    ja: 'japonés',
    ko: 'coreano',
  },
  fr: {
    en: 'anglais',
    es: 'espagnol',
    fr: 'français',
    de: 'allemand',
    it: 'italien',
    pt: 'portugais',
    zh: 'chinois',
    ja: 'japonais',
    ko: 'coréen',
  },
  de: {
    en: 'Englisch',
    es: 'Spanisch',
    fr: 'Französisch',
    de: 'Deutsch',
    it: 'Italienisch',
    pt: 'Portugiesisch',
    zh: 'Chinesisch',
    ja: 'Japanisch',
    ko: 'Koreanisch',
  },
  it: {
    en: 'inglese',
    es: 'spagnolo',
    fr: 'francese',
    de: 'tedesco',
    it: 'italiano',
    pt: 'portoghese',
    zh: 'cinese',
    ja: 'giapponese',
    ko: 'coreano',
  },
  pt: {
    en: 'inglês',
    es: 'espanhol',
    fr: 'francês',
    de: 'alemão',
    it: 'italiano',
    pt: 'português',
    zh: 'chinês',
    ja: 'japonês',
    ko: 'coreano',
  },
  zh: {
    en: '英文',
    es: '西班牙文',
    fr: '法文',
    de: '德文',
    it: '意大利文',
    pt: '葡萄牙文',
    zh: '中文',
    ja: '日文',
    ko: '韩文',
  },
  ja: {
    en: '英語',
    es: 'スペイン語',
    fr: 'フランス語',
    de: 'ドイツ語',
    it: 'イタリア語',
    pt: 'ポルトガル語',
    zh: '中国語',
    ja: '日本語',
    ko: '韓国語',
  },
  ko: {
    en: '영어',
    es: '스페인어',
    fr: '프랑스어',
    de: '독일어',
    it: '이탈리아어',
    pt: '포르투갈어',
    zh: '중국어',
    ja: '일본어',
    ko: '한국어',
  },
};

/** The notice per reader; {language} is the original's language named in the reader's language. */
const NOTICES: Record<TLanguageCode, string> = {
  en: 'Alert not translated. Original text in {language}.',
  es: 'Alerta sin traducir. Texto original en {language}.',
  fr: 'Alerte non traduite. Texte original en {language}.',
  de: 'Warnung nicht übersetzt. Originaltext auf {language}.',
  it: 'Avviso non tradotto. Testo originale in {language}.',
  pt: 'Alerta sem tradução. Texto original em {language}.',
  zh: '此提醒未翻译，原文为{language}。',
  ja: 'この通知は翻訳されていません。原文は{language}です。',
  ko: '이 알림은 번역되지 않았습니다. 원문은 {language}입니다.',
};

function known(language: string): language is TLanguageCode {
  return Object.hasOwn(NOTICES, language);
}

/** The one vetted line a subscriber gets when their language's text cannot be sent: says the alert is not translated and names the original's language in the reader's language. */
export function untranslatedNotice(reader: TLanguageCode, originalLanguage: TLanguageCode): string {
  // Callers pass stored codes: a language we do not know reads English, or is named by its code.
  const readerLanguage: TLanguageCode = known(reader) ? reader : 'en';
  const name = known(originalLanguage) ? NAMES[readerLanguage][originalLanguage] : originalLanguage;
  return NOTICES[readerLanguage].replace('{language}', name);
}
