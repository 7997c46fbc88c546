import type { TTranslationSettings } from '@message-station/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import i18n from '../../../i18n';
import { jsonResponse, renderApp } from '../../../test/render-app';
import { expectShown } from '../../../test/shown';
import { bodiesSentTo, mockSettingsApi } from '../settings-test-helpers';

const PATH = '/admin/api/settings/translation';

/** The station's engines as the server answers them (never a key), and its coverage from English. */
function translationSettings(overrides: Partial<TTranslationSettings> = {}): TTranslationSettings {
  return {
    engines: [],
    operator_engines: ['apertium'],
    coverage: {
      from: 'en',
      languages: [
        { language: 'es', engine: 'apertium', source: 'operator', trusted: false, status: 'review' },
        { language: 'de', engine: null, source: null, trusted: false, status: 'needs_setup' },
        { language: 'ko', engine: null, source: null, trusted: false, status: 'needs_setup' },
      ],
    },
    ...overrides,
  };
}

const withDeepL = translationSettings({
  engines: [
    { engine: 'deepl', base_url: null, model: null, key_set: true, key_hint: '9f3c', trusted: false },
  ],
  coverage: {
    from: 'en',
    languages: [
      { language: 'es', engine: 'deepl', source: 'station', trusted: false, status: 'review' },
      { language: 'de', engine: 'deepl', source: 'station', trusted: false, status: 'review' },
      { language: 'ko', engine: 'deepl', source: 'station', trusted: false, status: 'review' },
    ],
  },
});

async function openTranslationTab(user: ReturnType<typeof userEvent.setup>, path = '/admin/settings') {
  renderApp(path);
  if (path === '/admin/settings') await user.click(await screen.findByRole('tab', { name: 'Translation' }));
  return screen.findByRole('button', { name: 'Save translation engines' });
}

function coverageRow(language: string) {
  const table = within(screen.getByRole('table'));
  return table.getByRole('row', { name: new RegExp(`^${language}`) });
}

