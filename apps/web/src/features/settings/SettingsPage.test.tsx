import { SETTINGS_ERRORS } from '@message-station/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { pageReload } from '../../lib/page-reload';
import { networkError } from '../../test/api-mock';
import { setCookie } from '../../test/cookies';
import { jsonResponse, renderApp } from '../../test/render-app';
import { expectShown } from '../../test/shown';
import {
  bodiesSentTo,
  callCount,
  mockSettingsApi,
  openTab,
  savedSettings,
  stationSettings,
  TYPES,
  typesSaved,
} from './settings-test-helpers';

const SETTINGS = '/admin/api/station/settings';
const SAVE = 'Save All Settings';

function saveBar() {
  return within(screen.getByTestId('settings-save-bar'));
}

async function renderSettings() {
  const user = userEvent.setup({ delay: null });
  const view = renderApp('/admin/settings');
  await screen.findByRole('tab', { name: 'Station Branding' });
  return { user, ...view };
}

describe('SettingsPage', () => {
  it('shows a loading state, then the tabs and the branding fields', async () => {
    let answer: (response: Response) => void = () => {};
    mockSettingsApi({ [`GET ${SETTINGS}`]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderApp('/admin/settings');
    expectShown(await screen.findByText('Loading settings...'));
    answer(jsonResponse(stationSettings()));

    expectShown(await screen.findByRole('tab', { name: 'Station Branding' }));
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Station Branding',
      'Message Types',
      'SMS Settings',
      'Voice',
      'Translation',
    ]);
    const stationName = screen.getByRole('textbox', { name: 'Station Name' }) as HTMLInputElement;
    expect(stationName).toHaveValue('demoradio');
    expect(stationName.readOnly).toBe(true);
    expectShown(screen.getByText(/cannot be changed/));
    expect(screen.getByRole('textbox', { name: /Display Name/ })).toHaveValue('Demo Radio');
    expect(screen.getByRole('textbox', { name: 'Brand Color' })).toHaveValue('#007bff');
    expect(screen.getAllByRole('checkbox')).toHaveLength(9);
    expectShown(screen.getByRole('button', { name: SAVE }));
  });

  it('says the settings could not be loaded', async () => {
    mockSettingsApi({ [`GET ${SETTINGS}`]: () => jsonResponse({ error: 'Server down' }, 500) });
    renderApp('/admin/settings');
    expectShown(await screen.findByText('Failed to load station settings. Please refresh the page.'));
  });

  it('lists every missing required field and sends nothing', async () => {
    const fetchMock = mockSettingsApi();
    const { user } = await renderSettings();
    await user.clear(screen.getByRole('textbox', { name: /Display Name/ }));
    await user.type(screen.getByRole('textbox', { name: /Display Name/ }), '   ');
    await openTab(user, 'SMS Settings');
    await user.clear(screen.getByRole('textbox', { name: /Privacy Policy URL/ }));
    await user.clear(screen.getByRole('textbox', { name: /Terms of Service URL/ }));

    await user.click(screen.getByRole('button', { name: SAVE }));
    const alert = saveBar().getByRole('alert');
    expect(within(alert).getByText('Please correct the following errors:')).toBeVisible();
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([SETTINGS_ERRORS.displayName, SETTINGS_ERRORS.privacyUrl, SETTINGS_ERRORS.termsUrl]);
    expect(fetchMock.requests.filter((sent) => sent.method === 'PUT')).toEqual([]);
  });

  it('sends the settings and every message type, reports success and reloads after 1 second', async () => {
    setCookie('csrf_token', 's1');
    const reload = vi.spyOn(pageReload, 'reload').mockImplementation(() => {});
    const fetchMock = mockSettingsApi();
    const { user } = await renderSettings();
    const sessionCalls = callCount(fetchMock, 'GET', '/auth/session');

    await user.clear(screen.getByRole('textbox', { name: /Display Name/ }));
    await user.type(screen.getByRole('textbox', { name: /Display Name/ }), '  KDRS Community Radio ');
    await user.selectOptions(screen.getByRole('combobox', { name: /Time zone/ }), 'America/Chicago');
    await openTab(user, 'Message Types');
    const emergency = screen.getByRole('textbox', { name: 'Emergency: Description' });
    await user.clear(emergency);
    await user.type(emergency, 'Evacuations and severe weather');
    await user.click(screen.getByRole('checkbox', { name: 'Informational: Active' }));
    await user.click(screen.getByRole('checkbox', { name: 'Alert: Review translations before SMS' }));
    await user.click(
      screen.getByRole('checkbox', { name: 'Alert: Second admin approves before SMS or Play' }),
    );
    await openTab(user, 'SMS Settings');
    await user.click(screen.getByRole('switch', { name: 'Enable SMS' }));
    await user.click(screen.getByRole('checkbox', { name: /Enable public SMS subscriptions/ }));

    await user.click(screen.getByRole('button', { name: SAVE }));
    expect(await saveBar().findByText('All settings saved successfully! Refreshing...')).toBeVisible();
    expect(bodiesSentTo(fetchMock, 'PUT', SETTINGS)).toEqual([
      {
        display_name: 'KDRS Community Radio',
        brand_color: '#007bff',
        primary_language: 'en',
        privacy_policy_url: 'https://demoradio.org/privacy',
        terms_url: 'https://demoradio.org/terms',
        supported_languages: ['en', 'es', 'fr'],
        sms_enabled: false,
        signup_enabled: false,
        review_required_types: ['alert'],
        approval_required_types: ['alert'],
        approval_bypass_emergency: true,
        time_zone: 'America/Chicago',
      },
    ]);
    const sent = TYPES.map(
      (type) => bodiesSentTo(fetchMock, 'PUT', `/admin/api/message-types/${type.id}`)[0],
    );
    expect(sent).toEqual(
      typesSaved({ description: 'Evacuations and severe weather' }, {}, {}, { is_active: true }),
    );
    expect(screen.getByRole('button', { name: SAVE })).toBeDisabled();
    // The top bar shows the new display name.
    await waitFor(() => expect(callCount(fetchMock, 'GET', '/auth/session')).toBeGreaterThan(sessionCalls));

    expect(reload).not.toHaveBeenCalled();
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1), { timeout: 2500 });
  });

  it('says how many subscriber choices moved to the primary language', async () => {
    setCookie('csrf_token', 's2');
    vi.spyOn(pageReload, 'reload').mockImplementation(() => {});
    mockSettingsApi({
      [`PUT ${SETTINGS}`]: () => jsonResponse(savedSettings({ moved_subscriptions: 3, moved_contacts: 2 })),
    });
    const { user } = await renderSettings();
    await user.click(screen.getByRole('button', { name: SAVE }));
    expect(
      await saveBar().findByText(
        'All settings saved successfully! Refreshing... 3 subscriber choices were moved to the primary language (English).',
      ),
    ).toBeVisible();
  });

  it('counts the message types that failed and does not reload', async () => {
    setCookie('csrf_token', 's3');
    // The clock runs, and the test can also move it on: past the reload delay without waiting it out.
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const reload = vi.spyOn(pageReload, 'reload').mockImplementation(() => {});
    mockSettingsApi({
      'PUT /admin/api/message-types/t-alert': () => jsonResponse({ error: 'Display name is too long.' }, 400),
      'PUT /admin/api/message-types/t-station': () => networkError(),
      'PUT /admin/api/message-types/t-informational': () => new Response('oops', { status: 500 }),
    });
    const { user } = await renderSettings();
    await user.click(screen.getByRole('button', { name: SAVE }));
    expect(await saveBar().findByText('3 message type(s) failed to save')).toBeVisible();
    expect(saveBar().queryByText(/saved successfully/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: SAVE })).toBeEnabled();
    await vi.advanceTimersByTimeAsync(1200);
    expect(reload).not.toHaveBeenCalled();
  });

  it("shows the server's refusal of the settings, the fallback, and the network failure; no type is sent", async () => {
    setCookie('csrf_token', 's4');
    let reply: () => Response = () =>
      jsonResponse({ error: 'Privacy policy URL must be a valid http(s) URL.' }, 400);
    const fetchMock = mockSettingsApi({ [`PUT ${SETTINGS}`]: () => reply() });
    const { user } = await renderSettings();

    await user.click(screen.getByRole('button', { name: SAVE }));
    expect(await saveBar().findByText('Privacy policy URL must be a valid http(s) URL.')).toBeVisible();
    expect(callCount(fetchMock, 'PUT', '/admin/api/message-types/t-emergency')).toBe(0);

    reply = () => new Response('Bad gateway', { status: 502 });
    await user.click(screen.getByRole('button', { name: SAVE }));
    expect(await saveBar().findByText('Failed to save station settings')).toBeVisible();

    reply = networkError;
    await user.click(screen.getByRole('button', { name: SAVE }));
    expect(await saveBar().findByText('Failed to save settings. Please try again.')).toBeVisible();
  });
});
