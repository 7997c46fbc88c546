// Staff work on a station's SMS contacts: list, preferences, pause/resume, add one (import.ts
// imports many).
import {
  MESSAGE_TYPE_KEYS,
  smsText,
  type TMessagePreferences,
  type TSmsContact,
} from '@message-station/shared';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { namedRead } from '../../db/rows.js';
import type { TAuditScope } from '../../platform/audit-rule.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { TServiceContext } from '../../service-context.js';
import { messageTypeKeysSql, stationExistsSql } from '../station/page-reads-service.js';
import { findStationById, listLanguages, listMessageTypes } from '../station/service.js';
import { announceContactsChanged } from '../subscribers/contact-events-service.js';
import * as contacts from '../subscribers/contacts-service.js';
import { findContactView } from '../subscribers/trail-service.js';
import { sendTextOrExplain } from '../verification/service.js';

/** What staff tick, word for word as the English screen shows it; kept with each consent record. */
export function attestationText(stationDisplayName: string, people: 'one' | 'many'): string {
  const who = people === 'one' ? 'this person' : 'these people';
  return `I confirm ${who} agreed to receive SMS alerts from ${stationDisplayName} and I can show their consent if asked.`;
}

type TPreferenceRow = { contactId: string; messageType: string; language: string };

type TApiContactRow = Pick<
  contacts.TContactRow,
  'id' | 'name' | 'phone' | 'language' | 'status' | 'isVerified' | 'signedUpAt'
>;

function toApi(row: TApiContactRow, preferences: TPreferenceRow[], typeKeys: string[]): TSmsContact {
  const mine = preferences.filter((p) => p.contactId === row.id);
  const message_preferences = Object.fromEntries(
    typeKeys.map((key) => {
      const chosen = mine.find((p) => p.messageType === key);
      return [key, { subscribed: Boolean(chosen), language: chosen?.language ?? row.language }];
    }),
  );
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    language: row.language,
    message_preferences,
    status: row.status,
    is_verified: row.isVerified,
    signed_up_at: row.signedUpAt.toISOString(),
  };
}

export async function stationCatalog(ctx: Pick<TServiceContext, 'db' | 'stationId'>) {
  const station = await findStationById(ctx.db, ctx.stationId);
  if (!station) throw notFound('station_not_found');
  const [languages, types] = await Promise.all([
    listLanguages(ctx.db, station),
    listMessageTypes(ctx.db, station.id),
  ]);
  return {
    station,
    languages: new Set(languages.map((l) => l.languageCode)),
    typeKeys: types.map((t) => t.messageType as string),
    activeTypes: new Set(types.filter((t) => t.isActive).map((t) => t.messageType as string)),
  };
}

async function describe(
  ctx: Pick<TServiceContext, 'db' | 'stationId'>,
  row: contacts.TContactRow,
  typeKeys?: string[],
) {
  const keys = typeKeys ?? (await stationCatalog(ctx)).typeKeys;
  return toApi(row, await contacts.listPreferences(ctx.db, ctx.stationId, [row.id]), keys);
}

type TContactPageValues = {
  stationId: string;
  limit: number;
  offset: number;
  status?: string;
  namePattern?: string;
  phonePattern?: string;
};
type TContactPageRow = {
  station_found: boolean;
  type_keys: string[];
  page: { total: number; rows: contacts.TContactPageRowJson[] };
};

/**
 * The list's one statement per shape (with or without a status, a name search, a phone search),
 * built once (decision 0061): the station's type keys, the page with its preferences and the total.
 */
function contactPageRead(shape: { status: boolean; name: boolean; phone: boolean }) {
  const name = `contacts_page${shape.status ? '_status' : ''}${shape.name ? '_name' : ''}${shape.phone ? '_phone' : ''}`;
  return namedRead<TContactPageRow, TContactPageValues>(name, () => {
    const stationId = sql`${sql.placeholder('stationId')}::uuid`;
    return sql`select ${stationExistsSql(stationId)} as station_found,
      ${messageTypeKeysSql(stationId)} as type_keys,
      ${contacts.contactPageSql({
        stationId,
        limit: sql`${sql.placeholder('limit')}::int`,
        offset: sql`${sql.placeholder('offset')}::int`,
        status: shape.status ? sql`${sql.placeholder('status')}::text` : undefined,
        namePattern: shape.name ? sql`${sql.placeholder('namePattern')}::text` : undefined,
        phonePattern: shape.phone ? sql`${sql.placeholder('phonePattern')}::text` : undefined,
      })} as page`;
  });
}
const contactPageReads = new Map<string, ReturnType<typeof contactPageRead>>();

