// The v1 message event stream's end as a standard WHATWG EventSource client meets it (the npm
// `eventsource` package, on a listening server): it receives `done`, reconnects once (after the
// stream's `retry:`), is answered 204 No Content and stays CLOSED, so no further keyed request
// counts against the key's limit (decision 0057).
import type { AddressInfo } from 'node:net';
import { EVENT_STREAM_RETRY_MS } from '@message-station/shared';
import { EventSource, type EventSourceFetchInit } from 'eventsource';
import { describe, expect, it } from 'vitest';
import { createTestApp, TestClient } from '../../test/app.js';
import { createStationWithAdmin } from '../../test/factories.js';
import { createMessage } from '../../test/messages-factory.js';
import { apiClient, createStationKey } from '../../test/station-keys.js';

const messageBody = {
  title: 'Boil water notice',
  original: 'Boil tap water before drinking until Friday.',
  original_language: 'en',
  target_languages: ['es'],
  message_type: 'alert',
};

describe('the v1 message event stream, ended', async () => {
  const { app, db } = await createTestApp();
  const { station, adminEmail } = await createStationWithAdmin(db, {
    slug: 'streamend',
    languages: ['en', 'es'],
  });
  const admin = new TestClient(app);
  await admin.login(adminEmail);
  const { key } = await createStationKey(admin, ['messages:read', 'messages:write']);
  const api = apiClient(app, key);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  it('opens with a retry field, and a standard EventSource gets done, one 204 and stays closed', async () => {
    const message = (await api.post('/api/v1/messages', messageBody)).json();
    // Every request the client makes, and what it was answered.
    const calls: { status: number; lastEventId: string | null }[] = [];
    const source = new EventSource(`${base}/api/v1/messages/${message.id}/events`, {
      fetch: async (url: string | URL, init?: EventSourceFetchInit) => {
        const headers: Record<string, string> = {
          ...(init?.headers as Record<string, string>),
          authorization: `Bearer ${key}`,
        };
        const response = await fetch(url, { ...init, headers });
        calls.push({ status: response.status, lastEventId: headers['last-event-id'] ?? null });
        return response;
      },
    });
    const received: string[] = [];
    for (const type of ['translations', 'translation', 'done']) {
      source.addEventListener(type, () => received.push(type));
    }
    const opened = new Promise<void>((resolve) => source.addEventListener('open', () => resolve()));
    const closed = new Promise<void>((resolve) =>
      source.addEventListener('error', () => {
        if (source.readyState === EventSource.CLOSED) resolve();
      }),
    );
    await opened;
    // Staff finish the last pending translation: the stream says `done` and ends.
    const edited = await admin.request({
      method: 'PUT',
      url: `/admin/api/messages/${message.id}/translations/es`,
      body: { translated_text: 'Hierva el agua del grifo antes de beberla hasta el viernes.' },
    });
    expect(edited.statusCode).toBe(200);
    await closed;
    expect(received).toEqual(['translations', 'translation', 'done']);
    expect(calls.map((c) => c.status)).toEqual([200, 204]);
    expect(source.readyState).toBe(EventSource.CLOSED);
    // Closed for good: nothing more within another reconnection time.
    await new Promise((resolve) => setTimeout(resolve, EVENT_STREAM_RETRY_MS + 1000));
    expect(calls).toHaveLength(2);
    source.close();
  }, 60_000);

  it('answers 204 to a reconnect for a finished message, with or without Last-Event-ID', async () => {
    const done = await createMessage(db, station.id, { original: 'Done.', translations: { es: 'Hecho.' } });
    for (const lastEventId of [undefined, '3']) {
      const response = await fetch(`${base}/api/v1/messages/${done.id}/events`, {
        headers: {
          authorization: `Bearer ${key}`,
          accept: 'text/event-stream',
          ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
        },
      });
      expect(response.status).toBe(204);
      expect(await response.text()).toBe('');
    }
  });

  it('writes the retry field first on a stream that has something to follow', async () => {
    const message = (await api.post('/api/v1/messages', messageBody)).json();
    const controller = new AbortController();
    const response = await fetch(`${base}/api/v1/messages/${message.id}/events`, {
      headers: { authorization: `Bearer ${key}` },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    let text = '';
    while (!text.includes('event: translations')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    expect(text.startsWith(`retry: ${EVENT_STREAM_RETRY_MS}\n\n`)).toBe(true);
    controller.abort();
  });

  it('answers a reconnect for a deleted message 404, which stops an EventSource too', async () => {
    const message = (await api.post('/api/v1/messages', messageBody)).json();
    expect(
      (await admin.request({ method: 'DELETE', url: `/admin/api/messages/${message.id}` })).statusCode,
    ).toBe(200);
    const response = await fetch(`${base}/api/v1/messages/${message.id}/events`, {
      headers: { authorization: `Bearer ${key}`, 'last-event-id': '1' },
    });
    expect(response.status).toBe(404);
  });
});
