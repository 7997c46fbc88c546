// Signup step 3 marks each language with what this server's engines give it from the primary
// language the wizard settles on (decision 0050): a language with no engine says "Needs setup" and
// can still be chosen, with a plain note of what its subscribers get.
import type { TLanguageCode, TSignupLanguageCoverage } from '@message-station/shared';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { callsTo } from '../../test/api-mock';
import { jsonResponse, mockSession, renderApp } from '../../test/render-app';
import { expectShown } from '../../test/shown';
import { clickContinue, fill, fillAccountStep } from './signup-test-helpers';

/** Apertium's pairs on a fresh server: Spanish, French, Italian and Portuguese from English. */
const OFFLINE: Record<string, string[]> = { en: ['es', 'fr', 'it', 'pt'], es: ['en', 'fr', 'it', 'pt'] };

function coverageFrom(from: TLanguageCode): TSignupLanguageCoverage {
  const all: TLanguageCode[] = ['en', 'es', 'fr', 'de', 'it', 'pt', 'zh', 'ja', 'ko'];
  return {
    from,
    languages: all
      .filter((language) => language !== from)
      .map((language) => ({
        language,
        status: OFFLINE[from]?.includes(language) ? 'review' : 'needs_setup',
      })),
  };
}

async function openStepThree() {
  const api = mockSession(null, {
    'GET /api/register/language-coverage': (url) =>
      jsonResponse(coverageFrom((url.searchParams.get('from') ?? 'en') as TLanguageCode)),
  });
  renderApp('/signup');
  const user = userEvent.setup({ delay: null });
  await screen.findByRole('heading', { level: 1 });
  await fillAccountStep(user);
  await clickContinue(user);
  await fill(user, 'Station Name', 'KXYZ Radio');
  await clickContinue(user);
  return { api, user };
}

/** The mark a language's checkbox carries: its description. */
function markOf(name: string): string {
  const box = screen.getByRole('checkbox', { name });
  const described = box.getAttribute('aria-describedby') ?? '';
  return described
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();
}

describe('Signup step 3: what each language gets', () => {
  it('marks each language from the primary one; Korean needs setup and can still be chosen, with the note', async () => {
    const { api, user } = await openStepThree();
    expectShown(await screen.findByText('For messages written in English.', { exact: false }));
    expect(markOf('English')).toBe('Primary language');
    expect(markOf('Spanish (Español)')).toBe('Translated — needs review');
    expect(markOf('German (Deutsch)')).toBe('Needs setup');
    expect(markOf('Korean (한국어)')).toBe('Needs setup');
    expect(callsTo(api, 'GET', '/api/register/language-coverage').map((sent) => sent.path)).toEqual([
      '/api/register/language-coverage?from=en',
    ]);
    // Nothing chosen needs setup yet: no note.
    expect(screen.queryByTestId('needs-setup-note')).not.toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Korean (한국어)' }));
    expect(screen.getByRole('checkbox', { name: 'Korean (한국어)' })).toBeChecked();
    expectShown(
      screen.getByText(
        'No translation engine yet: only emergency templates reach Korean subscribers until you add an engine in Settings → Translation.',
      ),
    );
    await user.click(screen.getByRole('checkbox', { name: 'German (Deutsch)' }));
    expectShown(
      within(screen.getByTestId('needs-setup-note')).getByText(
        'No translation engine yet: only emergency templates reach German and Korean subscribers until you add an engine in Settings → Translation.',
      ),
    );
    // Korean stays chosen: Continue goes on to the message types.
    await clickContinue(user);
    expectShown(await screen.findByText('Message types'));
  });

  it('asks again from the new primary when another primary language is chosen', async () => {
    const { api, user } = await openStepThree();
    await screen.findByText('For messages written in English.', { exact: false });
    await user.selectOptions(screen.getByRole('combobox', { name: /^Primary Language/ }), 'es');
    expectShown(await screen.findByText('For messages written in Spanish.', { exact: false }));
    expect(markOf('Spanish (Español)')).toBe('Primary language');
    // The former primary stays ticked, now one to change like the others.
    expect(markOf('English')).toBe('Translated — needs review');
    expect(screen.getByRole('checkbox', { name: 'English' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'English' })).toBeEnabled();
    expect(callsTo(api, 'GET', '/api/register/language-coverage').map((sent) => sent.path)).toContain(
      '/api/register/language-coverage?from=es',
    );
  });

  it('reads in Spanish, the primary language following the wizard until one is chosen', async () => {
    const { user } = await openStepThree();
    await act(() => i18n.changeLanguage('es'));
    await screen.findByText('Para mensajes escritos en español.', { exact: false });
    expect(markOf('Español')).toBe('Idioma principal');
    expect(markOf('Coreano (한국어)')).toBe('Falta configurar');
    expect(markOf('Francés (Français)')).toBe('Se traduce: requiere revisión');
    await user.click(screen.getByRole('checkbox', { name: 'Coreano (한국어)' }));
    expectShown(
      screen.getByText(
        'Aún no hay motor de traducción: a los suscriptores en coreano solo les llegan las plantillas de emergencia hasta que añada un motor en Configuración → Traducción.',
      ),
    );
  });

  it('says once that coverage could not be checked, and marks nothing', async () => {
    mockSession(null, {
      'GET /api/register/language-coverage': () => jsonResponse({ error: 'down' }, 503),
    });
    renderApp('/signup');
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('heading', { level: 1 });
    await fillAccountStep(user);
    await clickContinue(user);
    await fill(user, 'Station Name', 'KXYZ Radio');
    await clickContinue(user);
    expectShown(await screen.findByText('Could not check which languages can be translated.'));
    expect(markOf('Korean (한국어)')).toBe('');
  });

  it("offers the nine languages by their names as primary, the wizard's own first, kept among the languages", async () => {
    await openStepThree();
    await act(() => i18n.changeLanguage('es'));
    const primary = screen.getByRole('combobox', { name: /^Idioma principal/ }) as HTMLSelectElement;
    expect(primary.value).toBe('es');
    expect(
      within(primary)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Inglés',
      'Español',
      'Francés',
      'Alemán',
      'Italiano',
      'Portugués',
      'Chino',
      'Japonés',
      'Coreano',
    ]);
    // The primary's box is ticked and cannot be unticked; English, the default, stays the user's.
    expect(screen.getByRole('checkbox', { name: 'Español' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Español' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Inglés (English)' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Inglés (English)' })).toBeEnabled();
  });
});