/** The list page: one statement whatever the filter; another station's contacts are never read. */
export async function listContacts(
  ctx: Pick<TServiceContext, 'db' | 'stationId'>,
  query: { search?: string; status?: TSmsContact['status']; limit: number; offset: number },
) {
  const patterns = contacts.contactSearchPatterns(query.search);
  const shape = { status: Boolean(query.status), name: Boolean(patterns), phone: Boolean(patterns?.phone) };
  const key = JSON.stringify(shape);
  let read = contactPageReads.get(key);
  if (!read) {
    read = contactPageRead(shape);
    contactPageReads.set(key, read);
  }
  const [row] = await read(ctx.db, {
    stationId: ctx.stationId,
    limit: query.limit,
    offset: query.offset,
    ...(query.status ? { status: query.status } : {}),
    ...(patterns ? { namePattern: patterns.name } : {}),
    ...(patterns?.phone ? { phonePattern: patterns.phone } : {}),
  });
  if (!row?.station_found) throw notFound('station_not_found');
  const typeKeys = row.type_keys;
  const page = row.page;
  return {
    total: Number(page.total),
    contacts: page.rows.map((json) =>
      toApi(
        { ...json, signedUpAt: new Date(json.signedUpAt) },
        json.preferences.map((p) => ({ contactId: json.id, ...p })),
        typeKeys,
      ),
    ),
  };
}

function checkedChoices(
  preferences: TMessagePreferences,
  catalog: Awaited<ReturnType<typeof stationCatalog>>,
): { messageType: string; language: string }[] {
  const choices: { messageType: string; language: string }[] = [];
  for (const key of MESSAGE_TYPE_KEYS) {
    const preference = preferences[key];
    if (!preference?.subscribed) continue;
    if (!catalog.typeKeys.includes(key))
      throw new AppError('unknown_message_type_key', { message_type: key });
    if (!catalog.languages.has(preference.language)) {
      throw new AppError('language_not_offered', { language: preference.language });
    }
    choices.push({ messageType: key, language: preference.language });
  }
  return choices;
}

export async function updatePreferences(
  ctx: Pick<TServiceContext, 'db' | 'now' | 'stationId'>,
  contactId: string,
  preferences: TMessagePreferences,
  audit?: TAuditScope,
) {
  const catalog = await stationCatalog(ctx);
  const choices = checkedChoices(preferences, catalog);
  const row = await ctx.db.transaction(async (tx) => {
    const contact = await lockContact(tx, ctx.stationId, contactId, audit);
    // As on the join page: whoever receives (or will, once confirmed or resumed) has a type.
    // Staff stop someone's alerts by pausing them; only an opted-out number may hold none.
    if (choices.length === 0 && contact.status !== 'opted_out') {
      throw new AppError('contact_needs_alert_type');
    }
    await contacts.choosePreferences(tx, ctx.stationId, contact.id, choices);
    const changed = await contacts.changeContact(tx, ctx.stationId, contact.id, {
      language: choices[0]?.language ?? contact.language,
      updatedAt: ctx.now,
    });
    audit?.after(await findContactView(tx, ctx.stationId, contactId));
    return changed;
  });
  if (!row) throw notFound('contact_not_found');
  return describe(ctx, row, catalog.typeKeys);
}

/** The contact locked for a change in `tx`, handed to the audit as it was (decision 0066). */
async function lockContact(tx: DbOrTx, stationId: string, contactId: string, audit?: TAuditScope) {
  const contact = await contacts.findContact(tx, stationId, contactId, { forUpdate: true });
  if (!contact) throw notFound('contact_not_found');
  audit?.before(await findContactView(tx, stationId, contactId));
  return contact;
}

/** Staff may pause an active contact and resume a paused one; only the person opts in or out. */
export async function updateStatus(
  ctx: Pick<TServiceContext, 'db' | 'now' | 'stationId' | 'events' | 'log'>,
  contactId: string,
  status: 'active' | 'paused',
  audit?: TAuditScope,
) {
  const row = await ctx.db.transaction(async (tx) => {
    const contact = await lockContact(tx, ctx.stationId, contactId, audit);
    if (contact.status === 'opted_out') {
      throw new AppError('contact_opted_out');
    }
    if (contact.status === 'pending') {
      throw new AppError('contact_pending');
    }
    const changed = await contacts.changeContact(tx, ctx.stationId, contactId, {
      status,
      updatedAt: ctx.now,
    });
    audit?.after(await findContactView(tx, ctx.stationId, contactId));
    return changed;
  });
  if (!row) throw notFound('contact_not_found');
  await announceContactsChanged(ctx, [ctx.stationId]);
  return describe(ctx, row);
}

type TContactWriteContext = Pick<
  TServiceContext,
  'db' | 'now' | 'stationId' | 'userId' | 'ip' | 'userAgent' | 'events' | 'log'
>;
type TNewContact = { name: string; phone: string; message_preferences: TMessagePreferences };

/**
 * A new contact of the station with their alert types and the consent event of how they came, in
 * one transaction: pending until they confirm (staff), or active at once (an attested API call).
 */
