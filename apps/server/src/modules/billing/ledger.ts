// The credit ledger: every change to a station's SMS credits goes through here, in the caller's
// transaction, so the balance on the station's billing row and the ledger never disagree.
import type { TCreditLedgerKind } from '@message-station/shared';
import type { DbOrTx } from '../../db/client.js';
import { ledgerLine, type TLedgerLine } from './ledger-lines.js';
import * as repo from './ledger-repo.js';
import { addToCreditBalance, lockCreditBalance, spendFromCreditBalance } from './station-billing-repo.js';

/** A change to the balance, worded by one of `ledgerLine`'s lines. */
type TLedgerEntry = TLedgerLine & {
  kind: TCreditLedgerKind;
  credits: number;
  amountCents?: number | null;
  reference?: string | null;
  at: Date;
};

async function appendEntry(tx: DbOrTx, stationId: string, entry: TLedgerEntry, balanceAfter: number) {
  await repo.insertLedgerEntry(tx, {
    stationId,
    kind: entry.kind,
    credits: entry.credits,
    balanceAfter,
    description: entry.description,
    params: entry.params as Record<string, string | number>,
    amountCents: entry.amountCents ?? null,
    reference: entry.reference ?? null,
    createdAt: entry.at,
  });
}

/** Adds credits (grant, purchase, refund) and records it; answers the new balance. */
export async function addCredits(tx: DbOrTx, stationId: string, entry: TLedgerEntry): Promise<number> {
  if (entry.credits < 0) throw new Error('addCredits takes a positive amount; use spendCredits');
  const balance = await addToCreditBalance(tx, stationId, entry.credits);
  if (balance === null) throw new Error(`station ${stationId} not found`);
  await appendEntry(tx, stationId, entry, balance);
  return balance;
}

/**
 * Spends credits with a guarded update that can never take the balance below zero. Answers the
 * new balance, or null (and changes nothing) when the station holds fewer than `credits`.
 */
export async function spendCredits(
  tx: DbOrTx,
  stationId: string,
  entry: Omit<TLedgerEntry, 'kind'> & { kind?: 'send' },
): Promise<number | null> {
  const balance = await spendFromCreditBalance(tx, stationId, entry.credits);
  if (balance === null) return null;
  await appendEntry(tx, stationId, { ...entry, kind: 'send', credits: -entry.credits }, balance);
  return balance;
}

/**
 * Opens a new month: records what carried over (credits never expire) and grants the month's
 * included credits. The station row is locked so a send cannot slip between the two rows.
 */
export async function startNewMonth(
  tx: DbOrTx,
  stationId: string,
  month: TLedgerLine & { grant: number; amountCents?: number | null; reference?: string; at: Date },
): Promise<{ rollover: number; balance: number }> {
  const balanceBefore = await lockCreditBalance(tx, stationId);
  if (balanceBefore === null) throw new Error(`station ${stationId} not found`);
  await appendEntry(
    tx,
    stationId,
    {
      kind: 'rollover',
      credits: balanceBefore,
      ...ledgerLine.rollover(),
      reference: month.reference,
      at: month.at,
    },
    balanceBefore,
  );
  const balance = await addCredits(tx, stationId, {
    kind: 'monthly_grant',
    credits: month.grant,
    description: month.description,
    params: month.params,
    amountCents: month.amountCents,
    reference: month.reference,
    at: month.at,
  });
  return { rollover: balanceBefore, balance };
}

const PERIOD_OPENERS: TCreditLedgerKind[] = ['monthly_grant', 'trial_grant'];

/**
 * The current month's breakdown. The month starts at the latest grant (renewal or trial); the
 * parts always add up to the balance: rollover + included + purchased − used = balance.
 */
export async function creditBreakdown(db: DbOrTx, stationId: string) {
  const opener = await repo.findLatestEntryOf(db, stationId, PERIOD_OPENERS);
  const since = opener?.createdAt ?? new Date(0);
  const rows = await repo.sumCreditsByKindSince(db, stationId, since);
  const sum = (...kinds: TCreditLedgerKind[]) =>
    rows.filter((r) => kinds.includes(r.kind)).reduce((total, r) => total + Number(r.credits), 0);
  return {
    periodStartedAt: opener?.createdAt ?? null,
    rollover: sum('rollover'),
    included: sum('monthly_grant', 'trial_grant'),
    purchased: sum('purchase'),
    /** Net of refunds, as a positive number. */
    used: -sum('send', 'refund'),
  };
}
