// What a weather alert becomes as a message, without a database: whether the station follows it,
// its title and text (NWS writes English, wrapped at 70 columns), and its message type. A text
// whose SMS would pass Twilio's 1,600 characters is shortened by rule, with a link to the whole
// alert (decision 0052).
import {
  smsTextFit,
  splitSentences,
  TEXT_LIMITS,
  type TLanguageCode,
  type TMessageTypeKey,
  weatherFullAlertLine,
  weatherTime,
  weatherUntilLine,
} from '@message-station/shared';
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

/** What a draft needs to fit its SMS (decision 0052): the station's name, the link, the clock. */
export type TSmsShortening = {
  stationName: string;
  /** The alert's public page for readers of `language` (GET /alerts/{station}/{message}?lang=). */
  link: (language: TLanguageCode) => string;
  timeZone: string;
  now: Date;
};

/** What a shortened alert keeps, in order: the heading, areas, end time, first instruction, link. */
export type TAlertParts = {
  heading: string;
  areas: string;
  until: string;
  instruction: string;
  link: string;
};

function joined(parts: TAlertParts): string {
  return [parts.heading, parts.areas, parts.until, parts.instruction, parts.link]
    .filter(Boolean)
    .join('\n\n');
}

/** The longest word-boundary cut of `text` (fit, with an ellipsis) for which `ok` holds; '' when none. */
function longestCut(text: string, ok: (cut: string) => boolean): string {
  if (ok(text)) return text;
  let best = '';
  let low = 2;
  let high = text.length - 1;
  while (low <= high) {
    const middle = Math.floor((low + high) / 2);
    const cut = fit(text, middle);
    if (ok(cut)) {
      best = cut;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return best;
}

/** What gives way, in order, and the least each keeps at that step (a screen of areas at first). */
const CUTS = [
  ['areas', 160],
  ['instruction', 0],
  ['areas', 0],
  ['heading', 0],
] as const;

/**
 * The alert in as few words as its SMS in `language` takes (decision 0052): the heading, the areas,
 * the end time, the first instruction and the link to the whole alert. Should even that be too
 * long, the areas are cut first (to no less than 160 characters), then the instruction, then the
 * areas further, then the heading; the end time and the link always stay. Cut at a word with an
 * ellipsis, never mid-word.
 */
export function shortenedAlertText(
  parts: TAlertParts,
  room: { stationName: string; language: string },
): string {
  const ok = (candidate: TAlertParts) => smsTextFit(room, joined(candidate)).fits;
  let kept = parts;
  for (const [key, least] of CUTS) {
    if (ok(kept)) break;
    const current = kept;
    const cut = longestCut(current[key], (text) => ok({ ...current, [key]: text }));
    const floor = least === 0 || current[key].length <= least ? '' : fit(current[key], least);
    kept = { ...current, [key]: cut.length >= floor.length ? cut : floor };
  }
  return joined(kept);
}

/** The first sentence of NWS's text (its instructions, else its description). */
export function firstSentence(text: string): string {
  return splitSentences(text)[0] ?? '';
}

/** "In effect until 4:00 PM CDT." in `language`, or '' for an alert without an end. */
export function untilLine(
  alert: Pick<TNwsAlert, 'ends' | 'expires'>,
  language: TLanguageCode,
  sms: Pick<TSmsShortening, 'timeZone' | 'now'>,
): string {
  const end = alert.ends ?? alert.expires;
  return end ? weatherUntilLine(language, weatherTime(end, language, sms.timeZone, sms.now)) : '';
}

/** `full` when its SMS in `language` fits; else the alert shortened by rule, with the link. */
export function fittedText(
  full: string,
  language: TLanguageCode,
  sms: TSmsShortening,
  parts: Omit<TAlertParts, 'link'>,
): string {
  const room = { stationName: sms.stationName, language };
  if (smsTextFit(room, full).fits) return full;
  return shortenedAlertText({ ...parts, link: weatherFullAlertLine(language, sms.link(language)) }, room);
}

/**
 * A new alert or an update: the headline, the areas it covers, then what to do
 * (NWS's instructions; its description only when it gives none). The description's hazard and
 * impact paragraphs would make every alert a 7-segment SMS in English and 18 in Spanish.
 */
export function alertDraft(alert: TNwsAlert, sms?: TSmsShortening): TDraftText {
  const headline = headlineOf(alert);
  const whatToDo = readableText(alert.instruction) || readableText(alert.description);
  const parts = [headline, alert.areaDesc.trim(), whatToDo].filter(Boolean);
  const full = fit(parts.join('\n\n'), TEXT_LIMITS.messageBody);
  return {
    title: fit(alert.messageType === 'Update' ? `UPDATE: ${headline}` : headline, TEXT_LIMITS.messageTitle),
    original: sms
      ? fittedText(parts.join('\n\n'), 'en', sms, {
          heading: headline,
          areas: alert.areaDesc.trim(),
          until: untilLine(alert, 'en', sms),
          instruction: firstSentence(whatToDo),
        })
      : full,
  };
}

/** A cancellation: short, naming what it cancels. */
export function cancelDraft(alert: TNwsAlert, originalHeadline: string, sms?: TSmsShortening): TDraftText {
  const said = readableText(alert.description) || headlineOf(alert);
  const full = `CANCELLED: ${originalHeadline}\n\n${said}`;
  return {
    title: fit(`CANCELLED: ${originalHeadline}`, TEXT_LIMITS.messageTitle),
    original: sms
      ? fittedText(full, 'en', sms, {
          heading: `CANCELLED: ${originalHeadline}`,
          areas: '',
          until: '',
          instruction: said,
        })
      : fit(full, TEXT_LIMITS.messageBody),
  };
}

/**
 * The whole alert in English as its public page shows it (decision 0052): the headline, areas,
 * end time, NWS's description and instructions, uncut.
 */
export function fullAlertText(
  alert: TNwsAlert,
  sms: Pick<TSmsShortening, 'timeZone' | 'now'>,
  originalHeadline?: string,
): string {
  if (alert.messageType === 'Cancel' && originalHeadline !== undefined) {
    return `CANCELLED: ${originalHeadline}\n\n${readableText(alert.description) || headlineOf(alert)}`;
  }
  return [
    headlineOf(alert),
    alert.areaDesc.trim(),
    untilLine(alert, 'en', sms),
    readableText(alert.description),
    readableText(alert.instruction),
  ]
    .filter(Boolean)
    .join('\n\n');
}

/** The stored headline of a record (never empty). */
export function recordHeadline(alert: TNwsAlert): string {
  return fit(headlineOf(alert), 500);
}
