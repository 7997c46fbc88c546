// Every ledger line the server writes: its params (what the page words it from) and
// its English description for API clients, made together so they never say different things.
import { planLabel, type TCreditLedgerParams } from '@message-station/shared';
import { formatCount } from '../../platform/numbers.js';

export type TLedgerLine = { description: string; params: TCreditLedgerParams };

const count = formatCount;

export const ledgerLine = {
  trialGrant: (): TLedgerLine => ({ description: 'Free trial credits', params: {} }),
  /** A station created with credits outside a trial (seed, superadmin). */
  openingGrant: (): TLedgerLine => ({
    description: 'Monthly included credits',
    params: { cause: 'opening' },
  }),
  planStarted: (tier: string): TLedgerLine => ({
    description: `Monthly included credits (${planLabel(tier)} plan started)`,
    params: { cause: 'plan_started', plan: tier },
  }),
  renewal: (): TLedgerLine => ({
    description: 'Monthly included credits (renewal)',
    params: { cause: 'renewal' },
  }),
  rollover: (): TLedgerLine => ({ description: 'Rollover from previous month', params: {} }),
  purchase: (credits: number): TLedgerLine => ({
    description: `Purchased ${count(credits)} credits`,
    params: { credits },
  }),
  send: (title: string, recipients: number): TLedgerLine => ({
    description: `SMS "${title}" to ${count(recipients)} subscriber${recipients === 1 ? '' : 's'}`,
    params: { title, recipients },
  }),
  refund: (texts: number): TLedgerLine => ({
    description: `Refund: ${count(texts)} SMS could not be delivered`,
    params: { count: texts },
  }),
};