async function insertContactWithConsent(
  ctx: TContactWriteContext,
  input: TNewContact,
  how: { source: 'staff' | 'api'; active: boolean; consentText: (stationName: string) => string },
) {
  const catalog = await stationCatalog(ctx);
  const choices = checkedChoices(input.message_preferences, catalog);
  if (choices.length === 0) throw new AppError('alert_type_required');
  if (await contacts.findContactByPhone(ctx.db, ctx.stationId, input.phone)) {
    throw new AppError('contact_exists');
  }
  const row = await ctx.db.transaction(async (tx) => {
    const contact = await contacts.addContact(tx, {
      stationId: ctx.stationId,
      phone: input.phone,
      name: input.name || null,
      language: choices[0]?.language ?? catalog.station.primaryLanguage,
      ...(how.active ? { status: 'active', isVerified: true, verifiedAt: ctx.now } : { status: 'pending' }),
      source: how.source,
      signedUpAt: ctx.now,
    });
    await contacts.choosePreferences(tx, ctx.stationId, contact.id, choices);
    await contacts.recordConsent(tx, [
      {
        stationId: ctx.stationId,
        contactId: contact.id,
        phone: input.phone,
        event: 'opt_in',
        source: how.source,
        detail: how.consentText(catalog.station.displayName),
        ip: ctx.ip,
        userAgent: ctx.userAgent?.slice(0, 512) ?? null,
        actorUserId: ctx.userId,
        createdAt: ctx.now,
      },
    ]);
    return contact;
  });
  return { row, catalog };
}

export async function addContact(
  ctx: TContactWriteContext & Pick<TServiceContext, 'sms'>,
  input: TNewContact,
) {
  const { row, catalog } = await insertContactWithConsent(ctx, input, {
    source: 'staff',
    active: false,
    consentText: (station) => attestationText(station, 'one'),
  });
  // Double opt-in: the person confirms with YES before any alert reaches them (in the language
  // of their first type).
  try {
    await sendTextOrExplain(
      ctx.sms,
      {
        to: input.phone,
        body: smsText('invite', row.language, { station: catalog.station.displayName }),
        stationId: ctx.stationId,
      },
      'sms_confirmation_unavailable',
    );
  } catch (error) {
    // Without the confirmation text the contact could never confirm: nothing is kept.
    await contacts.removeContact(ctx.db, ctx.stationId, row.id);
    throw error;
  }
  await announceContactsChanged(ctx, [ctx.stationId]);
  return describe(ctx, row, catalog.typeKeys);
}

/** One contact of the station; another station's answers 404. */
export async function getContact(ctx: Pick<TServiceContext, 'db' | 'stationId'>, contactId: string) {
  const contact = await contacts.findContact(ctx.db, ctx.stationId, contactId);
  if (!contact) throw notFound('contact_not_found');
  return describe(ctx, contact);
}

/**
 * A contact added through the public API on the caller's attestation of consent, as an
 * import is: active and verified at once, the consent kept with the words the person agreed to,
 * the time and the caller's address.
 */
export async function addAttestedContact(
  ctx: TContactWriteContext,
  input: TNewContact & { consent_text: string },
) {
  const { row, catalog } = await insertContactWithConsent(ctx, input, {
    source: 'api',
    active: true,
    consentText: () => input.consent_text,
  });
  await announceContactsChanged(ctx, [ctx.stationId]);
  return describe(ctx, row, catalog.typeKeys);
}

/**
 * Opts a contact out on the caller's word (the person asked the station's own system): they
 * receive nothing more, and the opt-out is kept as a consent event. Only the person opts back in
 * (START, or the join page).
 */
export async function optOutContact(ctx: TContactWriteContext, contactId: string, audit?: TAuditScope) {
  let optedOut = false;
  const row = await ctx.db.transaction(async (tx) => {
    const contact = await lockContact(tx, ctx.stationId, contactId, audit);
    if (contact.status === 'opted_out') return contact;
    optedOut = true;
    const updated = await contacts.changeContact(tx, ctx.stationId, contact.id, {
      status: 'opted_out',
      optedOutAt: ctx.now,
      pendingSignup: null,
      updatedAt: ctx.now,
    });
    await contacts.recordConsent(tx, [
      {
        stationId: ctx.stationId,
        contactId: contact.id,
        phone: contact.phone,
        event: 'opt_out',
        source: 'api',
        detail: 'Opted out through the API',
        ip: ctx.ip,
        userAgent: ctx.userAgent?.slice(0, 512) ?? null,
        actorUserId: ctx.userId,
        createdAt: ctx.now,
      },
    ]);
    return updated ?? contact;
  });
  if (optedOut) await announceContactsChanged(ctx, [ctx.stationId]);
  audit?.after(await findContactView(ctx.db, ctx.stationId, contactId));
  return describe(ctx, row);
}
