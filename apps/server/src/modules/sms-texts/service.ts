// The subscriber texts a station may word itself (the opt-in confirmation, the HELP reply and the
// inbox auto-reply, per language): what is sent, and the Settings calls that list and change them.
import {
  confirmationText,
  listInLanguage,
  renderSmsTemplate,
  SMS_TEXT_BUDGETS,
  STATION_SMS_TEXT_KINDS,
  STATION_SMS_TEXT_MAX,
  STATION_SMS_TEXT_PLACEHOLDERS,
  smsSegments,
  smsTemplate,
  smsText,
  stationSmsTextDefault,
  stationSmsTextProblem,
  type TMessageTypeKey,
  type TStationSmsText,
  type TStationSmsTextKind,
  type TStationSmsTextProblem,
  type TStationSmsTextRequest,
  type TStationSmsTexts,
} from '@message-station/shared';
import type { DbOrTx } from '../../db/client.js';
import { notFound } from '../../platform/errors.js';
import type { TServiceContext } from '../../service-context.js';
import { findStationById, listLanguages, listMessageTypes, typeNamesIn } from '../station/service.js';
import * as repo from './repo.js';

export type TStationRef = { id: string; displayName: string };

const SERVICE_NAME = 'Message Station';

/** Where HELP sends people: the service's contact page. */
export const helpUrl = (publicUrl: string) => `${publicUrl}/contact`;

/**
 * The opt-in confirmation a subscriber receives, in their language: the station's own wording
 * when it has one for that language, else the catalogue's ("subscribed" or "subscribed again").
 */
export async function confirmationBody(
  db: DbOrTx,
  input: { station: TStationRef; language: string; types: string[]; again: boolean },
): Promise<string> {
  const names = await typeNamesIn(db, input.station.id, input.language);
  const typeNames = input.types.map((type) => names[type as TMessageTypeKey] ?? type);
  const [own] = await repo.findStationTexts(db, [input.station.id], 'confirmation', input.language);
  if (own) {
    return renderSmsTemplate(own.body, {
      station: input.station.displayName,
      types: listInLanguage(typeNames, input.language),
    });
  }
  return confirmationText(input.again, input.language, {
    station: input.station.displayName,
    types: typeNames,
  });
}

/**
 * The HELP reply. A number that is a contact of one station gets that station's own wording when
 * it has one in the reply's language; a number shared by several stations gets the catalogue's
 * text naming them all (no single station's wording speaks for the others).
 */
export async function helpBody(
  db: DbOrTx,
  input: { stations: TStationRef[]; language: string; publicUrl: string },
): Promise<string> {
  const url = helpUrl(input.publicUrl);
  const [only] = input.stations;
  if (only && input.stations.length === 1) {
    const [own] = await repo.findStationTexts(db, [only.id], 'help', input.language);
    if (own) return renderSmsTemplate(own.body, { station: only.displayName, url });
  }
  const names = input.stations.map((s) => s.displayName);
  return smsText('help', input.language, {
    stations: names.length > 0 ? listInLanguage(names, input.language) : SERVICE_NAME,
    url,
  });
}

/** The inbox's auto-reply (decision 0040): the station's own wording in the language, else the catalogue's. */
export async function autoReplyBody(db: DbOrTx, input: { station: TStationRef; language: string }) {
  const [own] = await repo.findStationTexts(db, [input.station.id], 'auto_reply', input.language);
  return renderSmsTemplate(own?.body ?? smsTemplate('auto_reply', input.language), {
    station: input.station.displayName,
  });
}

async function stationOrNotFound(ctx: Pick<TServiceContext, 'db' | 'stationId'>) {
  const station = await findStationById(ctx.db, ctx.stationId);
  if (!station) throw notFound('station_not_found');
  return station;
}

/**
 * What a language's placeholders are filled with in previews and in the budget check: the
 * station's name, all its active types (the longest list a subscriber can choose) and the help page.
 */
