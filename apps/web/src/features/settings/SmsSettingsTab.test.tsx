import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderApp } from '../../test/render-app';
import { mockSettingsApi, openTab, stationSettings } from './settings-test-helpers';

describe('Settings: SMS Settings and Message Types tabs', () => {
  it('shows the SMS banner for the switch, the public links, credits and the required policy links', async () => {
    mockSettingsApi({
      'GET /admin/api/station/settings': () => jsonResponse(stationSettings({ sms_enabled: false })),
    });
    const user = userEvent.setup({ delay: null });
    renderApp('/admin/settings');
    await openTab(user, 'SMS Settings');

    expect(screen.getByText(/^SMS messaging is disabled/)).toBeVisible();
    await user.click(screen.getByRole('switch', { name: 'Enable SMS' }));
    expect(screen.getByText(/^SMS messaging is enabled/)).toBeVisible();
    expect(screen.queryByText(/^SMS messaging is disabled/)).not.toBeInTheDocument();

    expect(screen.getByText('http://localhost:3000/join/demoradio')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Open in a new tab: Unsubscribe page' })).toHaveAttribute(
      'href',
      'http://localhost:3000/unsubscribe/demoradio',
    );
    expect(screen.getByRole('button', { name: 'Copy link: Subscribe page' })).toBeVisible();

    expect(screen.getByText(/Current SMS credits: 1,250\./)).toBeVisible();
    expect(
      screen.getByRole('link', { name: 'Buy credits and see usage on the Billing page' }),
    ).toHaveAttribute('href', '/admin/billing');
    expect(screen.getByRole('checkbox', { name: /Enable public SMS subscriptions/ })).toHaveProperty(
      'checked',
      true,
    );
    const privacy = screen.getByRole('textbox', { name: /Privacy Policy URL/ });
    expect(privacy.hasAttribute('required')).toBe(true);
    expect(screen.getByRole('textbox', { name: /Terms of Service URL/ }).hasAttribute('required')).toBe(true);
    const termsLabel = document.querySelector(
      `label[for="${screen.getByRole('textbox', { name: /Terms of Service URL/ }).id}"]`,
    );
    expect(termsLabel?.textContent?.replace(/\s+/g, ' ').trim()).toBe('Terms of Service URL *');
  });

  it('shows one card per type in order with its level and description', async () => {
    mockSettingsApi();
    const user = userEvent.setup({ delay: null });
    renderApp('/admin/settings');
    await openTab(user, 'Message Types');

    const cards = document.querySelectorAll<HTMLElement>('[data-message-type]');
    expect([...cards].map((card) => card.dataset.messageType)).toEqual([
      'emergency',
      'alert',
      'station',
      'informational',
    ]);
    const informational = within(cards[3] as HTMLElement);
    expect(informational.getByText('Informational', { selector: '.mantine-Badge-label' })).toBeVisible();
    expect(informational.getByRole('textbox', { name: 'Informational: Display Name' })).toHaveValue(
      'Informational',
    );
    expect(informational.getByRole('textbox', { name: 'Informational: Description' })).toHaveProperty(
      'maxLength',
      500,
    );
    expect(informational.getByRole('checkbox', { name: 'Informational: Active' })).toHaveProperty(
      'checked',
      false,
    );
  });
});
