// Test fixtures for the Messages page: messages, the station, a fetch mock routed on the path
// without its query string, and a fake EventSource the test drives by hand.
import type { TDeliveryProgress, TSendPreview, TSessionUser } from '@message-station/shared';
import { act } from '@testing-library/react';
import { vi } from 'vitest';
import type { TAdminStation, TMessage, TMessageTranslation } from '../api/messages';
import { mockApi, type TApiHandler } from './api-mock';
import { jsonResponse, sessionUser } from './render-app';
import { LANGUAGES, TYPES } from './sms-contacts-test-helpers';

export { LANGUAGES, TYPES };

export function translation(overrides: Partial<TMessageTranslation> = {}): TMessageTranslation {
  return {
    id: `tr-${overrides.language_code ?? 'es'}`,
    language_code: 'es',
    translated_text: 'Hola a todos',
    translation_status: 'completed',
    error: null,
    edited: false,
    review_status: 'machine',
    reviewed_at: null,
    previous_correction: null,
    // Where its words came from, as the server derives it (decision 0050): an engine nobody
    // trusts, unless staff reviewed or wrote it; none until it is completed.
    source:
      (overrides.translation_status ?? 'completed') !== 'completed'
        ? null
        : ({ machine: 'engine', reviewed: 'reviewed', corrected: 'staff' } as const)[
            overrides.review_status ?? 'machine'
          ],
    warnings: [],
    updated_at: new Date().toISOString(),
    ...overrides,
  };
}

export function message(overrides: Partial<TMessage> = {}): TMessage {
  const now = new Date().toISOString();
  return {
    id: 'm-1',
    title: 'Road closure',
    original: 'Main Street is closed until 5 PM.',
    original_language: 'en',
    message_type: 'alert',
    translated: null,
    translated_language: null,
    createdAt: now,
    updatedAt: now,
    target_languages: ['es', 'fr'],
    translations: [
      translation({ language_code: 'es', translated_text: 'La calle Main está cerrada hasta las 5 PM.' }),
      translation({ language_code: 'fr', translated_text: null, translation_status: 'pending' }),
    ],
    ...overrides,
  };
}

export function station(overrides: Partial<TAdminStation> = {}): TAdminStation {
  return {
    id: 'station-1',
    name: 'demoradio',
    slug: 'demoradio',
    display_name: 'Demo Radio',
    logo_url: null,
    sms_enabled: true,
    sms_credits_balance: 250,
    primary_language: 'en',
    brand_color: '#007bff',
    payment_status: 'paid',
    time_zone: 'America/New_York',
    ...overrides,
  };
}

/** One language of a send preview: by default 2 Spanish subscribers, 2 segments each, reviewed by staff. */
export function previewLanguage(
  overrides: Partial<TSendPreview['languages'][number]> = {},
): TSendPreview['languages'][number] {
  return {
    language: 'es',
    recipients: 2,
    segments: 2,
    credits: 4,
    encoding: 'GSM-7',
    translated: true,
    review: 'reviewed',
    source: 'reviewed',
    delivery: 'text',
    body: 'La calle Main está cerrada hasta las 5 PM.',
    length: 72,
    too_long: false,
    ...overrides,
  };
}

/**
 * Sending to 3 subscribers: 2 in Spanish (2 segments each, reviewed by staff), 1 in French who get
 * the original with the untranslated notice (no French translation is done).
 */
export function sendPreview(overrides: Partial<TSendPreview> = {}): TSendPreview {
  return {
    recipients: 3,
    credits: 5,
    balance: 250,
    waiting: 0,
    emergency: false,
    languages: [
      previewLanguage(),
      previewLanguage({
        language: 'fr',
        recipients: 1,
        segments: 1,
        credits: 1,
        translated: false,
        review: 'untranslated',
        source: null,
        delivery: 'fallback',
        body: 'Main Street is closed until 5 PM.',
        length: 63,
      }),
    ],
    mode: 'attended',
    review_required: false,
    unreviewed_languages: [],
    fallback_languages: ['fr'],
    stale_corrections: [],
    too_long_languages: [],
    ...overrides,
  };
}