describe('Settings: Translation', () => {
  it('adds DeepL with a key, tests it as typed, saves on its own and shows the new coverage', async () => {
    const api = mockSettingsApi({
      [`GET ${PATH}`]: () => jsonResponse(translationSettings()),
      [`POST ${PATH}/test`]: () =>
        jsonResponse({
          ok: true,
          from: 'en',
          to: 'de',
          sample: 'Good morning.',
          translated: 'Guten Morgen.',
        }),
      [`PUT ${PATH}`]: () => jsonResponse(withDeepL),
    });
    const user = userEvent.setup({ delay: null });
    const save = await openTranslationTab(user);
    // Not part of the draft the other tabs share.
    expect(
      screen.queryByRole('button', { name: /^Save (Station Branding|Message Types|SMS Settings)$/ }),
    ).not.toBeInTheDocument();
    expect(save).toBeDisabled();
    expect(screen.getByText("After yours: this server's engines (Apertium).")).toBeVisible();
    expect(coverageRow('Spanish')).toHaveTextContent(
      'Apertium (this server)Offline engine — needs reviewUnattended sends wait for staff review. Learn more',
    );
    expect(coverageRow('German')).toHaveTextContent(
      'No engineNeeds setupOnly emergency templates reach it. Add an engine above. Learn more',
    );
    // The longer explanation waits behind Learn more, shown in place and hidden again.
    const more = within(coverageRow('Spanish')).getByRole('button', { name: 'Learn more' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(coverageRow('Spanish')).toHaveTextContent(
      'Scheduled sends, weather auto-send and the API send its text only after staff review it; otherwise subscribers get the original with a note.',
    );
    await user.click(within(coverageRow('Spanish')).getByRole('button', { name: 'Show less' }));
    expect(coverageRow('Spanish')).not.toHaveTextContent('weather auto-send');

    await user.click(screen.getByRole('combobox', { name: 'Add an engine' }));
    await user.click(await screen.findByRole('option', { name: 'DeepL' }));
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const card = within(screen.getByRole('region', { name: 'DeepL' }));
    await user.type(card.getByLabelText(/^API key/), 'my-deepl-key:fx');
    await user.click(card.getByRole('button', { name: 'Test' }));
    expectShown(await card.findByText('Works: “Good morning.” → “Guten Morgen.” (English → German).'));
    expect(bodiesSentTo(api, 'POST', `${PATH}/test`)).toEqual([
      { engine: 'deepl', api_key: 'my-deepl-key:fx' },
    ]);

    await user.click(save);
    expectShown(await screen.findByText('Translation engines saved.'));
    expect(bodiesSentTo(api, 'PUT', PATH)).toEqual([
      { engines: [{ engine: 'deepl', api_key: 'my-deepl-key:fx', trusted: false }] },
    ]);
    // The key is not kept on the page once saved: only the hint the server answers.
    const saved = within(screen.getByRole('region', { name: 'DeepL' }));
    expect(saved.getByLabelText(/^API key/)).toHaveValue('');
    expect(saved.getByText('A key ending in 9f3c is saved. Type a new one to replace it.')).toBeVisible();
    expect(coverageRow('Korean')).toHaveTextContent('DeepL (your station)Not trusted — needs review');
  });

  it('keeps a saved key unless removed, reorders, and words a failed test and a refused save', async () => {
    const api = mockSettingsApi({
      [`GET ${PATH}`]: () =>
        jsonResponse(
          translationSettings({
            engines: [
              ...withDeepL.engines,
              {
                engine: 'libretranslate',
                base_url: 'https://lt.example.org',
                model: null,
                key_set: false,
                key_hint: null,
                trusted: false,
              },
            ],
          }),
        ),
      [`POST ${PATH}/test`]: () =>
        jsonResponse({
          ok: false,
          from: 'en',
          to: 'de',
          problem: 'bad_key',
          detail: 'DeepL refused the API key (HTTP 403)',
        }),
      [`PUT ${PATH}`]: () =>
        jsonResponse(
          {
            error: 'DeepL needs an API key.',
            code: 'translation_engine_key_required',
            params: { engine: 'DeepL' },
          },
          400,
        ),
    });
    const user = userEvent.setup({ delay: null });
    const save = await openTranslationTab(user, '/admin/settings?tab=translation');
    const deepl = within(screen.getByRole('region', { name: 'DeepL' }));
    expect(screen.getByText('1. DeepL')).toBeVisible();

    await user.click(deepl.getByRole('button', { name: 'Test' }));
    expectShown(
      await deepl.findByText(
        'Test failed (English → German): the engine refused the API key. Check that it is copied whole and still active.',
      ),
    );
    // Tested with the key as saved: none typed, none sent.
    expect(bodiesSentTo(api, 'POST', `${PATH}/test`)).toEqual([{ engine: 'deepl' }]);

    await user.click(screen.getByRole('button', { name: 'Move LibreTranslate up' }));
    expect(screen.getByText('1. LibreTranslate')).toBeVisible();
    await user.click(
      within(screen.getByRole('region', { name: 'DeepL' })).getByRole('button', {
        name: 'Remove the saved key',
      }),
    );
    await user.click(save);
    expectShown(await screen.findByText('The translation engines were not saved: DeepL needs an API key.'));
    expect(bodiesSentTo(api, 'PUT', PATH)).toEqual([
      {
        engines: [
          { engine: 'libretranslate', base_url: 'https://lt.example.org', trusted: false },
          { engine: 'deepl', api_key: null, trusted: false },
        ],
      },
    ]);
  });

  it('reads in Spanish, opened from a link to the tab', async () => {
    await i18n.changeLanguage('es');
    mockSettingsApi({ [`GET ${PATH}`]: () => jsonResponse(translationSettings()) });
    renderApp('/admin/settings?tab=translation');
    expectShown(await screen.findByRole('button', { name: 'Guardar motores de traducción' }));
    expect(screen.getByRole('tab', { name: 'Traducción' })).toHaveAttribute('aria-selected', 'true');
    expect(coverageRow('Alemán')).toHaveTextContent(
      'Ningún motorFalta configurarSolo le llegan las plantillas de emergencia. Añada un motor arriba. Más información',
    );
  });
});
