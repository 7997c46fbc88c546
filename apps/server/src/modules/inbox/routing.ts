// Which station's inbox a subscriber's text belongs to (decision 0040): the station whose own
// sender received it; else, of the stations the number is a contact of, the one that texted it
// last, or the contact most recently changed when none has texted it yet. Unknown numbers: none.
import type { DbOrTx } from '../../db/client.js';
import { latestStationToText } from '../delivery/recent-service.js';
import { findStationIdsBySender } from '../delivery/sending-service.js';
import { findContactsByPhoneEverywhere, type TContactRow } from '../subscribers/inbox-contacts-service.js';

export type TInboxRoute = { stationId: string; contact: TContactRow | null };

export async function routeInboundText(db: DbOrTx, phone: string, to: string): Promise<TInboxRoute | null> {
  const contacts = await findContactsByPhoneEverywhere(db, phone);
  const contactAt = (stationId: string) => contacts.find((c) => c.stationId === stationId) ?? null;
  const [own] = to ? await findStationIdsBySender(db, to) : [];
  if (own) return { stationId: own, contact: contactAt(own) };
  if (contacts.length === 0) return null;
  const [only] = contacts;
  if (only && contacts.length === 1) return { stationId: only.stationId, contact: only };
  const texted = await latestStationToText(
    db,
    phone,
    contacts.map((c) => c.stationId),
  );
  if (texted) return { stationId: texted, contact: contactAt(texted) };
  const latest = [...contacts].sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime())[0];
  return latest ? { stationId: latest.stationId, contact: latest } : null;
}
