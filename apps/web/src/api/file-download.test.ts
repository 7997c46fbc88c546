import { describe, expect, it } from 'vitest';
import { callsTo, mockApi } from '../test/api-mock';
import { ApiError } from './client';
import { fetchFile, fileNameFromDisposition } from './file-download';

describe('fileNameFromDisposition', () => {
  it('reads quoted, bare and RFC 5987 file names', () => {
    expect(fileNameFromDisposition('attachment; filename="Message Station-2.0.1.zip"')).toBe(
      'Message Station-2.0.1.zip',
    );
    expect(fileNameFromDisposition('attachment; filename=riverside_alert_2026-11-22_0747_es.wav')).toBe(
      'riverside_alert_2026-11-22_0747_es.wav',
    );
    expect(
      fileNameFromDisposition(
        'attachment; filename="radio.wav"; filename*=UTF-8\'\'estaci%C3%B3n_alert_2026-11-22_0747_es.wav',
      ),
    ).toBe('estación_alert_2026-11-22_0747_es.wav');
    expect(fileNameFromDisposition('attachment')).toBeNull();
    expect(fileNameFromDisposition(null)).toBeNull();
  });
});

describe('fetchFile', () => {
  it("throws the server's error text with its status", async () => {
    mockApi({
      'GET /admin/api/messages/m-1/audio': () =>
        Response.json({ error: 'This message has no Spanish text yet.' }, { status: 404 }),
    });
    const failure = await fetchFile('/admin/api/messages/m-1/audio?lang=es').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(404);
    expect((failure as ApiError).message).toBe('This message has no Spanish text yet.');
  });

  it('sends the session cookie and hands back the body and name', async () => {
    const sent = mockApi({
      'GET /x': () =>
        new Response('RIFF', { headers: { 'Content-Disposition': 'attachment; filename="a_en.wav"' } }),
    });
    const file = await fetchFile('/x');
    expect(file.fileName).toBe('a_en.wav');
    expect(await file.blob.text()).toBe('RIFF');
    expect(callsTo(sent, 'GET', '/x')[0]?.credentials).toBe('include');
  });
});
