// Test fixtures for the subscriber pages: a station's public info and a register reply.
import type { TStationPublicInfo, TSubscribeResponse } from '@message-station/shared';

type TStationOverrides = Partial<TStationPublicInfo['station']>;

export function stationInfo(station: TStationOverrides = {}): TStationPublicInfo {
  return {
    station: {
      name: 'Demo Radio',
      slug: 'demo',
      display_name: 'Demo Radio 101.5',
      logo_url: null,
      brand_color: '#7b2cbf',
      languages: [
        { id: 'l-en', language_code: 'en', display_name: 'English', native_name: 'English' },
        { id: 'l-es', language_code: 'es', display_name: 'Spanish', native_name: 'Español' },
      ],
      consent_text:
        'I consent to receive SMS alerts from Demo Radio 101.5 at this number. Message and data rates may apply.',
      privacy_url: 'https://demoradio.example/privacy',
      terms_url: 'https://demoradio.example/terms',
      subscriptions_open: true,
      ...station,
    },
    message_types: [
      {
        id: 't-emergency',
        message_type: 'emergency',
        display_name: 'Emergency',
        description: 'Critical alerts requiring immediate attention from all subscribers',
        color_code: '#dc3545',
      },
      {
        id: 't-alert',
        message_type: 'alert',
        display_name: 'Alert',
        description: 'Important time-sensitive updates',
        color_code: '#fd7e14',
      },
      {
        id: 't-station',
        message_type: 'station',
        display_name: 'Station',
        description: 'General station information and operational updates',
        color_code: '#28a745',
      },
    ],
  };
}

export function registerReply(overrides: Partial<TSubscribeResponse> = {}): TSubscribeResponse {
  const now = Date.now();
  return {
    requires_verification: true,
    contact_id: '0b7e7f0e-2f6a-4a8e-9f43-5b1d2a7c9e10',
    code_expires_at: new Date(now + 10 * 60_000).toISOString(),
    resend_available_at: new Date(now + 30_000).toISOString(),
    ...overrides,
  };
}
