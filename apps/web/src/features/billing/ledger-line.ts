// A ledger line in the page's language, from its kind and params. Lines written before
// params existed keep the server's English description.
import { PLAN_TIERS, type TCreditLedgerEntry, type TPlanTier } from '@message-station/shared';
import type { TFunction } from 'i18next';
import { formatCount } from '../../i18n/formats';
import { useTranslation } from '../../i18n/react';

function planName(t: TFunction<'billing'>, tier: string | undefined): string {
  return tier && Object.hasOwn(PLAN_TIERS, tier) ? PLAN_TIERS[tier as TPlanTier].label : t('plan.custom');
}

/** The number of a plural line: its count for the translator and its US-formatted figure. */
const counted = (n: number) => ({ count: n, formatted: formatCount(n) });

export function ledgerLineText(t: TFunction<'billing'>, entry: TCreditLedgerEntry): string {
  const { params } = entry;
  if (!params) return entry.description;
  switch (entry.kind) {
    case 'trial_grant':
      return t('history.line.trial_grant');
    case 'rollover':
      return t('history.line.rollover');
    case 'monthly_grant':
      if (params.cause === 'plan_started') {
        return t('history.line.plan_started', { plan: planName(t, params.plan) });
      }
      return params.cause === 'renewal' ? t('history.line.renewal') : t('history.line.monthly_grant');
    case 'purchase':
      return params.credits === undefined
        ? entry.description
        : t('history.line.purchase', counted(params.credits));
    case 'send':
      return params.recipients === undefined || params.title === undefined
        ? entry.description
        : t('history.line.send', { ...counted(params.recipients), title: params.title });
    case 'refund':
      return params.count === undefined ? entry.description : t('history.line.refund', counted(params.count));
    default:
      return entry.description;
  }
}

export function useLedgerLineText(): (entry: TCreditLedgerEntry) => string {
  const { t } = useTranslation('billing');
  return (entry) => ledgerLineText(t, entry);
}
