// A template's text through the station's engines with its `{fields}` held in tokens engines pass
// through (capitals and digits, as the glossary's), then put back; a translation that lost a
// field fails with the fields named, so staff can correct it rather than send a stray code.
import { fieldList, replaceFields, type TLanguageCode, templateFields } from '@message-station/shared';
import type { TGlossaryEntry, TTranslationProvider } from '../../providers/translation/types.js';

/** How long saving a template waits for its translations (all languages at once). */
export const TEMPLATE_TRANSLATION_BOUND_MS = 20_000;

// ZXF, not the glossary's ZXQ: both kinds of token can be in one text at once.
const token = (index: number) => `ZXF${index + 1}`;
const tokenPattern = (index: number) => new RegExp(`${token(index)}(?!\\d)`, 'gi');

export type TTemplateTranslationResult = {
  languageCode: TLanguageCode;
  status: 'completed' | 'failed';
  translatedText: string | null;
  error: string | null;
  lostFields: string[];
  provider: string | null;
};

function boundedly<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error('The translation engine took too long. Save the template again to retry.')),
      ms,
    );
  });
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}

export async function translateTemplateText(
  engine: TTranslationProvider,
  request: { text: string; from: TLanguageCode; to: TLanguageCode; glossary: readonly TGlossaryEntry[] },
  boundMs = TEMPLATE_TRANSLATION_BOUND_MS,
): Promise<TTemplateTranslationResult> {
  const fields = templateFields(request.text);
  const sent = replaceFields(request.text, (field) => token(fields.indexOf(field)));
  const failed = (error: string, lostFields: string[] = []): TTemplateTranslationResult => ({
    languageCode: request.to,
    status: 'failed',
    translatedText: null,
    error,
    lostFields,
    provider: engine.name,
  });
  let translated: string;
  try {
    translated = await boundedly(engine.translate({ ...request, text: sent }), boundMs);
  } catch (error) {
    return failed(error instanceof Error ? error.message : String(error));
  }
  const lost = fields.filter((_, index) => !tokenPattern(index).test(translated));
  if (lost.length) {
    return failed(
      `The translation engine dropped ${fieldList(lost)}. Correct this translation by hand, keeping ${fieldList(fields)} as written.`,
      lost,
    );
  }
  const restored = fields.reduce(
    (text, field, index) => text.replace(tokenPattern(index), `{${field}}`),
    translated,
  );
  return {
    languageCode: request.to,
    status: 'completed',
    translatedText: restored,
    error: null,
    lostFields: [],
    provider: engine.name,
  };
}
