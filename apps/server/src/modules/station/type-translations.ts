// Message type names and descriptions per language: the catalogue's defaults for a new
// station or language, staff wording from Settings, and machine translations of the primary
// language's wording, made in the request with the configured engines (decision 0027).
import {
  defaultTypeWording,
  MESSAGE_TYPE_KEYS,
  type TLanguageCode,
  type TMessageTypeKey,
  type TTypeTranslation,
} from '@message-station/shared';
import type { DbOrTx } from '../../db/client.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { TTranslationProvider } from '../../providers/translation/types.js';
import type { TServiceContext } from '../../service-context.js';
import type { TTypeWording, TTypeWordingRow } from './creation.js';
import * as repo from './repo.js';
import * as wordingRepo from './type-translations-repo.js';

export type { TTypeWording, TTypeWordingRow } from './creation.js';

type TLog = { warn(details: object, message: string): void };

/** What saving staff's wording uses: the signed-in station, its moment, the engines and a log. */
export type TWordingContext = Pick<TServiceContext, 'db' | 'now' | 'stationId' | 'translation'> & {
  log?: TLog;
};

/** Whether staff's words are the catalogue's own for that type and language. */
export function isDefaultWording(type: TMessageTypeKey, language: TLanguageCode, wording: TTypeWording) {
  const builtIn = defaultTypeWording(type, language);
  return builtIn.displayName === wording.displayName && builtIn.description === wording.description;
}

/** The station's language codes, primary first (service.ts's listLanguages, without the cycle). */
async function languageCodes(db: DbOrTx, station: { id: string; primaryLanguage: string }) {
  const rows = await repo.listStationLanguages(db, station.id);
  const codes = rows.map((row) => row.languageCode as TLanguageCode);
  return [
    ...codes.filter((c) => c === station.primaryLanguage),
    ...codes.filter((c) => c !== station.primaryLanguage),
  ];
}

/** The catalogue's wording of every type in these languages. */
export function defaultRows(languages: readonly TLanguageCode[]): TTypeWordingRow[] {
  return languages.flatMap((language) =>
    MESSAGE_TYPE_KEYS.map((messageType) => ({
      messageType,
      language,
      source: 'default' as const,
      ...defaultTypeWording(messageType, language),
    })),
  );
}

/** One engine call per text; null when any engine fails, so the caller keeps to the primary's words. */
export async function translateWording(
  translation: TTranslationProvider,
  from: TLanguageCode,
  to: TLanguageCode,
  wording: TTypeWording,
  log?: TLog,
): Promise<TTypeWording | null> {
  try {
    const displayName = (await translation.translate({ text: wording.displayName, from, to })).trim();
    const description = wording.description
      ? (await translation.translate({ text: wording.description, from, to })).trim()
      : '';
    return displayName ? { displayName, description } : null;
  } catch (error) {
    log?.warn({ err: error, from, to }, 'Message type wording not translated; the primary wording is shown');
    return null;
  }
}

/**
 * The other languages' wording after the `from` wording of a type changed: machine translations,
 * except where staff wrote their own. A language the engines cannot do loses its old (now wrong)
 * wording, so subscribers read the primary language's until staff or an engine gives one.
 */
export async function retranslateType(
  db: DbOrTx,
  translation: TTranslationProvider,
  input: {
    stationId: string;
    messageType: TMessageTypeKey;
    from: TLanguageCode;
    wording: TTypeWording;
    languages: readonly TLanguageCode[];
    at: Date;
    log?: TLog;
  },
) {
  const staffLanguages = new Set(
    await wordingRepo.listStaffWordingLanguages(db, input.stationId, input.messageType),
  );
  const targets = input.languages.filter((l) => l !== input.from && !staffLanguages.has(l));
  const translated = await Promise.all(
    targets.map(async (language) => ({
      language,
      wording: await translateWording(translation, input.from, language, input.wording, input.log),
    })),
  );
  const rows: TTypeWordingRow[] = [];
  const failed: TLanguageCode[] = [];
  for (const { language, wording } of translated) {
    if (wording) rows.push({ messageType: input.messageType, language, source: 'machine', ...wording });
    else failed.push(language);
  }
  await wordingRepo.writeTypeWording(db, input.stationId, rows, input.at);
  if (failed.length > 0) {
    await wordingRepo.deleteNonStaffWording(db, input.stationId, input.messageType, failed);
  }
}

