// Dates and times worded in the interface language, shared by several pages.

/** Held texts go at 8 AM in their recipient's zone (the server's quiet-hours.ts). */
const QUIET_HOURS_END = 8;

import { uiLocale } from '../i18n/formats';

/** The locale dates are worded in for an interface language (i18n/formats.ts). */
export const localeOf = (uiLanguage: string) => uiLocale(uiLanguage);

/** 'May 14, 2026' (or '14 de mayo de 2026'); empty for a value that is not a date. */
export function formatDate(iso: string, language: string, style: 'long' | 'medium' = 'long'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: style }).format(date);
}

/** '8:00 AM EST' ('8:00 a.m. EST' in Spanish): a time as the clock shows it in `zone`, with its abbreviation. */
export function timeInZone(iso: string, zone: string, uiLanguage: string): string {
  const format = { hour: 'numeric', minute: '2-digit', timeZone: zone, timeZoneName: 'short' } as const;
  return new Date(iso).toLocaleTimeString(localeOf(uiLanguage), format);
}

/** '8:00 AM' ('8:00 a.m.'): when quiet hours end on every recipient's own clock. */
export function quietHoursEnd(uiLanguage: string): string {
  const eightAm = new Date(Date.UTC(2000, 0, 1, QUIET_HOURS_END));
  return eightAm.toLocaleTimeString(localeOf(uiLanguage), {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
  });
}

/**
 * The cities that name the station zones (STATION_TIME_ZONES) where Spanish writes them otherwise:
 * Intl words a zone's name in the language, never its city.
 */
const SPANISH_CITIES: Record<string, string> = {
  'New York': 'Nueva York',
  'Los Angeles': 'Los Ángeles',
  'St Thomas': 'Santo Tomás',
  Saipan: 'Saipán',
};

/** "Eastern Time (New York)": a zone in words, with the city that names it, both in the language. */
export function zoneLabel(timeZone: string, language: string): string {
  const cityId = timeZone.split('/').pop()?.replace(/_/g, ' ') ?? timeZone;
  const city = (language === 'es' ? SPANISH_CITIES[cityId] : undefined) ?? cityId;
  const name = new Intl.DateTimeFormat(localeOf(language), { timeZone, timeZoneName: 'longGeneric' })
    .formatToParts(new Date())
    .find((part) => part.type === 'timeZoneName')?.value;
  return name ? `${name} (${city})` : city;
}
