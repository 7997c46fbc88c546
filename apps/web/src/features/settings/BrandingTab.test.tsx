import type { TStationSettingsRequest } from '@message-station/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { pageReload } from '../../lib/page-reload';
import { setCookie } from '../../test/cookies';
import { jsonResponse, renderApp } from '../../test/render-app';
import { expectShown } from '../../test/shown';
import { bodiesSentTo, mockSettingsApi, stationSettings } from './settings-test-helpers';

function primaryOptions() {
  return within(screen.getByRole('combobox', { name: /Primary Language/ }))
    .getAllByRole('option')
    .map((option) => option.textContent);
}

function primaryValue() {
  return (screen.getByRole('combobox', { name: /Primary Language/ }) as HTMLSelectElement).value;
}

async function renderBranding() {
  const user = userEvent.setup({ delay: null });
  renderApp('/admin/settings');
  await screen.findByRole('combobox', { name: /Primary Language/ });
  return user;
}

describe('Settings: Station Branding languages', () => {
  it('offers only the supported languages as primary and follows the checkboxes', async () => {
    mockSettingsApi();
    const user = await renderBranding();
    expect(screen.getByRole('checkbox', { name: 'Spanish (Español)' })).toHaveProperty('checked', true);
    expect(screen.getByRole('checkbox', { name: 'German (Deutsch)' })).toHaveProperty('checked', false);
    expect(primaryOptions()).toEqual(['English', 'Spanish', 'French']);

    await user.click(screen.getByRole('checkbox', { name: 'German (Deutsch)' }));
    expect(primaryOptions()).toEqual(['English', 'Spanish', 'French', 'German']);

    await user.click(screen.getByRole('checkbox', { name: 'French (Français)' }));
    expect(primaryOptions()).toEqual(['English', 'Spanish', 'German']);
  });

  it('picks the first remaining supported language when the primary one is unticked', async () => {
    setCookie('csrf_token', 'b0');
    vi.spyOn(pageReload, 'reload').mockImplementation(() => {});
    const fetchMock = mockSettingsApi();
    const user = await renderBranding();
    await user.selectOptions(screen.getByRole('combobox', { name: /Primary Language/ }), 'fr');
    expect(primaryValue()).toBe('fr');

    await user.click(screen.getByRole('checkbox', { name: 'French (Français)' }));
    expect(primaryValue()).toBe('en');

    await user.click(screen.getByRole('checkbox', { name: 'English' }));
    expect(primaryValue()).toBe('es');
    // The last supported language cannot be unticked.
    expect(screen.getByRole('checkbox', { name: 'Spanish (Español)' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Save Station Branding' }));
    await screen.findByText('Station branding saved.');
    const [sent] = bodiesSentTo<TStationSettingsRequest>(fetchMock, 'PUT', '/admin/api/station/settings');
    expect(sent?.supported_languages).toEqual(['es']);
    expect(sent?.primary_language).toBe('es');
  });

  it('warns that subscribers of a removed saved language move to the primary one, and sends the new lists', async () => {
    setCookie('csrf_token', 'b1');
    vi.spyOn(pageReload, 'reload').mockImplementation(() => {});
    const fetchMock = mockSettingsApi();
    const user = await renderBranding();
    const warning = /will be moved to the primary language/;

    await user.click(screen.getByRole('checkbox', { name: 'Korean (한국어)' }));
    expect(screen.queryByText(warning)).not.toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Spanish (Español)' }));
    await user.click(screen.getByRole('checkbox', { name: 'French (Français)' }));
    expect(
      screen.getByText(
        'Subscribers who chose Spanish, French will be moved to the primary language (English) when you save.',
      ),
    ).toBeVisible();

    await user.click(screen.getByRole('checkbox', { name: 'French (Français)' }));
    expectShown(screen.getByText(/Subscribers who chose Spanish will be moved/));

    await user.click(screen.getByRole('button', { name: 'Save Station Branding' }));
    await screen.findByText('Station branding saved.');
    const [sent] = bodiesSentTo<TStationSettingsRequest>(fetchMock, 'PUT', '/admin/api/station/settings');
    expect(sent?.supported_languages).toEqual(['en', 'fr', 'ko']);
    expect(sent?.primary_language).toBe('en');
    await waitFor(() => expect(screen.queryByText(warning)).not.toBeInTheDocument());
  });
});

describe('Settings: display name and SMS encoding', () => {
  const displayName = () => screen.getByRole('textbox', { name: /Display Name/ });

  it('warns, naming the characters, when the display name forces every SMS into UCS-2', async () => {
    mockSettingsApi();
    const user = await renderBranding();
    expect(screen.queryByText(/outside the GSM-7 alphabet/)).not.toBeInTheDocument();

    // GSM-7 has "ñ" and "€" (an extension character), so these keep 160 characters per segment.
    await user.clear(displayName());
    await user.type(displayName(), 'Radio Ñ €');
    expect(screen.queryByText(/outside the GSM-7 alphabet/)).not.toBeInTheDocument();

    await user.type(displayName(), ' 📻');
    expect(
      screen.getByText(
        'Every SMS starts with the display name, which has “📻” outside the GSM-7 alphabet: every SMS then goes as Unicode (UCS-2), with 70 characters per segment instead of 160.',
      ),
    ).toBeVisible();

    await user.type(displayName(), ' Rádio');
    expectShown(screen.getByText(/which has “📻” and “á” outside the GSM-7 alphabet/));

    await user.clear(displayName());
    await user.type(displayName(), 'Demo Radio');
    expect(screen.queryByText(/outside the GSM-7 alphabet/)).not.toBeInTheDocument();
  });

  it('warns in Spanish when the interface is in Spanish', async () => {
    await i18n.changeLanguage('es');
    mockSettingsApi({
      'GET /admin/api/station/settings': () => jsonResponse(stationSettings({ display_name: 'Rádio Sol ☀️' })),
    });
    renderApp('/admin/settings');
    expect(
      await screen.findByText(
        'Cada SMS empieza con el nombre visible, que tiene “á” y “☀️” fuera del alfabeto GSM-7: todos los SMS se envían entonces como Unicode (UCS-2), con 70 caracteres por segmento en lugar de 160.',
      ),
    ).toBeVisible();
  });
});
