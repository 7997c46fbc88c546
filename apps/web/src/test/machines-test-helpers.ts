// Test fixtures for the machines views: connected clients, the API with a signed-in user, and the
// fake clients stream.
import type { TConnectedClient } from '@message-station/shared';
import { CLIENTS_STREAM_URL } from '../api/machines';
import { mockApi, type TApiHandler } from './api-mock';
import { FakeEventSource } from './messages-test-helpers';
import { jsonResponse, sessionUser } from './render-app';

export function connectedClient(overrides: Partial<TConnectedClient> = {}): TConnectedClient {
  return {
    client_id: 'client-studio-mac',
    client_name: 'Studio Mac',
    platform: 'macOS 14.5 (arm64)',
    audio_output_device: 'MacBook Pro Speakers',
    languages: ['en', 'es'],
    voices: { en: 'Samantha', es: 'Paulina' },
    skipped_languages: [],
    client_version: '2.0.1',
    last_seen: new Date().toISOString(),
    ...overrides,
  };
}

/** A machine with no voices, seen now (made per call: a module's constants outlive a test file). */
export const linuxBox = () =>
  connectedClient({
    client_id: 'client-front-desk',
    client_name: 'Front Desk PC',
    platform: 'Linux (x64)',
    audio_output_device: null,
    languages: [],
    voices: {},
    skipped_languages: [],
    client_version: '2.0.0',
  });

/** A signed-in user, GET /admin/api/clients answering `clients`, and `handlers` on top. */
export function mockMachinesApi(clients: TConnectedClient[], handlers: Record<string, TApiHandler> = {}) {
  return mockApi({
    'GET /auth/session': () => jsonResponse(sessionUser()),
    'GET /admin/api/clients': () => jsonResponse({ clients }),
    ...handlers,
  });
}

export function clientsStream(): FakeEventSource {
  return FakeEventSource.at(CLIENTS_STREAM_URL);
}
