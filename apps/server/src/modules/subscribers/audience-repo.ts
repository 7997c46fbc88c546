// Who a send reaches (verified, active contacts who chose the message's type), for delivery's send:
// counted per language and selected row by row from the same condition, so the count and the rows
// cannot part. The rows stay a select that delivery inserts from (one INSERT … SELECT per send).
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { smsContactPreferences, smsContacts } from '../../db/schema/owned/subscribers.js';

/** Who a send reaches: verified, active contacts who chose the message's type. */
function audienceWhere(stationId: string, messageType: string) {
  return and(
    eq(smsContactPreferences.stationId, stationId),
    eq(smsContactPreferences.messageType, messageType),
    eq(smsContacts.status, 'active'),
    eq(smsContacts.isVerified, true),
  );
}

/**
 * The audience per language: how many it holds and how many of them `waiting(phone)` holds for
 * (a condition on the contact's phone); no condition counts nobody as waiting.
 */
export function countAudienceByLanguage(
  db: DbOrTx,
  stationId: string,
  messageType: string,
  waiting: ((phone: SQL) => SQL) | null,
) {
  return db
    .select({
      language: smsContactPreferences.language,
      recipients: sql<number>`count(*)::int`,
      waiting: waiting
        ? sql<number>`count(*) filter (where ${waiting(sql`${smsContacts.phone}`)})::int`
        : sql<number>`0`,
    })
    .from(smsContactPreferences)
    .innerJoin(smsContacts, eq(smsContacts.id, smsContactPreferences.contactId))
    .where(audienceWhere(stationId, messageType))
    .groupBy(smsContactPreferences.language);
}

/** What each audience row offers the select's column list. */
export type TAudienceColumns = {
  stationId: SQL;
  contactId: SQL;
  phone: SQL;
  language: SQL;
  /** The body and segment count given for the contact's language. */
  body: SQL;
  segments: SQL;
};

export type TAudienceBody = { language: string; body: string; segments: number };

/**
 * A select of one row per member of the audience with a body in their language (contacts whose
 * language has none are left out); `columns` writes its column list. Not run: the caller inserts from it.
 */
export function audienceRows(
  stationId: string,
  messageType: string,
  bodies: TAudienceBody[],
  columns: (audience: TAudienceColumns) => SQL,
): SQL {
  const contact = smsContacts;
  const preference = smsContactPreferences;
  const list = columns({
    stationId: sql`${contact.stationId}`,
    contactId: sql`${contact.id}`,
    phone: sql`${contact.phone}`,
    language: sql`${preference.language}`,
    body: sql`b.body`,
    segments: sql`b.segments`,
  });
  return sql`
    select ${list}
    from ${preference}
    join ${contact} on ${contact.id} = ${preference.contactId}
    join jsonb_to_recordset(${JSON.stringify(bodies)}::jsonb) as b(language text, body text, segments int) on b.language = ${preference.language}
    where ${audienceWhere(stationId, messageType)}`;
}