/** The wording of every type in one language, else the primary language's (message_types). */
export async function typeWordingIn(db: DbOrTx, stationId: string, language: string) {
  const rows = await wordingRepo.listTypesWithWordingIn(db, stationId, language);
  return new Map(
    rows.map((row) => [
      row.messageType as TMessageTypeKey,
      {
        displayName: row.name ?? row.primaryName,
        description: row.name === null ? row.primaryDescription : (row.description ?? ''),
      },
    ]),
  );
}

/** The staff interface's languages: every type is named in each for the admin pages. */
const STAFF_UI_LANGUAGES = ['en', 'es'] as const;
export type TStaffTypeNames = Record<
  (typeof STAFF_UI_LANGUAGES)[number],
  { display_name: string; description: string }
>;

/**
 * Each type's name and description in the staff interface's languages: the station's
 * wording in that language where it has one; else the catalogue's when the primary wording is the
 * untouched default; else the primary wording (staff's own words are not guessed at).
 */
export async function staffTypeNames(
  db: DbOrTx,
  station: { id: string; primaryLanguage: string },
  types: { messageType: string; displayName: string; description: string }[],
): Promise<Map<string, TStaffTypeNames>> {
  const rows = await wordingRepo.listTypeWording(db, station.id, [...STAFF_UI_LANGUAGES]);
  const own = new Map(rows.map((row) => [`${row.messageType}:${row.language}`, row]));
  const primary = station.primaryLanguage as TLanguageCode;
  return new Map(
    types.map((type) => {
      const key = type.messageType as TMessageTypeKey;
      const untouched = isDefaultWording(key, primary, type);
      const names = Object.fromEntries(
        STAFF_UI_LANGUAGES.map((language) => {
          const row = own.get(`${key}:${language}`);
          const wording = row ?? (untouched ? defaultTypeWording(key, language) : type);
          return [language, { display_name: wording.displayName, description: wording.description }];
        }),
      ) as TStaffTypeNames;
      return [type.messageType, names];
    }),
  );
}

/** Each type's name as a subscriber reading `language` knows it (for texts sent to them). */
export async function typeNamesIn(
  db: DbOrTx,
  stationId: string,
  language: string,
): Promise<Record<TMessageTypeKey, string>> {
  const wording = await typeWordingIn(db, stationId, language);
  return Object.fromEntries(
    MESSAGE_TYPE_KEYS.map((key) => [
      key,
      wording.get(key)?.displayName ?? defaultTypeWording(key, language).displayName,
    ]),
  ) as Record<TMessageTypeKey, string>;
}

/** Settings: every type in every supported language, primary first. */
export async function listTypeTranslations(
  context: Pick<TServiceContext, 'db' | 'stationId'>,
): Promise<TTypeTranslation[]> {
  const { db, stationId } = context;
  const station = await repo.findStationById(db, stationId);
  if (!station) throw notFound('station_not_found');
  const [languages, types, rows] = await Promise.all([
    languageCodes(db, station),
    repo.listMessageTypes(db, stationId),
    wordingRepo.listTypeWording(db, stationId),
  ]);
  const own = new Map(rows.map((row) => [`${row.messageType}:${row.language}`, row]));
  return languages.flatMap((language) =>
    types.map((type) => {
      const row = own.get(`${type.messageType}:${language}`);
      return {
        message_type_id: type.id,
        message_type: type.messageType,
        language,
        display_name: row?.displayName ?? type.displayName,
        description: row ? row.description : type.description,
        source: row?.source ?? null,
      };
    }),
  );
}

type TStaffWordingInput = { typeId: string; language: TLanguageCode; wording: TTypeWording };

/**
 * Staff's words for one type in one language. In the primary language they are also the type's
 * own name (message_types) and the other languages are translated from them again.
 */
export async function saveStaffWording(
  context: TWordingContext,
  input: TStaffWordingInput,
): Promise<TTypeTranslation[]> {
  const { db, stationId, now } = context;
  const type = (await repo.listMessageTypes(db, stationId)).find((t) => t.id === input.typeId);
  if (!type) throw notFound('message_type_not_found');
  const station = await repo.findStationById(db, stationId);
  if (!station) throw notFound('station_not_found');
  const languages = await languageCodes(db, station);
  if (!languages.includes(input.language)) {
    throw new AppError('language_not_offered', { language: input.language });
  }
  const messageType = type.messageType as TMessageTypeKey;
  await wordingRepo.writeTypeWording(
    db,
    stationId,
    [{ messageType, language: input.language, source: 'staff', ...input.wording }],
    now,
  );
  if (input.language === station.primaryLanguage) {
    await repo.updateMessageType(db, stationId, type.id, input.wording, now);
    await retranslateType(db, context.translation, {
      stationId,
      messageType,
      from: input.language,
      wording: input.wording,
      languages,
      at: now,
      log: context.log,
    });
  }
  return (await listTypeTranslations(context)).filter((t) => t.message_type_id === type.id);
}

