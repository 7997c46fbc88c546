// Test fixtures for the SMS Contacts page: the station's types and languages, contacts, and a
// fetch mock that routes on the path without its query string.
import type { TSmsContact } from '@message-station/shared';
import type { TStationLanguage, TStationMessageType } from '../api/sms-contacts';
import { mockApi, type TApiHandler } from './api-mock';
import { jsonResponse, sessionUser } from './render-app';

export { callsTo } from './api-mock';

export const TYPES: TStationMessageType[] = [
  ['emergency', 'Emergency', '#dc3545'],
  ['alert', 'Alert', '#fd7e14'],
  ['station', 'Station', '#28a745'],
  ['informational', 'Informational', '#007bff'],
].map(([key, name, color], index) => ({
  id: `t-${key}`,
  message_type: key as string,
  display_name: name as string,
  description: `${name} description`,
  color_code: color as string,
  // Informational is switched off at this station.
  is_active: index < 3,
}));

export const LANGUAGES: TStationLanguage[] = [
  { id: 'l-en', language_code: 'en', display_name: 'English', is_active: true },
  { id: 'l-es', language_code: 'es', display_name: 'Spanish', is_active: true },
  { id: 'l-fr', language_code: 'fr', display_name: 'French', is_active: true },
  { id: 'l-de', language_code: 'de', display_name: 'German', is_active: false },
];

export function contact(overrides: Partial<TSmsContact> = {}): TSmsContact {
  return {
    id: 'c-1',
    name: 'Maria Lopez',
    phone: '+14155550134',
    language: 'es',
    message_preferences: {
      emergency: { subscribed: true, language: 'es' },
      alert: { subscribed: false, language: 'es' },
      station: { subscribed: false, language: 'es' },
      informational: { subscribed: false, language: 'es' },
    },
    status: 'active',
    is_verified: true,
    signed_up_at: '2026-03-14T17:00:00.000Z',
    ...overrides,
  };
}

export function listResponse(contacts: TSmsContact[], total = contacts.length): Response {
  return new Response(JSON.stringify(contacts), {
    status: 200,
    headers: { 'Content-Type': 'application/json', 'X-Total-Count': String(total) },
  });
}

/** A signed-in admin, the station's types and languages, and `handlers` keyed by "METHOD /path". */
export function mockContactsApi(handlers: Record<string, TApiHandler>) {
  return mockApi({
    'GET /auth/session': () => jsonResponse(sessionUser({ stationName: 'Demo Radio' })),
    'GET /admin/api/message-types': () => jsonResponse(TYPES),
    'GET /admin/api/station-languages': () => jsonResponse(LANGUAGES),
    ...handlers,
  });
}
