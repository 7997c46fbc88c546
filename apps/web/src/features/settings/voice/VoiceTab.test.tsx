import type { TLanguageVoice, TVoiceSettings } from '@message-station/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderApp } from '../../../test/render-app';
import { expectShown } from '../../../test/shown';
import { bodiesSentTo, mockSettingsApi } from '../settings-test-helpers';

const PATH = '/admin/api/settings/voice';

const voice = (id: string) => {
  const [engine = '', name = ''] = id.split(':');
  const label = engine === 'google' ? 'Google Cloud Text-to-Speech' : 'espeak-ng';
  return { id, engine, engine_label: label, name };
};

function language(code: 'en' | 'es' | 'ja', ids: string[], chosen: string | null = null): TLanguageVoice {
  const offline = (chosen ?? ids[0] ?? '').startsWith('espeak:');
  return {
    language: code,
    voice: chosen,
    default_voice: ids[0] ?? null,
    voices: ids.map(voice),
    chinese_characters_refused: offline && code === 'ja',
  };
}

function voiceSettings(chosen: Partial<Record<'en' | 'es' | 'ja', string>> = {}): TVoiceSettings {
  return {
    languages: [
      language('en', ['google:en-US-Neural2-F', 'google:en-US-Neural2-D', 'espeak:en-us'], chosen.en),
      language('es', ['google:es-US-Neural2-A', 'espeak:es-419'], chosen.es),
      language('ja', ['google:ja-JP-Neural2-B', 'espeak:ja'], chosen.ja),
    ],
  };
}

async function openVoiceTab(user: ReturnType<typeof userEvent.setup>) {
  renderApp('/admin/settings');
  await user.click(await screen.findByRole('tab', { name: 'Voice' }));
  return screen.findByRole('combobox', { name: 'Spanish voice' });
}

describe('Settings: Voice', () => {
  it('chooses a voice per language and saves it on its own, with a notice', async () => {
    const api = mockSettingsApi({
      [`GET ${PATH}`]: () => jsonResponse(voiceSettings()),
      [`PUT ${PATH}`]: () => jsonResponse(voiceSettings({ es: 'espeak:es-419' })),
    });
    const user = userEvent.setup({ delay: null });
    const spanish = await openVoiceTab(user);
    expect(spanish).toHaveValue('Default: es-US-Neural2-A (Google Cloud Text-to-Speech)');
    // Not part of the draft the other tabs share.
    expect(
      screen.queryByRole('button', { name: /^Save (Station Branding|Message Types|SMS Settings)$/ }),
    ).not.toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save voices' });
    expect(save).toBeDisabled();

    await user.click(spanish);
    await user.click(await screen.findByRole('option', { name: 'es-419 (espeak-ng)' }));
    await user.click(save);

    await waitFor(() =>
      expect(bodiesSentTo(api, 'PUT', PATH)).toEqual([
        {
          voices: [
            { language: 'en', voice: null },
            { language: 'es', voice: 'espeak:es-419' },
            { language: 'ja', voice: null },
          ],
        },
      ]),
    );
    expectShown(await screen.findByText('Voices saved. Audio downloads now use them.'));
    expect(screen.getByRole('combobox', { name: 'Spanish voice' })).toHaveValue('es-419 (espeak-ng)');
    expect(screen.getByRole('button', { name: 'Save voices' })).toBeDisabled();
  });

  it('plays a sample of the chosen voice in an audio player', async () => {
    const api = mockSettingsApi({
      [`GET ${PATH}`]: () => jsonResponse(voiceSettings()),
      [`POST ${PATH}/sample`]: () =>
        new Response(new Uint8Array([0x49, 0x44, 0x33, 0x04]), { headers: { 'content-type': 'audio/mpeg' } }),
    });
    const user = userEvent.setup({ delay: null });
    await openVoiceTab(user);
    const japanese = screen.getByRole('combobox', { name: 'Japanese voice' });
    await user.click(japanese);
    await user.click(await screen.findByRole('option', { name: 'ja (espeak-ng)' }));
    await user.click(screen.getByRole('button', { name: 'Listen to the Japanese voice' }));

    const player = await screen.findByLabelText('Japanese sample');
    expect(player.tagName).toBe('AUDIO');
    expect(player.getAttribute('src')).toMatch(/^blob:/);
    expect(bodiesSentTo(api, 'POST', `${PATH}/sample`)).toEqual([{ language: 'ja', voice: 'espeak:ja' }]);
  });

  it('says when the offline Japanese voice refuses kanji', async () => {
    mockSettingsApi({ [`GET ${PATH}`]: () => jsonResponse(voiceSettings({ ja: 'espeak:ja' })) });
    const user = userEvent.setup({ delay: null });
    await openVoiceTab(user);
    const row = document.querySelector('[data-voice-language="ja"]') as HTMLElement;
    expectShown(within(row).getByText(/This voice cannot read kanji/));
    expect(document.querySelector('[data-voice-language="es"]')).not.toHaveTextContent('kanji');
  });

  it("shows the server's refusal of a sample and of a save in words", async () => {
    mockSettingsApi({
      [`GET ${PATH}`]: () => jsonResponse(voiceSettings()),
      [`POST ${PATH}/sample`]: () =>
        jsonResponse(
          {
            error: 'The voice could not read the text: Google Cloud Text-to-Speech is unavailable (HTTP 500)',
            code: 'speech_failed',
            params: { detail: 'Google Cloud Text-to-Speech is unavailable (HTTP 500)' },
          },
          502,
        ),
      [`PUT ${PATH}`]: () =>
        jsonResponse(
          {
            error: 'google:en-US-Neural2-D is not a voice this server has for English.',
            code: 'voice_unknown',
            params: { voice: 'google:en-US-Neural2-D', language_name: 'English' },
          },
          400,
        ),
    });
    const user = userEvent.setup({ delay: null });
    await openVoiceTab(user);
    await user.click(screen.getByRole('button', { name: 'Listen to the English voice' }));
    const row = document.querySelector('[data-voice-language="en"]') as HTMLElement;
    expectShown(
      await within(row).findByText(
        'The voice could not read the text: Google Cloud Text-to-Speech is unavailable (HTTP 500)',
      ),
    );
    expect(within(row).queryByLabelText('English sample')).not.toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'English voice' }));
    await user.click(
      await screen.findByRole('option', { name: 'en-US-Neural2-D (Google Cloud Text-to-Speech)' }),
    );
    await user.click(screen.getByRole('button', { name: 'Save voices' }));
    expectShown(
      await screen.findByText('google:en-US-Neural2-D is not a voice this server has for English.'),
    );
  });
});