/**
 * After PUT /admin/api/message-types/{id}: a changed name or description is staff's primary
 * wording, and the other languages follow it. An unchanged one (Save All sends every type) does nothing.
 */
export async function primaryWordingSaved(
  context: TWordingContext,
  input: { before: TTypeWording & { id: string }; after: TTypeWording },
) {
  const { before, after } = input;
  if (before.displayName === after.displayName && before.description === after.description) return;
  await saveStaffWording(context, {
    typeId: before.id,
    language: await primaryLanguageOf(context.db, context.stationId),
    wording: after,
  });
}

async function primaryLanguageOf(db: DbOrTx, stationId: string): Promise<TLanguageCode> {
  const station = await repo.findStationById(db, stationId);
  if (!station) throw notFound('station_not_found');
  return station.primaryLanguage as TLanguageCode;
}

/**
 * After Settings changed the languages: each added language gets the catalogue's words where the
 * primary still has them, else a machine translation of the primary's; a new primary language
 * lends its wording to message_types.
 */
export async function languagesSaved(
  db: DbOrTx,
  translation: TTranslationProvider,
  input: { stationId: string; added: TLanguageCode[]; primary: TLanguageCode; at: Date; log?: TLog },
) {
  const types = await repo.listMessageTypes(db, input.stationId);
  const primaryRows = await wordingRepo.listTypeWording(db, input.stationId, [input.primary]);
  const primaryRow = new Map(primaryRows.map((row) => [row.messageType, row]));
  for (const type of types) {
    const messageType = type.messageType as TMessageTypeKey;
    const row = primaryRow.get(messageType);
    if (row && (row.displayName !== type.displayName || row.description !== type.description)) {
      const { displayName, description } = row;
      await repo.updateMessageType(db, input.stationId, type.id, { displayName, description }, input.at);
    }
    const primaryWording = row ?? { displayName: type.displayName, description: type.description };
    const added = input.added.filter((language) => language !== input.primary);
    if (added.length === 0) continue;
    if (isDefaultWording(messageType, input.primary, primaryWording)) {
      await wordingRepo.writeTypeWording(
        db,
        input.stationId,
        defaultRows(added).filter((r) => r.messageType === messageType),
        input.at,
        { keepExisting: true },
      );
      continue;
    }
    await retranslateType(db, translation, {
      stationId: input.stationId,
      messageType,
      from: input.primary,
      wording: primaryWording,
      languages: added,
      at: input.at,
      log: input.log,
    });
  }
}

/**
 * A signup's type wording: what step 4 showed in the wizard's language is kept for that language
 * (staff's when edited, else the catalogue's); the other languages get the catalogue's words, or a
 * machine translation of an edited text (the catalogue's when no engine can do it).
 */
export async function planSignupWording(
  translation: TTranslationProvider,
  input: {
    wizardLanguage: TLanguageCode;
    languages: readonly TLanguageCode[];
    shown: Partial<Record<TMessageTypeKey, TTypeWording>>;
    log?: TLog;
  },
): Promise<TTypeWordingRow[]> {
  const { wizardLanguage: from } = input;
  const rows: TTypeWordingRow[] = [];
  for (const messageType of MESSAGE_TYPE_KEYS) {
    const builtIn = defaultTypeWording(messageType, from);
    const shown = input.shown[messageType] ?? builtIn;
    const edited = !isDefaultWording(messageType, from, shown);
    for (const language of input.languages) {
      if (language === from) {
        rows.push({ messageType, language, source: edited ? 'staff' : 'default', ...shown });
        continue;
      }
      const target = defaultTypeWording(messageType, language);
      const field = async (text: string, defaultText: string, targetDefault: string) => {
        if (text === defaultText) return targetDefault;
        if (!text) return '';
        return translation.translate({ text, from, to: language }).then(
          (translated) => translated.trim() || null,
          (error: unknown) => {
            input.log?.warn({ err: error, from, to: language }, 'Signup type wording not translated');
            return null;
          },
        );
      };
      const [displayName, description] = await Promise.all([
        field(shown.displayName, builtIn.displayName, target.displayName),
        field(shown.description, builtIn.description, target.description),
      ]);
      if (!edited) rows.push({ messageType, language, source: 'default', ...target });
      else if (displayName !== null && description !== null) {
        rows.push({ messageType, language, source: 'machine', displayName, description });
      } else rows.push({ messageType, language, source: 'default', ...target });
    }
  }
  return rows;
}
