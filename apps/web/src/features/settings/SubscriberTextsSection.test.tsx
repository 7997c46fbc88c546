import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { jsonResponse, renderApp } from '../../test/render-app';
import { expectShown } from '../../test/shown';
import { bodiesSentTo, mockSettingsApi, openTab, stationSmsTexts } from './settings-test-helpers';

const PATH = '/admin/api/settings/sms-texts';
const SPANISH_HELP = '{station}: ayuda en {url}. Responda ALTO o STOP para cancelar.';

async function openSpanishHelp(user: ReturnType<typeof userEvent.setup>) {
  renderApp('/admin/settings');
  await openTab(user, 'SMS Settings');
  const section = await screen.findByRole('region', { name: 'Subscriber texts' });
  await user.click(await within(section).findByRole('combobox', { name: 'Language' }));
  await user.click(await screen.findByRole('option', { name: 'Spanish' }));
  const editor = section.querySelector('[data-sms-text="es/help"]') as HTMLElement;
  return { section, editor, textarea: within(editor).getByRole('textbox', { name: 'Reply to HELP text' }) };
}

describe('Settings: subscriber texts', () => {
  it('edits the Spanish HELP with the default as placeholder, a live count, and saves it', async () => {
    const api = mockSettingsApi({
      [`PUT ${PATH}`]: (_url, sent) => {
        const body = sent.body as { language: string; kind: string; text: string };
        return jsonResponse(stationSmsTexts({ [`${body.language}/${body.kind}`]: body.text }));
      },
    });
    const user = userEvent.setup({ delay: null });
    const { editor, textarea } = await openSpanishHelp(user);

    expect(textarea.getAttribute('placeholder')).toContain('Responda ALTO o STOP para cancelar');
    expectShown(within(editor).getByText('Default text'));
    const save = within(editor).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    // Without STOP it cannot be saved, and says why.
    await user.type(textarea, 'Ayuda en la web.');
    expectShown(within(editor).getByText(/must tell people to reply STOP/));
    expect(save).toBeDisabled();

    await user.clear(textarea);
    await user.type(textarea, SPANISH_HELP.replaceAll('{', '{{'));
    const sent = 'Demo Radio: ayuda en http://localhost:3000/contact. Responda ALTO o STOP para cancelar.';
    expectShown(within(editor).getByText(sent));
    expectShown(within(editor).getByText(`${[...sent].length} characters · 1 segment (GSM-7), at most 2`));
    await user.click(save);

    await waitFor(() =>
      expect(bodiesSentTo(api, 'PUT', PATH)).toEqual([{ language: 'es', kind: 'help', text: SPANISH_HELP }]),
    );
    const saved = screen
      .getByRole('region', { name: 'Subscriber texts' })
      .querySelector('[data-sms-text="es/help"]') as HTMLElement;
    expectShown(await within(saved).findByText('Your wording'));
    expectShown(within(saved).getByRole('button', { name: 'Reset to default' }));
  });

  it('resets a text to the default with text null', async () => {
    const api = mockSettingsApi({
      [`GET ${PATH}`]: () => jsonResponse(stationSmsTexts({ 'es/help': SPANISH_HELP })),
      [`PUT ${PATH}`]: () => jsonResponse(stationSmsTexts()),
    });
    const user = userEvent.setup({ delay: null });
    const { editor } = await openSpanishHelp(user);
    expectShown(within(editor).getByText('Your wording'));
    await user.click(within(editor).getByRole('button', { name: 'Reset to default' }));
    await waitFor(() =>
      expect(bodiesSentTo(api, 'PUT', PATH)).toEqual([{ language: 'es', kind: 'help', text: null }]),
    );
    const reset = screen
      .getByRole('region', { name: 'Subscriber texts' })
      .querySelector('[data-sms-text="es/help"]') as HTMLElement;
    expectShown(await within(reset).findByText('Default text'));
  });

  it('words the server refusal by its code in the interface language', async () => {
    await i18n.changeLanguage('es');
    mockSettingsApi({
      [`PUT ${PATH}`]: () =>
        jsonResponse(
          {
            error: 'The text takes 3 SMS segments once filled in; at most 2 are allowed.',
            code: 'sms_text_over_budget',
            params: { segments: 3, max: 2 },
          },
          400,
        ),
    });
    const user = userEvent.setup({ delay: null });
    renderApp('/admin/settings');
    await user.click(await screen.findByRole('tab', { name: 'Configuración de SMS' }));
    const section = await screen.findByRole('region', { name: 'Textos para suscriptores' });
    // A Spanish interface opens on the station's Spanish texts.
    expect(await within(section).findByRole('combobox', { name: 'Idioma' })).toHaveAttribute(
      'value',
      'Español',
    );
    const editor = section.querySelector('[data-sms-text="es/help"]') as HTMLElement;
    await user.type(within(editor).getByRole('textbox'), 'Demo Radio: responda STOP para cancelar.');
    await user.click(within(editor).getByRole('button', { name: 'Guardar' }));
    expectShown(
      await within(editor).findByText(
        'Una vez completado, el texto ocupa 3 segmentos SMS; se permiten como máximo 2.',
      ),
    );
  });
});
