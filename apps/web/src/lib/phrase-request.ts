// What the phrasebook's two doors share (decision 0050): the "Emergency templates" dialog on the
// Messages page and the New alert compose (decision 0082) both make a message through
// POST /admin/api/messages/phrasebook with this body, and both show an entry's text with the
// fields not filled yet as their names in brackets ("[County]").
import {
  renderPhrase,
  type TLanguageCode,
  type TPhraseEntry,
  type TPhraseField,
  type TPhraseMessageRequest,
} from '@message-station/shared';

export type TPhraseValues = Partial<Record<TPhraseField, string>>;

/** What a form holds for an entry: its fields as typed, the languages and the type. */
export type TPhraseDraft = { fields: TPhraseValues; original: string; targets: string[]; type: string };

/** The body of the phrasebook endpoint: each of the entry's fields trimmed. */
export function phraseRequest(entry: TPhraseEntry, draft: TPhraseDraft): TPhraseMessageRequest {
  return {
    phrase_id: entry.id,
    fields: Object.fromEntries(entry.fields.map((field) => [field, draft.fields[field]?.trim() ?? ''])),
    original_language: draft.original as TLanguageCode,
    target_languages: draft.targets as TLanguageCode[],
    message_type: draft.type,
  } as TPhraseMessageRequest;
}

/** The entry in `language`, a field not filled yet shown as its label in brackets. */
export function phraseSketch(
  entry: TPhraseEntry,
  language: TLanguageCode,
  values: TPhraseValues,
  label: (field: TPhraseField) => string,
): string {
  const shown = Object.fromEntries(
    entry.fields.map((field) => [field, values[field]?.trim() || `[${label(field)}]`]),
  );
  return renderPhrase(entry, language, shown);
}

/**
 * The entries whose title or text in `language` holds what was searched, case ignored (the text's
 * {field} marks are not words to find). Nothing searched: every entry.
 */
export function phrasesMatching<TEntry extends TPhraseEntry>(
  entries: readonly TEntry[],
  search: string,
  language: TLanguageCode,
): TEntry[] {
  const needle = search.trim().toLocaleLowerCase(language);
  if (!needle) return [...entries];
  return entries.filter((entry) =>
    `${entry.title[language]}\n${entry.text[language].replace(/\{\w+\}/g, ' ')}`
      .toLocaleLowerCase(language)
      .includes(needle),
  );
}