export function deliveryProgress(overrides: Partial<TDeliveryProgress> = {}): TDeliveryProgress {
  return {
    total: 10,
    queued: 2,
    due: 2,
    held: 0,
    sending: 0,
    sent: 3,
    delivered: 4,
    failed: 1,
    waiting: 0,
    possibleDuplicates: 0,
    releases: [],
    languages: [
      { language: 'es', total: 6, queued: 1, due: 1, held: 0, sending: 0, sent: 2, delivered: 3, failed: 0 },
      { language: 'fr', total: 4, queued: 1, due: 1, held: 0, sending: 0, sent: 1, delivered: 1, failed: 1 },
    ],
    ...overrides,
  };
}

/**
 * A signed-in user, the station, its types and languages, no connected machine, and `handlers`
 * keyed by "METHOD /path".
 */
export function mockMessagesApi(
  handlers: Record<string, TApiHandler>,
  options: { user?: Partial<TSessionUser> } = {},
) {
  return mockApi({
    'GET /auth/session': () => jsonResponse(sessionUser(options.user)),
    'GET /admin/api/message-types': () => jsonResponse(TYPES),
    'GET /admin/api/station-languages': () => jsonResponse(LANGUAGES),
    'GET /admin/api/station': () => jsonResponse(station()),
    'GET /admin/api/clients': () => jsonResponse({ clients: [] }),
    'GET /admin/api/schedules': () => jsonResponse({ schedules: [] }),
    'GET /admin/api/messages/:id/send-requests': () => jsonResponse({ requests: [] }),
    ...handlers,
  });
}

/** A stand-in for the browser's EventSource: the test opens, sends events and fails it. */
export class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];

  readonly url: string;
  readyState = FakeEventSource.CONNECTING;
  onerror: ((event: Event) => void) | null = null;
  private readonly listeners = new Map<string, Set<(event: MessageEvent) => void>>();

  constructor(url: string) {
    this.url = url;
    FakeEventSource.instances.push(this);
  }

  addEventListener(type: string, listener: (event: MessageEvent) => void): void {
    const set = this.listeners.get(type) ?? new Set();
    set.add(listener);
    this.listeners.set(type, set);
  }

  removeEventListener(type: string, listener: (event: MessageEvent) => void): void {
    this.listeners.get(type)?.delete(listener);
  }

  close(): void {
    this.readyState = FakeEventSource.CLOSED;
  }

  /** Delivers a named event with JSON data. */
  emit(type: string, data: unknown = {}): void {
    act(() => {
      this.readyState = FakeEventSource.OPEN;
      for (const listener of this.listeners.get(type) ?? []) {
        listener(new MessageEvent(type, { data: JSON.stringify(data) }));
      }
    });
  }

  /** An error: the browser retries (still connecting) or gave up (closed). */
  fail(state: 'retrying' | 'closed'): void {
    act(() => {
      this.readyState = state === 'closed' ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
      this.onerror?.(new Event('error'));
    });
  }

  /** The newest stream opened at `url` (the detail modal also opens the machines stream). */
  static at(url: string): FakeEventSource {
    const found = FakeEventSource.instances.filter((source) => source.url === url).at(-1);
    if (!found) throw new Error(`no EventSource was opened at ${url}`);
    return found;
  }

  static latest(): FakeEventSource {
    const last = FakeEventSource.instances.at(-1);
    if (!last) throw new Error('no EventSource was opened');
    return last;
  }
}

export function installFakeEventSource(): typeof FakeEventSource {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  return FakeEventSource;
}

/** The requests sent to `method path` (each with its url and parsed body), in order. */
export { callsTo } from './api-mock';
