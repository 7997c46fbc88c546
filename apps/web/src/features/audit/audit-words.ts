// Words for an audit entry: the server sends a code ("user.updated") and its parameters; the
// sentence comes from the audit catalogue in the reader's language.
import type { TAuditEntry } from '@message-station/shared';
import type { TFunction } from 'i18next';

type TAuditT = TFunction<'audit'>;

/** Parameters that are not shown as details: they are in the sentence or the before/after table. */
const SENTENCE_KEYS = new Set(['label', 'before', 'after']);

function billingEvent(t: TAuditT, eventType: unknown): string {
  const key = typeof eventType === 'string' ? eventType.replace(/\./g, '_') : 'other';
  return t(`billingEvents.${key}` as 'billingEvents.other', { defaultValue: t('billingEvents.other') });
}

export function actionSentence(t: TAuditT, entry: TAuditEntry): string {
  const details = entry.details;
  const label = typeof details.label === 'string' && details.label ? details.label : t('unnamed');
  const params = {
    ...details,
    label,
    event: billingEvent(t, details.event_type),
    count: typeof details.count === 'number' ? details.count : undefined,
  };
  // An unknown code (a newer server) shows as itself rather than a wrong sentence.
  return t(`actions.${entry.action}` as 'actions.auth.signed_in', { ...params, defaultValue: entry.action });
}

/** The action's area for the filter ("user.updated" → "user"). */
export function areaOf(action: string): string {
  return action.split('.')[0] ?? action;
}

export function targetText(t: TAuditT, entry: TAuditEntry): string {
  if (!entry.target_type) return '';
  const kind = t(`targets.${entry.target_type}` as 'targets.user', { defaultValue: entry.target_type });
  const label = entry.details.label;
  return typeof label === 'string' && label ? `${kind}: ${label}` : kind;
}

export type TChange = { field: string; before: unknown; after: unknown };

export function changesOf(entry: TAuditEntry): TChange[] {
  const before = (entry.details.before ?? {}) as Record<string, unknown>;
  const after = (entry.details.after ?? {}) as Record<string, unknown>;
  return Object.keys(after).map((field) => ({ field, before: before[field], after: after[field] }));
}

/** The other parameters of the action (counts, a language, the event's outcome). */
export function otherDetails(entry: TAuditEntry): [string, unknown][] {
  return Object.entries(entry.details).filter(([key]) => !SENTENCE_KEYS.has(key));
}

export function valueText(value: unknown, empty: string): string {
  if (value === null || value === undefined || value === '') return empty;
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}
