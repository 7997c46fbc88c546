// Honest coverage in Settings (decision 0050): the Supported Languages checkboxes mark what each
// language gets from the engines (ticked or not), a ticked language no engine covers carries the
// plain note; Settings → Translation has a Trusted switch per engine (none for Apertium, with the
// reason) and the coverage table says Trusted, needs review or Needs setup.
import type {
  TAllLanguagesCoverage,
  TLanguageCode,
  TLanguageCoverage,
  TTranslationSettings,
} from '@message-station/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { callsTo } from '../../test/api-mock';
import { setCookie } from '../../test/cookies';
import { jsonResponse, renderApp } from '../../test/render-app';
import { expectShown } from '../../test/shown';
import { bodiesSentTo, mockSettingsApi } from './settings-test-helpers';

const PATH = '/admin/api/settings/translation';
const NINE: TLanguageCode[] = ['en', 'es', 'fr', 'de', 'it', 'pt', 'zh', 'ja', 'ko'];

function row(language: TLanguageCode, engine: string | null, trusted = false): TLanguageCoverage {
  return {
    language,
    engine,
    source: engine === null ? null : engine === 'apertium' ? 'operator' : 'station',
    trusted,
    status: trusted ? 'trusted' : engine ? 'review' : 'needs_setup',
  };
}

/** Apertium on the server (es, fr, it, pt from English) and, when given, the station's DeepL for Japanese. */
function allLanguages(from: TLanguageCode, deeplTrusted?: boolean): TAllLanguagesCoverage {
  return {
    from,
    languages: NINE.filter((language) => language !== from).map((language) =>
      ['es', 'fr', 'it', 'pt', 'en'].includes(language)
        ? row(language, 'apertium')
        : language === 'ja' && deeplTrusted !== undefined
          ? row(language, 'deepl', deeplTrusted)
          : row(language, null),
    ),
  };
}

