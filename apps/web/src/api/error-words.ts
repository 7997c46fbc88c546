// Words a refusal's stable code (ERROR_CODES, decision 0028) in the interface language from the
// `errors` namespace: its params filled in, numbers in the language's format, plural and select
// forms as the shared catalogue declares them, and field names from `errors:fields`.
import { ERROR_CODES, isErrorCode, LANGUAGE_LIST_PARAM, wordLanguageList } from '@message-station/shared';
import i18n, { currentLanguage } from '../i18n';
import { numberLocale } from '../i18n/formats';

export type TErrorParams = Record<string, unknown>;
/** Keys built from a server code are not known to the typed `t`. */
type TWordByKey = (key: string, options?: object) => string;

/** The refusal in the interface language, or null when the code is unknown or not translated. */
export function codeText(code: string, params: TErrorParams): string | null {
  if (!isErrorCode(code)) return null;
  const template = ERROR_CODES[code];
  const word = i18n.t as unknown as TWordByKey;
  const language = currentLanguage();
  const numbers = new Intl.NumberFormat(numberLocale(language));
  const values: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(params)) {
    values[name] = typeof value === 'number' ? numbers.format(value) : value;
  }
  const languageList = params[LANGUAGE_LIST_PARAM];
  if (typeof languageList === 'string')
    values[LANGUAGE_LIST_PARAM] = wordLanguageList(languageList, language);
  if (typeof params.field === 'string' && i18n.exists(`errors:fields.${params.field}`)) {
    values.field = word(`errors:fields.${params.field}`);
  }
  let key = `errors:${code}`;
  if (typeof template === 'object' && 'count' in template) {
    values.count = Number(params[template.count]);
  } else if (typeof template === 'object' && 'select' in template) {
    key = `errors:${code}.${String(params[template.select])}`;
  }
  if (!i18n.exists(key, values)) return null;
  return word(key, values);
}
