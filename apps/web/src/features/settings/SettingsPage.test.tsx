import { SETTINGS_ERRORS } from '@message-station/shared';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setCookie } from '../../test/cookies';
import { jsonResponse, renderApp } from '../../test/render-app';
import { expectShown } from '../../test/shown';
import { pageReload } from './page-reload';
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

configure({ asyncUtilTimeout: 4000 });

const SETTINGS = '/admin/api/station/settings';
const SAVE = 'Save All Settings';

function saveBar() {
  return within(screen.getByTestId('settings-save-bar'));
}

async function renderSettings() {
  const user = userEvent.setup();
  const view = renderApp('/admin/settings');
  await screen.findByRole('tab', { name: 'Station Branding' });
  return { user, ...view };
}

describe('SettingsPage', () => {
  it('shows a loading state, then three tabs and the branding fields', async () => {
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
    ]);
    const stationName = screen.getByRole('textbox', { name: 'Station Name' }) as HTMLInputElement;
    expect(stationName.value).toBe('demoradio');
    expect(stationName.readOnly).toBe(true);
    expectShown(screen.getByText(/cannot be changed/));
    expect((screen.getByRole('textbox', { name: /Display Name/ }) as HTMLInputElement).value).toBe(
      'Demo Radio',
    );
    expect((screen.getByRole('textbox', { name: 'Brand Color' }) as HTMLInputElement).value).toBe('#007bff');
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
    expect(within(alert).getByText('Please correct the following errors:')).toBeTruthy();
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([SETTINGS_ERRORS.displayName, SETTINGS_ERRORS.privacyUrl, SETTINGS_ERRORS.termsUrl]);
    expect(callCount(fetchMock, 'PUT', SETTINGS)).toBe(0);
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });

  it('sends the settings and every message type, reports success and reloads after 1 second', async () => {
    setCookie('csrf_token', 's1');
    const reload = vi.spyOn(pageReload, 'reload').mockImplementation(() => {});
    const fetchMock = mockSettingsApi();
    const { user } = await renderSettings();
    const sessionCalls = callCount(fetchMock, 'GET', '/auth/session');

    await user.clear(screen.getByRole('textbox', { name: /Display Name/ }));
    await user.type(screen.getByRole('textbox', { name: /Display Name/ }), '  KDRS Community Radio ');
    await openTab(user, 'Message Types');
    const emergency = screen.getByRole('textbox', { name: 'Emergency: Description' });
    await user.clear(emergency);
    await user.type(emergency, 'Evacuations and severe weather');
    await user.click(screen.getByRole('checkbox', { name: 'Informational: Active' }));
    await openTab(user, 'SMS Settings');
    await user.click(screen.getByRole('switch', { name: 'Enable SMS' }));
    await user.click(screen.getByRole('checkbox', { name: /Enable public SMS subscriptions/ }));

    await user.click(screen.getByRole('button', { name: SAVE }));
    expect(await saveBar().findByText('All settings saved successfully! Refreshing...')).toBeTruthy();
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
      },
    ]);
    const sent = TYPES.map(
      (type) => bodiesSentTo(fetchMock, 'PUT', `/admin/api/message-types/${type.id}`)[0],
    );
    expect(sent).toEqual(
      typesSaved({ description: 'Evacuations and severe weather' }, {}, {}, { is_active: true }),
    );
    expect(screen.getByRole('button', { name: SAVE }).hasAttribute('disabled')).toBe(true);
    // The top bar shows the new display name.
    await waitFor(() => expect(callCount(fetchMock, 'GET', '/auth/session')).toBeGreaterThan(sessionCalls));

    expect(reload).not.toHaveBeenCalled();
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1), { timeout: 2500 });
  }, 15_000);

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
    ).toBeTruthy();
  });

  it('counts the message types that failed and does not reload', async () => {
    setCookie('csrf_token', 's3');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const reload = vi.spyOn(pageReload, 'reload').mockImplementation(() => {});
    mockSettingsApi({
      'PUT /admin/api/message-types/t-alert': () => jsonResponse({ error: 'Display name is too long.' }, 400),
      'PUT /admin/api/message-types/t-station': () => {
        throw new TypeError('Failed to fetch');
      },
      'PUT /admin/api/message-types/t-informational': () => new Response('oops', { status: 500 }),
    });
    const { user } = await renderSettings();
    await user.click(screen.getByRole('button', { name: SAVE }));
    expect(await saveBar().findByText('3 message type(s) failed to save')).toBeTruthy();
    expect(saveBar().queryByText(/saved successfully/)).toBeNull();
    expect(screen.getByRole('button', { name: SAVE }).hasAttribute('disabled')).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(reload).not.toHaveBeenCalled();
  }, 15_000);

  it("shows the server's refusal of the settings, the fallback, and the network failure; no type is sent", async () => {
    setCookie('csrf_token', 's4');
    let reply: () => Response = () =>
      jsonResponse({ error: 'Privacy policy URL must be a valid http(s) URL.' }, 400);
    const fetchMock = mockSettingsApi({ [`PUT ${SETTINGS}`]: () => reply() });
    const { user } = await renderSettings();

    await user.click(screen.getByRole('button', { name: SAVE }));
    expect(await saveBar().findByText('Privacy policy URL must be a valid http(s) URL.')).toBeTruthy();
    expect(callCount(fetchMock, 'PUT', '/admin/api/message-types/t-emergency')).toBe(0);

    reply = () => new Response('Bad gateway', { status: 502 });
    await user.click(screen.getByRole('button', { name: SAVE }));
    expect(await saveBar().findByText('Failed to save station settings')).toBeTruthy();

    reply = () => {
      throw new TypeError('Failed to fetch');
    };
    await user.click(screen.getByRole('button', { name: SAVE }));
    expect(await saveBar().findByText('Failed to save settings. Please try again.')).toBeTruthy();
  });
});