/** The mark a language's checkbox carries: its description. */
function markOf(name: string): string {
  const box = screen.getByRole('checkbox', { name });
  return (box.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();
}

describe('Settings: Supported Languages marks', () => {
  it('marks every language from the primary one and notes the ticked ones that need setup', async () => {
    const api = mockSettingsApi({
      [`GET ${PATH}/languages`]: (url) =>
        jsonResponse(allLanguages((url.searchParams.get('from') ?? 'en') as TLanguageCode, true)),
    });
    const user = userEvent.setup({ delay: null });
    renderApp('/admin/settings');
    expectShown(await screen.findByText('For messages written in English.', { exact: false }));
    expect(markOf('English')).toBe('Primary language');
    expect(markOf('Spanish (Español)')).toBe('Offline engine — needs review');
    expect(markOf('Japanese (日本語)')).toBe('Trusted engine');
    expect(markOf('Korean (한국어)')).toBe('Needs setup');
    // Spanish and French are ticked and covered: no note yet.
    expect(screen.queryByTestId('needs-setup-note')).not.toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Korean (한국어)' }));
    expectShown(
      screen.getByText(
        'No translation engine yet: only emergency templates reach Korean subscribers until you add an engine in Settings → Translation.',
      ),
    );
    // Another primary: asked again from it.
    await user.selectOptions(screen.getByRole('combobox', { name: /Primary Language/ }), 'es');
    expectShown(await screen.findByText('For messages written in Spanish.', { exact: false }));
    expect(markOf('English')).toBe('Offline engine — needs review');
    expect(callsTo(api, 'GET', `${PATH}/languages`).map((sent) => sent.path)).toEqual([
      `${PATH}/languages?from=en`,
      `${PATH}/languages?from=es`,
    ]);
  });

  it('reads in Spanish', async () => {
    await i18n.changeLanguage('es');
    mockSettingsApi({ [`GET ${PATH}/languages`]: () => jsonResponse(allLanguages('en')) });
    const user = userEvent.setup({ delay: null });
    renderApp('/admin/settings');
    expectShown(await screen.findByText('Para mensajes escritos en inglés.', { exact: false }));
    expect(markOf('Alemán (Deutsch)')).toBe('Falta configurar');
    await user.click(screen.getByRole('checkbox', { name: 'Alemán (Deutsch)' }));
    await user.click(screen.getByRole('checkbox', { name: 'Coreano (한국어)' }));
    expectShown(
      screen.getByText(
        'Aún no hay motor de traducción: a los suscriptores en alemán y coreano solo les llegan las plantillas de emergencia hasta que añada un motor en Configuración → Traducción.',
      ),
    );
  });
});

function translationSettings(trusted: boolean): TTranslationSettings {
  return {
    engines: [
      { engine: 'deepl', base_url: null, model: null, key_set: true, key_hint: '9f3c', trusted },
      { engine: 'apertium', base_url: null, model: null, key_set: false, key_hint: null, trusted: false },
    ],
    operator_engines: [],
    coverage: {
      from: 'en',
      languages: [row('es', 'deepl', trusted), row('ko', 'deepl', trusted), row('zh', null)],
    },
  };
}

function coverageRow(language: string) {
  return within(screen.getByRole('table')).getByRole('row', { name: new RegExp(`^${language}`) });
}

describe('Settings → Translation: trusted engines', () => {
  it('offers Trusted per cloud engine, not for Apertium (with the reason), saves it and shows the status', async () => {
    setCookie('csrf_token', 't0');
    const api = mockSettingsApi({
      [`GET ${PATH}`]: () => jsonResponse(translationSettings(false)),
      [`PUT ${PATH}`]: () => jsonResponse(translationSettings(true)),
    });
    const user = userEvent.setup({ delay: null });
    renderApp('/admin/settings?tab=translation');
    const deepl = within(await screen.findByRole('region', { name: 'DeepL' }));
    const trusted = deepl.getByRole('switch', { name: 'Trusted' });
    expect(trusted).not.toBeChecked();
    expect(trusted).toHaveAccessibleDescription(
      'Its translations go out without review in scheduled sends, weather auto-send and the API. Others wait for review, or subscribers get the original with a note.',
    );
    const apertium = within(screen.getByRole('region', { name: 'Apertium' }));
    expect(apertium.queryByRole('switch')).not.toBeInTheDocument();
    expectShown(
      apertium.getByText(
        'Apertium cannot be marked trusted: the offline engine’s translations go out unattended only after staff review them.',
      ),
    );
    expect(coverageRow('Korean')).toHaveTextContent('DeepL (your station)Not trusted — needs review');
    expect(coverageRow('Chinese')).toHaveTextContent('No engineNeeds setup');

    await user.click(trusted);
    await user.click(screen.getByRole('button', { name: 'Save translation engines' }));
    expectShown(await screen.findByText('Translation engines saved.'));
    expect(bodiesSentTo(api, 'PUT', PATH)).toEqual([
      {
        engines: [
          { engine: 'deepl', trusted: true },
          { engine: 'apertium', base_url: null },
        ],
      },
    ]);
    expect(
      within(screen.getByRole('region', { name: 'DeepL' })).getByRole('switch', { name: 'Trusted' }),
    ).toBeChecked();
    expect(coverageRow('Korean')).toHaveTextContent(
      'DeepL (your station)TrustedIts translations go out without review.',
    );
  });

  it('words the refusal to trust the offline engine', async () => {
    setCookie('csrf_token', 't1');
    mockSettingsApi({
      [`GET ${PATH}`]: () => jsonResponse(translationSettings(false)),
      [`PUT ${PATH}`]: () =>
        jsonResponse(
          {
            error: 'The offline engine cannot be marked trusted.',
            code: 'translation_engine_offline_untrusted',
          },
          400,
        ),
    });
    const user = userEvent.setup({ delay: null });
    renderApp('/admin/settings?tab=translation');
    const deepl = within(await screen.findByRole('region', { name: 'DeepL' }));
    await user.click(deepl.getByRole('switch', { name: 'Trusted' }));
    await user.click(screen.getByRole('button', { name: 'Save translation engines' }));
    expectShown(
      await screen.findByText(
        'The translation engines were not saved: The offline engine cannot be marked trusted: its translations are sent unattended only once staff reviewed them.',
      ),
    );
  });

  it('reads in Spanish', async () => {
    await i18n.changeLanguage('es');
    mockSettingsApi({ [`GET ${PATH}`]: () => jsonResponse(translationSettings(true)) });
    renderApp('/admin/settings?tab=translation');
    const deepl = within(await screen.findByRole('region', { name: 'DeepL' }));
    expect(deepl.getByRole('switch', { name: 'De confianza' })).toBeChecked();
    expect(coverageRow('Coreano')).toHaveTextContent('DeepL (su estación)De confianza');
    expect(coverageRow('Chino')).toHaveTextContent('Ningún motorFalta configurar');
  });
});
