import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fileSaver } from '../../lib/save-file';
import type { TApiHandler } from '../../test/api-mock';
import {
  callsTo,
  installFakeEventSource,
  message,
  mockMessagesApi,
  translation,
} from '../../test/messages-test-helpers';
import { jsonResponse, renderApp } from '../../test/render-app';
import { expectShown } from '../../test/shown';

const AUDIO = '/admin/api/messages/m-1/audio';

const withTranslations = message({
  target_languages: ['es', 'fr', 'de'],
  translations: [
    translation({ language_code: 'es', translated_text: 'La calle Main está cerrada hasta las 5 PM.' }),
    translation({ language_code: 'fr', translated_text: null, translation_status: 'pending' }),
    translation({ language_code: 'de', translated_text: 'Die Main Street ist gesperrt.' }),
  ],
});

async function openAudio(handlers: Record<string, TApiHandler>) {
  installFakeEventSource();
  const fetchMock = mockMessagesApi({
    'GET /admin/api/messages': () => jsonResponse([withTranslations]),
    ...handlers,
  });
  renderApp('/admin/messages');
  const user = userEvent.setup({ delay: null });
  const row = (await screen.findByText(withTranslations.original)).closest('tr') as HTMLElement;
  await user.click(within(row).getByRole('button', { name: 'Details' }));
  const dialog = within(await screen.findByRole('dialog'));
  await user.click(dialog.getByRole('tab', { name: 'Audio' }));
  const audio = within(dialog.getByRole('region', { name: 'Download audio' }));
  return { user, audio, fetchMock };
}

describe('Download audio in the detail modal', () => {
  it('offers the original and each completed translation, and saves the file the server names', async () => {
    const save = vi.spyOn(fileSaver, 'save').mockImplementation(() => {});
    const { user, audio, fetchMock } = await openAudio({
      [`GET ${AUDIO}`]: () =>
        new Response(new Blob(['RIFF'], { type: 'audio/mpeg' }), {
          status: 200,
          headers: {
            'Content-Type': 'audio/mpeg',
            'Content-Disposition': 'attachment; filename="demo-radio_alert_2026-11-22_0747_es.mp3"',
          },
        }),
    });
    expect(audio.getByText(/For PA systems and broadcasts without the desktop app/)).toBeVisible();
    const language = audio.getByRole('combobox', { name: 'Language' });
    expect(
      within(language)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['English (original)', 'Spanish', 'German']);
    await user.selectOptions(language, 'es');
    await user.click(audio.getByRole('radio', { name: 'MP3' }));
    await user.click(audio.getByRole('button', { name: 'Download audio' }));

    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    const [blob, fileName] = save.mock.calls[0] ?? [];
    expect(fileName).toBe('demo-radio_alert_2026-11-22_0747_es.mp3');
    expect(await (blob as Blob).text()).toBe('RIFF');
    const url = callsTo(fetchMock, 'GET', AUDIO)[0]?.url;
    expect(url?.searchParams.get('lang')).toBe('es');
    expect(url?.searchParams.get('format')).toBe('mp3');
    expect(url?.searchParams.get('tz')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it("shows the server's error text", async () => {
    const save = vi.spyOn(fileSaver, 'save').mockImplementation(() => {});
    const { user, audio } = await openAudio({
      [`GET ${AUDIO}`]: () =>
        jsonResponse(
          { error: 'Audio needs espeak-ng on the server. Ask your administrator to install it.' },
          503,
        ),
    });
    await user.click(audio.getByRole('button', { name: 'Download audio' }));
    expect(
      await audio.findByText('Audio needs espeak-ng on the server. Ask your administrator to install it.'),
    ).toBeVisible();
    expect(save).not.toHaveBeenCalled();
  });

  it("words the server's refusals when the station's or every station's audio line is full", async () => {
    let answer = { error: 'queue full', code: 'audio_queue_full', limit: 10 };
    const { user, audio } = await openAudio({
      [`GET ${AUDIO}`]: () => jsonResponse(answer, answer.code === 'audio_queue_full' ? 429 : 503),
    });
    await user.click(audio.getByRole('button', { name: 'Download audio' }));
    expectShown(
      await audio.findByText(
        '10 audio downloads of this station are already waiting. Try again when they are done.',
      ),
    );
    answer = { error: 'busy', code: 'audio_server_busy', limit: 0 };
    await user.click(audio.getByRole('button', { name: 'Download audio' }));
    expectShown(
      await audio.findByText(
        'The server is busy making audio for many stations. Please try again in a moment.',
      ),
    );
  });
});
