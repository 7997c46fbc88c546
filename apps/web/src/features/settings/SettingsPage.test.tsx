import { SETTINGS_ERRORS } from '@message-station/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
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
const SAVE_BRANDING = 'Save Station Branding';
const SAVE_TYPES = 'Save Message Types';
const SAVE_SMS = 'Save SMS Settings';

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
    expectShown(screen.getByText(/Fixed at registration/));
    expect(screen.getByRole('textbox', { name: /Display Name/ })).toHaveValue('Demo Radio');
    expect(screen.getByRole('textbox', { name: 'Brand Color' })).toHaveValue('#007bff');
    expect(screen.getAllByRole('checkbox')).toHaveLength(9);
    expectShown(screen.getByRole('button', { name: SAVE_BRANDING }));
  });

  it('says the settings could not be loaded', async () => {
    mockSettingsApi({ [`GET ${SETTINGS}`]: () => jsonResponse({ error: 'Server down' }, 500) });
    renderApp('/admin/settings');
    expectShown(await screen.findByText('Failed to load station settings. Please refresh the page.'));
  });

  it("lists each tab's missing required fields and sends nothing", async () => {
    const fetchMock = mockSettingsApi();
    const { user } = await renderSettings();
    await user.clear(screen.getByRole('textbox', { name: /Display Name/ }));
    await user.type(screen.getByRole('textbox', { name: /Display Name/ }), '   ');
    await user.click(screen.getByRole('button', { name: SAVE_BRANDING }));
    const problems = () =>
      within(saveBar().getByRole('alert'))
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(
      within(saveBar().getByRole('alert')).getByText('Please correct the following errors:'),
    ).toBeVisible();
    expect(problems()).toEqual([SETTINGS_ERRORS.displayName]);

    await openTab(user, 'SMS Settings');
    await user.clear(screen.getByRole('textbox', { name: /Privacy Policy URL/ }));
    await user.clear(screen.getByRole('textbox', { name: /Terms of Service URL/ }));
    await user.click(screen.getByRole('button', { name: SAVE_SMS }));
    expect(problems()).toEqual([SETTINGS_ERRORS.privacyUrl, SETTINGS_ERRORS.termsUrl]);
    expect(fetchMock.requests.filter((sent) => sent.method === 'PUT')).toEqual([]);
  });

  it('opens the tab the address names, and the address follows the tab', async () => {
    mockSettingsApi();
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp('/admin/settings?tab=sms');
    expect(await screen.findByRole('tab', { name: 'SMS Settings' })).toHaveAttribute('aria-selected', 'true');
    expectShown(screen.getByRole('switch', { name: 'Enable SMS' }));
    await openTab(user, 'Message Types');
    expect(router.state.location.search).toBe('?tab=messageTypes');
    expectShown(screen.getByRole('button', { name: SAVE_TYPES }));

    await act(() => router.navigate('/admin/settings?tab=messageTypes'));
    expect(screen.getByRole('tab', { name: 'Message Types' })).toHaveAttribute('aria-selected', 'true');
    await act(() => router.navigate('/admin/settings?tab=nothing'));
    expect(screen.getByRole('tab', { name: 'Station Branding' })).toHaveAttribute('aria-selected', 'true');
  });

  it('saves each tab on its own and stays on it, without reloading; other tabs keep their edits', async () => {
    setCookie('csrf_token', 's1');
    // The clock runs, and the test can also move it on: past any reload after a save without
    // waiting it out.
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    const reload = vi.spyOn(pageReload, 'reload').mockImplementation(() => {});
    // As the server keeps them: the list read again after a save has the saved types.
    let types = [...TYPES];
    const fetchMock = mockSettingsApi({
      'GET /admin/api/message-types': () => jsonResponse(types),
      ...Object.fromEntries(
        TYPES.map((type) => [
          `PUT /admin/api/message-types/${type.id}`,
          (_url: string, sent: { body: unknown }) => {
            const saved = { ...type, ...(sent.body as object) };
            types = types.map((each) => (each.id === type.id ? saved : each));
            return jsonResponse(saved);
          },
        ]),
      ),
    });
    const { user, router } = await renderSettings();
    const sessionCalls = callCount(fetchMock, 'GET', '/auth/session');

    // Pasted rather than typed key by key: the journey is long enough.
    await user.clear(screen.getByRole('textbox', { name: /Display Name/ }));
    await user.click(screen.getByRole('textbox', { name: /Display Name/ }));
    await user.paste('  KDRS Community Radio ');
    await user.selectOptions(screen.getByRole('combobox', { name: /Time zone/ }), 'America/Chicago');
    await openTab(user, 'Message Types');
    const emergency = screen.getByRole('textbox', { name: 'Emergency: Description' });
    await user.clear(emergency);
    await user.click(emergency);
    await user.paste('Evacuations and severe weather');
    await user.click(screen.getByRole('checkbox', { name: 'Informational: Active' }));
    await user.click(screen.getByRole('checkbox', { name: 'Alert: Review translations before SMS' }));
    await user.click(
      screen.getByRole('checkbox', { name: 'Alert: Second admin approves before SMS or Play' }),
    );
    await openTab(user, 'SMS Settings');
    await user.click(screen.getByRole('switch', { name: 'Enable SMS' }));
    await user.click(screen.getByRole('checkbox', { name: /Enable public SMS subscriptions/ }));
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Station Branding • (unsaved changes)',
      'Message Types • (unsaved changes)',
      'SMS Settings • (unsaved changes)',
      'Voice',
      'Translation',
    ]);

    // SMS Settings: its own fields, the others as saved; no message type is sent.
    await user.click(screen.getByRole('button', { name: SAVE_SMS }));
    expect(await saveBar().findByText('SMS settings saved.')).toBeVisible();
    const saved = {
      display_name: 'Demo Radio',
      brand_color: '#007bff',
      primary_language: 'en',
      privacy_policy_url: 'https://demoradio.org/privacy',
      terms_url: 'https://demoradio.org/terms',
      supported_languages: ['en', 'es', 'fr'],
      sms_enabled: true,
      signup_enabled: true,
      review_required_types: [],
      approval_required_types: [],
      approval_bypass_emergency: true,
      time_zone: 'America/New_York',
    };
    expect(bodiesSentTo(fetchMock, 'PUT', SETTINGS)).toEqual([
      { ...saved, sms_enabled: false, signup_enabled: false },
    ]);
    expect(callCount(fetchMock, 'PUT', '/admin/api/message-types/t-emergency')).toBe(0);
    expect(router.state.location.search).toBe('?tab=sms');
    expect(screen.getByRole('tab', { name: /SMS Settings/ }).textContent).toBe('SMS Settings');
    expect(
      saveBar().getByText('Unsaved changes in Station Branding, Message Types: save them on their tab.'),
    ).toBeVisible();

    // Branding: its fields, with the SMS settings as just saved.
    await openTab(user, 'Station Branding');
    expect(screen.getByRole('textbox', { name: /Display Name/ })).toHaveValue('  KDRS Community Radio ');
    await user.click(screen.getByRole('button', { name: SAVE_BRANDING }));
    expect(await saveBar().findByText('Station branding saved.')).toBeVisible();
    expect(bodiesSentTo(fetchMock, 'PUT', SETTINGS)[1]).toEqual({
      ...saved,
      sms_enabled: false,
      signup_enabled: false,
      display_name: 'KDRS Community Radio',
      time_zone: 'America/Chicago',
    });
    expect(callCount(fetchMock, 'PUT', '/admin/api/message-types/t-emergency')).toBe(0);
    // The top bar shows the new display name.
    await waitFor(() => expect(callCount(fetchMock, 'GET', '/auth/session')).toBeGreaterThan(sessionCalls));

    // Message Types: the review and approval settings and every type.
    await openTab(user, 'Message Types');
    await user.click(screen.getByRole('button', { name: SAVE_TYPES }));
    expect(await saveBar().findByText('Message types saved.')).toBeVisible();
    expect(bodiesSentTo(fetchMock, 'PUT', SETTINGS)[2]).toMatchObject({
      display_name: 'KDRS Community Radio',
      sms_enabled: false,
      review_required_types: ['alert'],
      approval_required_types: ['alert'],
    });
    const sent = TYPES.map(
      (type) => bodiesSentTo(fetchMock, 'PUT', `/admin/api/message-types/${type.id}`)[0],
    );
    expect(sent).toEqual(
      typesSaved({ description: 'Evacuations and severe weather' }, {}, {}, { is_active: true }),
    );
    expect(router.state.location.search).toBe('?tab=messageTypes');
    expect(saveBar().queryByText(/Unsaved changes/)).not.toBeInTheDocument();
    // Twice the second after which a full save used to reload the page: no reload came.
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(reload).not.toHaveBeenCalled();
  });

  it('says how many subscriber choices moved to the primary language', async () => {
    setCookie('csrf_token', 's2');
    mockSettingsApi({
      [`PUT ${SETTINGS}`]: () => jsonResponse(savedSettings({ moved_subscriptions: 3, moved_contacts: 2 })),
    });
    const { user } = await renderSettings();
    await user.click(screen.getByRole('button', { name: SAVE_BRANDING }));
    expect(
      await saveBar().findByText(
        'Station branding saved. 3 subscriber choices were moved to the primary language (English).',
      ),
    ).toBeVisible();
  });

  it('counts the message types that failed', async () => {
    setCookie('csrf_token', 's3');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockSettingsApi({
      'PUT /admin/api/message-types/t-alert': () => jsonResponse({ error: 'Display name is too long.' }, 400),
      'PUT /admin/api/message-types/t-station': () => networkError(),
      'PUT /admin/api/message-types/t-informational': () => new Response('oops', { status: 500 }),
    });
    const { user } = await renderSettings();
    await openTab(user, 'Message Types');
    await user.click(screen.getByRole('button', { name: SAVE_TYPES }));
    expect(await saveBar().findByText('3 message type(s) failed to save')).toBeVisible();
    expect(saveBar().queryByText(/saved\./)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: SAVE_TYPES })).toBeEnabled();
  });

  it("shows the server's refusal of the settings, the fallback, and the network failure; no type is sent", async () => {
    setCookie('csrf_token', 's4');
    let reply: () => Response = () =>
      jsonResponse({ error: 'Privacy policy URL must be a valid http(s) URL.' }, 400);
    const fetchMock = mockSettingsApi({ [`PUT ${SETTINGS}`]: () => reply() });
    const { user } = await renderSettings();

    await user.click(screen.getByRole('button', { name: SAVE_BRANDING }));
    expect(await saveBar().findByText('Privacy policy URL must be a valid http(s) URL.')).toBeVisible();
    expect(callCount(fetchMock, 'PUT', '/admin/api/message-types/t-emergency')).toBe(0);

    reply = () => new Response('Bad gateway', { status: 502 });
    await user.click(screen.getByRole('button', { name: SAVE_BRANDING }));
    expect(await saveBar().findByText('Failed to save station settings')).toBeVisible();

    reply = networkError;
    await user.click(screen.getByRole('button', { name: SAVE_BRANDING }));
    expect(await saveBar().findByText('Failed to save settings. Please try again.')).toBeVisible();
  });
});
