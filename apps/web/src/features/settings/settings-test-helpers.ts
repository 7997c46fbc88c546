// Test fixtures for the Settings page: the station's settings and types, and a fetch mock that
// routes "METHOD /path" to handlers on top of a signed-in admin.
import {
  renderSmsTemplate,
  smsSegments,
  stationSmsTextDefault,
  type TStationSettings,
  type TStationSettingsResponse,
  type TStationSmsTexts,
} from '@message-station/shared';
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { TStationMessageType } from '../../api/settings';
import { mockApi, type TApiHandler } from '../../test/api-mock';
import { jsonResponse, sessionUser } from '../../test/render-app';
import { TYPES } from '../../test/sms-contacts-test-helpers';

export { bodiesSentTo, callCount } from '../../test/api-mock';
export { TYPES };

export function stationSettings(overrides: Partial<TStationSettings> = {}): TStationSettings {
  return {
    id: 'station-1',
    name: 'demoradio',
    slug: 'demoradio',
    station_slug: 'demoradio',
    display_name: 'Demo Radio',
    brand_color: '#007bff',
    primary_language: 'en',
    supported_languages: ['en', 'es', 'fr'],
    logo_url: null,
    privacy_policy_url: 'https://demoradio.org/privacy',
    terms_url: 'https://demoradio.org/terms',
    signup_enabled: true,
    sms_enabled: true,
    sms_credits: 1250,
    billing_email: 'billing@demoradio.org',
    payment_status: 'paid',
    review_required_types: [],
    approval_required_types: [],
    approval_bypass_emergency: true,
    admin_count: 2,
    time_zone: 'America/New_York',
    join_url: 'http://localhost:3000/join/demoradio',
    unsubscribe_url: 'http://localhost:3000/unsubscribe/demoradio',
    ...overrides,
  };
}

export function savedSettings(overrides: Partial<TStationSettingsResponse> = {}): TStationSettingsResponse {
  return { ...stationSettings(), moved_subscriptions: 0, moved_contacts: 0, ...overrides };
}

/** The station's subscriber texts in English and Spanish; `own` are its own wordings by "language/kind". */
export function stationSmsTexts(own: Record<string, string> = {}): TStationSmsTexts {
  const filled = {
    station: 'Demo Radio',
    types: 'Emergency and Alert',
    url: 'http://localhost:3000/contact',
  };
  const texts = (['en', 'es'] as const).flatMap((language) =>
    (['confirmation', 'help'] as const).map((kind) => {
      const text = own[`${language}/${kind}`] ?? null;
      const body = renderSmsTemplate(text ?? stationSmsTextDefault(kind, language), {
        ...filled,
        stations: filled.station,
      });
      const count = smsSegments(body);
      return {
        language,
        kind,
        default_text: stationSmsTextDefault(kind, language),
        text,
        filled,
        preview: { body, characters: count.characters, encoding: count.encoding, segments: count.segments },
      };
    }),
  );
  return {
    texts,
    placeholders: { confirmation: ['station', 'types'], help: ['station', 'url'], auto_reply: ['station'] },
    max_characters: 320,
    max_segments: 2,
  };
}

/** A signed-in admin, the settings and the four types; `handlers` keyed by "METHOD /path" win. */
export function mockSettingsApi(handlers: Record<string, TApiHandler> = {}) {
  const typeUpdates: Record<string, TApiHandler> = Object.fromEntries(
    TYPES.map((type) => [
      `PUT /admin/api/message-types/${type.id}`,
      (_url, sent) => jsonResponse({ ...type, ...(sent.body as object) }),
    ]),
  );
  return mockApi({
    'GET /auth/session': () => jsonResponse(sessionUser({ stationName: 'Demo Radio' })),
    'GET /admin/api/station/settings': () => jsonResponse(stationSettings()),
    'GET /admin/api/message-types': () => jsonResponse(TYPES),
    'GET /admin/api/settings/sms-texts': () => jsonResponse(stationSmsTexts()),
    'PUT /admin/api/station/settings': (_url, sent) =>
      jsonResponse(savedSettings(sent.body as Partial<TStationSettingsResponse>)),
    ...typeUpdates,
    ...handlers,
  });
}

/** A tab by its name, with or without its unsaved-changes mark. */
export async function openTab(user: UserEvent, name: 'Station Branding' | 'Message Types' | 'SMS Settings') {
  await user.click(
    await screen.findByRole('tab', { name: new RegExp(`^${name}( \\(unsaved changes\\))?$`) }),
  );
}

export function typesSaved(...changed: Partial<TStationMessageType>[]) {
  return TYPES.map((type, index) => {
    const { display_name, description, color_code, is_active } = { ...type, ...changed[index] };
    return { display_name, description, color_code, is_active };
  });
}