async function filledFor(
  ctx: Pick<TServiceContext, 'db' | 'config'>,
  station: TStationRef,
  language: string,
) {
  const [names, types] = await Promise.all([
    typeNamesIn(ctx.db, station.id, language),
    listMessageTypes(ctx.db, station.id),
  ]);
  const typeNames = types.filter((t) => t.isActive).map((t) => names[t.messageType] ?? t.displayName);
  return {
    typeNames,
    filled: {
      station: station.displayName,
      types: listInLanguage(typeNames, language),
      url: helpUrl(ctx.config.publicUrl),
    },
  };
}

function preview(body: string): TStationSmsText['preview'] {
  const info = smsSegments(body);
  return { body, characters: info.characters, encoding: info.encoding, segments: info.segments };
}

/** Settings: for each of the station's languages, both texts as the default and as the station's. */
export async function listSmsTexts(
  ctx: Pick<TServiceContext, 'db' | 'config' | 'stationId'>,
): Promise<TStationSmsTexts> {
  const station = await stationOrNotFound(ctx);
  const [languages, own] = await Promise.all([
    listLanguages(ctx.db, station),
    repo.listStationTexts(ctx.db, station.id),
  ]);
  const texts: TStationSmsText[] = [];
  for (const { languageCode: language } of languages) {
    const { typeNames, filled } = await filledFor(ctx, station, language);
    for (const kind of STATION_SMS_TEXT_KINDS) {
      const text = own.find((row) => row.kind === kind && row.language === language)?.body ?? null;
      const sent =
        text !== null
          ? renderSmsTemplate(text, filled)
          : kind === 'help'
            ? smsText('help', language, { stations: station.displayName, url: filled.url })
            : kind === 'auto_reply'
              ? smsText('auto_reply', language, { station: station.displayName })
              : confirmationText(false, language, { station: station.displayName, types: typeNames });
      texts.push({
        language,
        kind,
        default_text: stationSmsTextDefault(kind, language),
        text,
        filled,
        preview: preview(sent),
      });
    }
  }
  return {
    texts,
    placeholders: {
      confirmation: [...STATION_SMS_TEXT_PLACEHOLDERS.confirmation],
      help: [...STATION_SMS_TEXT_PLACEHOLDERS.help],
      auto_reply: [...STATION_SMS_TEXT_PLACEHOLDERS.auto_reply],
    },
    max_characters: STATION_SMS_TEXT_MAX,
    max_segments: SMS_TEXT_BUDGETS.help,
  };
}

export type TSaveOutcome =
  | { ok: true; texts: TStationSmsTexts }
  | { ok: false; problem: TStationSmsTextProblem };

/** Sets (or, with null, clears) one text; a refused text changes nothing. */
export async function saveSmsText(
  ctx: Pick<TServiceContext, 'db' | 'config' | 'now' | 'stationId'>,
  input: TStationSmsTextRequest,
): Promise<TSaveOutcome> {
  const station = await stationOrNotFound(ctx);
  const languages = (await listLanguages(ctx.db, station)).map((l) => l.languageCode);
  if (!languages.includes(input.language)) {
    return {
      ok: false,
      problem: { code: 'sms_text_language_not_supported', params: { language: input.language } },
    };
  }
  const kind: TStationSmsTextKind = input.kind;
  if (input.text === null) {
    await repo.deleteStationText(ctx.db, station.id, kind, input.language);
  } else {
    const { filled } = await filledFor(ctx, station, input.language);
    const problem = stationSmsTextProblem(kind, input.text, filled);
    if (problem) return { ok: false, problem };
    await repo.saveStationText(ctx.db, {
      stationId: station.id,
      kind,
      language: input.language,
      body: input.text.trim(),
      updatedAt: ctx.now,
    });
  }
  return { ok: true, texts: await listSmsTexts(ctx) };
}
