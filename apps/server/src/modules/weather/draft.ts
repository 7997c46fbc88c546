// What a weather alert becomes as a message, without a database: whether the station follows it,
// its title and text (NWS writes English, wrapped at 70 columns), and its message type.
import { TEXT_LIMITS, type TMessageTypeKey } from '@message-station/shared';
import type { TNwsAlert } from '../../providers/weather/types.js';

export type TFollowRules = { eventTypes: string[]; severities: string[] };

/** Why the station does not follow this alert, or null when it does. */
export function notFollowed(rules: TFollowRules, alert: Pick<TNwsAlert, 'event' | 'severity'>) {
  if (rules.eventTypes.length > 0 && !rules.eventTypes.includes(alert.event)) return 'ignored_event' as const;
  if (!rules.severities.includes(alert.severity)) return 'ignored_severity' as const;
  return null;
}

/** An alert that ended (or expired) before `now` is not drafted: nobody needs it any more. */
export function isOver(alert: Pick<TNwsAlert, 'expires' | 'ends'>, now: Date): boolean {
  const end = alert.ends ?? alert.expires;
  return end !== null && end.getTime() <= now.getTime();
}

/**
 * Extreme and Severe warnings are emergencies (they go at once, even in quiet hours); every other
 * alert (watches, advisories, statements) is an alert.
 */
export function mappedType(alert: Pick<TNwsAlert, 'event' | 'severity'>): TMessageTypeKey {
  const severe = alert.severity === 'Extreme' || alert.severity === 'Severe';
  return severe && /\bWarning$/i.test(alert.event) ? 'emergency' : 'alert';
}

/** Where a type falls back when the station turned it off: never from an alert up to an emergency first. */
const FALLBACKS: Record<TMessageTypeKey, TMessageTypeKey[]> = {
  emergency: ['emergency', 'alert', 'informational', 'station'],
  alert: ['alert', 'informational', 'station', 'emergency'],
  station: ['station', 'informational', 'alert', 'emergency'],
  informational: ['informational', 'alert', 'station', 'emergency'],
};

export function chooseType(wanted: TMessageTypeKey, active: readonly string[]): TMessageTypeKey | null {
  return FALLBACKS[wanted].find((type) => active.includes(type)) ?? null;
}

/**
 * NWS text as people read it: the product code line (TOROUN) dropped, lines wrapped at 70 columns
 * joined into paragraphs (a translation engine reads a broken sentence as two), spaces tidied.
 */
export function readableText(text: string | null, productCode?: string): string {
  if (!text) return '';
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) =>
      paragraph
        .split('\n')
        .map((line) => line.trim())
        .join(' ')
        // A word NWS broke at the line's end ("east-\nnortheast") is one word again.
        .replace(/(\w)- (?=\w)/g, '$1-')
        .replace(/ {2,}/g, ' ')
        .trim(),
    )
    .filter(Boolean);
  // The first paragraph of a warning is often the AWIPS product code alone (TOROUN, SVROUN).
  if (
    paragraphs[0] &&
    /^[A-Z0-9]{4,6}$/.test(paragraphs[0]) &&
    (!productCode || paragraphs[0] === productCode)
  ) {
    paragraphs.shift();
  }
  return paragraphs.join('\n\n');
}

/** Cut at a word boundary with an ellipsis, so the text fits a message (and an SMS). */
export function fit(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

function headlineOf(alert: Pick<TNwsAlert, 'headline' | 'event' | 'areaDesc'>): string {
  return alert.headline?.trim() || `${alert.event} for ${alert.areaDesc}`.trim();
}

export type TDraftText = { title: string; original: string };

/**
 * A new alert or an update, as the issue asks: the headline, the areas it covers, then what to do
 * (NWS's instructions; its description only when it gives none). The description's hazard and
 * impact paragraphs would make every alert a 7-segment SMS in English and 18 in Spanish.
 */
export function alertDraft(alert: TNwsAlert): TDraftText {
  const headline = headlineOf(alert);
  const whatToDo = readableText(alert.instruction) || readableText(alert.description);
  const parts = [headline, alert.areaDesc.trim(), whatToDo].filter(Boolean);
  return {
    title: fit(alert.messageType === 'Update' ? `UPDATE: ${headline}` : headline, TEXT_LIMITS.messageTitle),
    original: fit(parts.join('\n\n'), TEXT_LIMITS.messageBody),
  };
}

/** A cancellation: short, naming what it cancels. */
export function cancelDraft(alert: TNwsAlert, originalHeadline: string): TDraftText {
  const said = readableText(alert.description) || headlineOf(alert);
  return {
    title: fit(`CANCELLED: ${originalHeadline}`, TEXT_LIMITS.messageTitle),
    original: fit(`CANCELLED: ${originalHeadline}\n\n${said}`, TEXT_LIMITS.messageBody),
  };
}

/** The stored headline of a record (never empty). */
export function recordHeadline(alert: TNwsAlert): string {
  return fit(headlineOf(alert), 500);
}
