// Many subscribers at once, set-based (one INSERT … SELECT each), for tests and benchmarks that
// need hundreds or thousands of recipients: numbers +1 {area code} 555 {4 digits} and onwards.
import type { TLanguageCode } from '@message-station/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { createStationWithAdmin, setBilling } from './factories.js';

export async function addSubscribers(
  db: Db,
  stationId: string,
  options: { count: number; areaCode?: string; language?: string; messageType?: string; first?: number },
) {
  const areaCode = options.areaCode ?? '212';
  const first = options.first ?? 0;
  await db.execute(sql`
    insert into sms_contacts (station_id, name, phone, language, status, is_verified, source)
    select ${stationId}::uuid, 'crowd ' || i, '+1' || ${areaCode}::text || lpad((5550000 + i)::text, 7, '0'),
      ${options.language ?? 'en'}::text, 'active', true, 'web'
    from generate_series(${first}::int, ${first + options.count - 1}::int) as i`);
  await db.execute(sql`
    insert into sms_contact_preferences (contact_id, station_id, message_type, language)
    select c.id, c.station_id, ${options.messageType ?? 'emergency'}, c.language
    from sms_contacts c
    where c.station_id = ${stationId}::uuid and c.name like 'crowd %'
    on conflict do nothing`);
}

/** The phone number `addSubscribers` gave subscriber i. */
export function crowdPhone(i: number, areaCode = '212') {
  return `+1${areaCode}${(5550000 + i).toString().padStart(7, '0')}`;
}

/** A station and its admin, with `credits` and `count` emergency subscribers in English. */
export async function stationWithCrowd(
  db: Db,
  options: { slug: string; languages?: TLanguageCode[]; count: number; credits?: number },
) {
  const created = await createStationWithAdmin(db, { slug: options.slug, languages: options.languages });
  await setBilling(db, created.station.id, { smsCreditsBalance: options.credits ?? 100 });
  await addSubscribers(db, created.station.id, { count: options.count });
  return created;
}
