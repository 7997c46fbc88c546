// Replies to texts from subscribers: STOP-type words opt out at once everywhere this number is a
// contact, START-type words opt back in, HELP-type words answer who we are and how to leave.
// Plain-language opt-out requests count as STOP (docs/decisions/0007-opt-out-keywords.md).
import { parseUsPhone } from '@message-station/shared';
import type { Db } from '../../db/client.js';
import type { TSmsProvider } from '../../providers/sms/index.js';
import { listStationNames } from '../station/service.js';
import * as repo from './repo.js';

export const STOP_WORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT'];
export const START_WORDS = ['START', 'UNSTOP', 'YES'];
export const HELP_WORDS = ['HELP', 'INFO'];

export type TKeyword = 'stop' | 'start' | 'help';

/**
 * Phrases that ask to stop in plain words ("please stop texting me", "unsubscribe me", "take me
 * off your list"). Words that are also everyday English on their own (end, quit, cancel) count only
 * as the whole message.
 */
const PLAIN_OPT_OUT = [
  /\bstop\b/i,
  /\bunsubscribe\b/i,
  /\bopt(?:\s|-)?out\b/i,
  /\bremove me\b/i,
  /\btake me off\b/i,
  /\bno more (?:texts|messages|alerts|sms)\b/i,
  /\bdon'?t (?:text|message) me\b/i,
];

export function classifyInbound(body: string): TKeyword | null {
  const word = body
    .trim()
    .replace(/[.!]+$/, '')
    .toUpperCase();
  if (STOP_WORDS.includes(word)) return 'stop';
  if (START_WORDS.includes(word)) return 'start';
  if (HELP_WORDS.includes(word)) return 'help';
  if (PLAIN_OPT_OUT.some((pattern) => pattern.test(body))) return 'stop';
  return null;
}

export type TInboundContext = {
  db: Db;
  sms: TSmsProvider;
  publicUrl: string;
  now: Date;
  log?: { error(details: object, message: string): void };
};
export type TInboundText = { providerMessageId: string; from: string; to: string; body: string };

function joinNames(names: string[]): string {
  if (names.length <= 1) return names[0] ?? 'Message Station';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** Handles one inbound text; returns the reply sent (null when none was due or it was a repeat). */
export async function handleInboundText(ctx: TInboundContext, text: TInboundText): Promise<string | null> {
  const phone = parseUsPhone(text.from) ?? text.from;
  const keyword = classifyInbound(text.body);
  const reply = await ctx.db.transaction(async (tx) => {
    const fresh = await repo.recordInbound(tx, {
      providerMessageId: text.providerMessageId,
      from: phone,
      to: text.to,
      body: text.body.slice(0, 1600),
      keyword,
      receivedAt: ctx.now,
    });
    if (!fresh || !keyword) return null;

    const contacts = await repo.findContactsByPhoneEverywhere(tx, phone);
    const stations = await listStationNames(tx, [...new Set(contacts.map((c) => c.stationId))]);
    const nameOf = new Map(stations.map((s) => [s.id, s.displayName]));
    const event = (contact: repo.TContactRow, kind: 'opt_in' | 'opt_out') => ({
      stationId: contact.stationId,
      contactId: contact.id,
      phone,
      event: kind,
      source: 'keyword' as const,
      detail: text.body.trim().slice(0, 160),
      createdAt: ctx.now,
    });

    if (keyword === 'stop') {
      const changed = await repo.optOutEverywhere(tx, phone, ctx.now);
      await repo.insertConsentEvents(
        tx,
        changed.map((c) => event(c, 'opt_out')),
      );
      const names = joinNames(
        [...new Set(contacts.map((c) => nameOf.get(c.stationId) ?? ''))].filter(Boolean),
      );
      return `${names}: You are unsubscribed and will receive no more messages. Reply START to resubscribe.`;
    }

    if (keyword === 'start') {
      // Back in: people who had confirmed before, and staff-added contacts confirming with YES.
      const eligible = contacts.filter(
        (c) => (c.status === 'opted_out' && c.isVerified) || (c.status === 'pending' && c.source !== 'web'),
      );
      for (const contact of eligible) {
        await repo.updateContact(tx, contact.stationId, contact.id, {
          status: 'active',
          isVerified: true,
          verifiedAt: contact.verifiedAt ?? ctx.now,
          optedOutAt: null,
          updatedAt: ctx.now,
        });
      }
      await repo.insertConsentEvents(
        tx,
        eligible.map((c) => event(c, 'opt_in')),
      );
      if (eligible.length === 0) {
        return 'Message Station: there is no subscription to restart for this number. Join a station at its sign-up page to receive alerts.';
      }
      const names = joinNames(eligible.map((c) => nameOf.get(c.stationId) ?? 'Message Station'));
      return `${names}: You are subscribed to alerts again. Reply HELP for help, STOP to opt out. Msg & data rates may apply.`;
    }

    const names = joinNames([...new Set(contacts.map((c) => nameOf.get(c.stationId) ?? ''))].filter(Boolean));
    return `${names} alerts by Message Station. Help: ${ctx.publicUrl}/contact. Reply STOP to opt out (also STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT). Msg & data rates may apply.`;
  });

  if (!reply) return null;
  try {
    await ctx.sms.send({ to: phone, body: reply });
  } catch (error) {
    // The opt-out (or opt-in) has taken effect; a lost confirmation must not fail the webhook,
    // or the provider would retry a text we already handled.
    ctx.log?.error({ err: error, to: phone }, 'keyword reply not sent');
  }
  return reply;
}
