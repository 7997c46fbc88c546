import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fileSaver } from '../../lib/save-file';
import { setCookie } from '../../test/cookies';
import { jsonResponse, renderApp, sessionUser } from '../../test/render-app';
import { expectShown } from '../../test/shown';
import { callsTo, contact, listResponse, mockContactsApi } from '../../test/sms-contacts-test-helpers';

const LIST = 'GET /admin/api/sms-contacts';

const maria = contact();
const john = contact({
  id: 'c-2',
  name: null,
  phone: '+14155550199',
  language: 'en',
  message_preferences: {
    emergency: { subscribed: true, language: 'en' },
    alert: { subscribed: true, language: 'en' },
    station: { subscribed: true, language: 'en' },
    informational: { subscribed: false, language: 'en' },
  },
  status: 'opted_out',
  is_verified: false,
});

function rowOf(text: string): HTMLElement {
  const row = screen.getByText(text).closest('tr');
  if (!row) throw new Error(`no row for ${text}`);
  return row as HTMLElement;
}

describe('SmsContactsPage', () => {
  it('shows the count from X-Total-Count and one row per contact with badges, status and verification', async () => {
    mockContactsApi({ [LIST]: () => listResponse([maria, john], 57) });
    renderApp('/admin/sms-contacts');

    expectShown(await screen.findByRole('heading', { level: 2, name: 'SMS Subscribers (57)' }));
    expectShown(screen.getByRole('heading', { level: 1, name: 'SMS Contacts' }));
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual([
      'Name',
      'Phone',
      'Language',
      'Message Preferences',
      'Status',
      'Verification',
      'Signed Up',
      'Actions',
    ]);

    const first = within(rowOf('Maria Lopez'));
    expectShown(first.getByText('(415) 555-0134'));
    expectShown(first.getByText('Spanish'));
    // One badge per active station type (Informational is off), dimmed when not subscribed.
    expect(first.getByText('Emergency').closest('[data-subscribed]')).toHaveAttribute(
      'data-subscribed',
      'true',
    );
    expect(first.getByText('Alert').closest('[data-subscribed]')).toHaveAttribute('data-subscribed', 'false');
    expectShown(first.getByText(': Subscribed'));
    expect(first.getAllByText(': Not subscribed')).toHaveLength(2);
    expect(first.queryByText('Informational')).not.toBeInTheDocument();
    expectShown(first.getByText('Active'));
    expectShown(first.getByText('Verified'));
    expectShown(first.getByText('Mar 14, 2026'));
    expectShown(first.getByRole('button', { name: 'Pause' }));

    const second = within(rowOf('(415) 555-0199'));
    expectShown(second.getByText('(no name)'));
    expectShown(second.getByText('Opted out'));
    expectShown(second.getByText('Unverified'));
    expect(second.queryByText('Receives no alerts')).not.toBeInTheDocument();
    expect(first.queryByText('Receives no alerts')).not.toBeInTheDocument();
    expect(second.getByRole('button', { name: 'Resume' })).toHaveAttribute('aria-disabled', 'true');

    // 57 contacts at 50 a page.
    expectShown(screen.getByText('1–50 of 57'));
    expectShown(screen.getByRole('button', { name: '2' }));
  });

  it('says an active contact that is not verified receives no alerts, and how to verify it', async () => {
    const earlier = contact({ id: 'c-3', name: 'Earlier Import', phone: '+13125550190', is_verified: false });
    mockContactsApi({ [LIST]: () => listResponse([earlier]) });
    renderApp('/admin/sms-contacts');
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Earlier Import');
    const row = within(rowOf('Earlier Import'));
    expectShown(row.getByText('Active'));
    expectShown(row.getByText('Unverified'));
    await user.hover(row.getByText('Receives no alerts'));
    expect(
      await screen.findByText(
        'Not verified, so no alerts are sent to this number. If it came from a CSV import, import it again and confirm consent to verify it.',
      ),
    ).toBeVisible();
  });

  it('shows the loading text, then the empty text', async () => {
    let answer: (response: Response) => void = () => {};
    mockContactsApi({ [LIST]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderApp('/admin/sms-contacts');
    expectShown(await screen.findByText('Loading SMS contacts...'));
    answer(listResponse([], 0));
    expect(
      await screen.findByText('No SMS contacts found. Add your first subscriber to get started.'),
    ).toBeVisible();
    expectShown(screen.getByRole('heading', { level: 2, name: 'SMS Subscribers (0)' }));
  });

  it('searches on the server after typing stops, filters by status and pages by 50', async () => {
    const fetchMock = mockContactsApi({ [LIST]: () => listResponse([maria], 120) });
    renderApp('/admin/sms-contacts');
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Maria Lopez');

    await user.click(screen.getByRole('button', { name: '3' }));
    await waitFor(() =>
      expect(
        callsTo(fetchMock, 'GET', '/admin/api/sms-contacts').at(-1)?.url.searchParams.get('offset'),
      ).toBe('100'),
    );

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), '555 01');
    await waitFor(() => {
      const last = callsTo(fetchMock, 'GET', '/admin/api/sms-contacts').at(-1)?.url.searchParams;
      expect(last?.get('search')).toBe('555 01');
      expect(last?.get('offset')).toBe('0');
      expect(last?.get('limit')).toBe('50');
    });
    // Debounced: no request for each keystroke.
    const searches = callsTo(fetchMock, 'GET', '/admin/api/sms-contacts').map((c) =>
      c.url.searchParams.get('search'),
    );
    expect(searches).not.toContain('5');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'paused');
    await waitFor(() =>
      expect(
        callsTo(fetchMock, 'GET', '/admin/api/sms-contacts').at(-1)?.url.searchParams.get('status'),
      ).toBe('paused'),
    );
  });

  it("keeps the station's total in the card title while a filter shows fewer, and says how many", async () => {
    // The server counts what the query asks for: 57 in all, 3 opted out.
    mockContactsApi({
      [LIST]: (url) =>
        url.searchParams.get('status') === 'opted_out'
          ? listResponse([john], 3)
          : listResponse([maria, john], 57),
    });
    renderApp('/admin/sms-contacts');
    const user = userEvent.setup({ delay: null });
    expectShown(await screen.findByRole('heading', { level: 2, name: 'SMS Subscribers (57)' }));
    expect(screen.queryByText('57 shown')).not.toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'opted_out');
    expectShown(await screen.findByText('3 shown'));
    expectShown(screen.getByRole('heading', { level: 2, name: 'SMS Subscribers (57)' }));
    expect(screen.queryByText('Maria Lopez')).not.toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), '');
    await waitFor(() => expect(screen.queryByText('3 shown')).not.toBeInTheDocument());
    expectShown(screen.getByRole('heading', { level: 2, name: 'SMS Subscribers (57)' }));
  });

  it('exports what the status filter shows as the CSV file the server names (admins only)', async () => {
    const save = vi.spyOn(fileSaver, 'save').mockImplementation(() => {});
    const fetchMock = mockContactsApi({
      [LIST]: () => listResponse([maria], 1),
      'GET /admin/api/sms-contacts.csv': () =>
        new Response('\uFEFFname,phone\r\n', {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="sms-contacts-2026-11-27.csv"',
          },
        }),
    });
    renderApp('/admin/sms-contacts');
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Maria Lopez');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'active');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0]?.[1]).toBe('sms-contacts-2026-11-27.csv');
    const asked = callsTo(fetchMock, 'GET', '/admin/api/sms-contacts.csv')[0]?.url.searchParams;
    expect(asked?.get('status')).toBe('active');
  });

  it("shows the server's refusal of an export", async () => {
    mockContactsApi({
      [LIST]: () => listResponse([maria], 1),
      'GET /admin/api/sms-contacts.csv': () =>
        jsonResponse(
          { error: 'You need administrator privileges to access this page.', code: 'admin_required' },
          403,
        ),
    });
    renderApp('/admin/sms-contacts');
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Maria Lopez');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expectShown(await screen.findByRole('alert'));
    expect(screen.getByRole('alert')).toHaveTextContent('The export could not be downloaded:');
  });

  it('offers no export to a standard user', async () => {
    mockContactsApi({
      'GET /auth/session': () => jsonResponse(sessionUser({ role: 'user' })),
      [LIST]: () => listResponse([maria], 1),
    });
    renderApp('/admin/sms-contacts');
    await screen.findByText('Maria Lopez');
    expectShown(screen.getByRole('button', { name: 'Import' }));
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
  });

  it('pauses and resumes only when the server says yes, and only logs a failure', async () => {
    setCookie('csrf_token', 's1');
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    let reply: () => Response = () => jsonResponse({ error: 'Server down' }, 500);
    const fetchMock = mockContactsApi({
      [LIST]: () => listResponse([maria]),
      'PUT /admin/api/sms-contacts/c-1/status': () => reply(),
    });
    renderApp('/admin/sms-contacts');
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Maria Lopez');

    await user.click(within(rowOf('Maria Lopez')).getByRole('button', { name: 'Pause' }));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith('Failed to update contact status', expect.anything()),
    );
    expectShown(within(rowOf('Maria Lopez')).getByText('Active'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    reply = () => jsonResponse({ ...maria, status: 'paused' });
    await user.click(within(rowOf('Maria Lopez')).getByRole('button', { name: 'Pause' }));
    expectShown(await within(rowOf('Maria Lopez')).findByText('Paused'));
    const calls = callsTo(fetchMock, 'PUT', '/admin/api/sms-contacts/c-1/status');
    expect(calls.at(-1)?.body).toEqual({ status: 'paused' });

    reply = () => jsonResponse({ ...maria, status: 'active' });
    await user.click(within(rowOf('Maria Lopez')).getByRole('button', { name: 'Resume' }));
    expectShown(await within(rowOf('Maria Lopez')).findByText('Active'));
    expect(callsTo(fetchMock, 'PUT', '/admin/api/sms-contacts/c-1/status').at(-1)?.body).toEqual({
      status: 'active',
    });
  });

  it('does not resume an opted-out contact: only the person can opt in', async () => {
    const fetchMock = mockContactsApi({ [LIST]: () => listResponse([john]) });
    renderApp('/admin/sms-contacts');
    const user = userEvent.setup({ delay: null });
    await screen.findByText('(415) 555-0199');
    await user.click(within(rowOf('(415) 555-0199')).getByRole('button', { name: 'Resume' }));
    expect(callsTo(fetchMock, 'PUT', '/admin/api/sms-contacts/c-2/status')).toHaveLength(0);
  });

  it('edits preferences with every station language and sends all four types', async () => {
    setCookie('csrf_token', 's2');
    const saved = contact({
      message_preferences: {
        emergency: { subscribed: false, language: 'es' },
        alert: { subscribed: false, language: 'es' },
        station: { subscribed: true, language: 'fr' },
        informational: { subscribed: false, language: 'es' },
      },
    });
    const fetchMock = mockContactsApi({
      [LIST]: () => listResponse([maria]),
      'PUT /admin/api/sms-contacts/c-1/preferences': () => jsonResponse(saved),
    });
    renderApp('/admin/sms-contacts');
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Maria Lopez');
    await user.click(within(rowOf('Maria Lopez')).getByRole('button', { name: 'Preferences' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Message Preferences' }));
    const emergency = within(dialog.getByRole('group', { name: 'Emergency' }));
    const station = within(dialog.getByRole('group', { name: 'Station' }));
    expect(emergency.getByRole('checkbox', { name: 'Subscribe' })).toBeChecked();
    const emergencyLanguage = emergency.getByRole('combobox', {
      name: 'Preferred Language',
    }) as HTMLSelectElement;
    expect(emergencyLanguage).toHaveValue('es');
    expect(
      within(emergencyLanguage)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['English', 'Spanish', 'French']);
    expect(station.queryByRole('combobox')).not.toBeInTheDocument();

    await user.click(emergency.getByRole('checkbox', { name: 'Subscribe' }));
    await user.click(station.getByRole('checkbox', { name: 'Subscribe' }));
    await user.selectOptions(station.getByRole('combobox', { name: 'Preferred Language' }), 'fr');
    await user.click(dialog.getByRole('button', { name: 'Save Preferences' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const call = callsTo(fetchMock, 'PUT', '/admin/api/sms-contacts/c-1/preferences')[0];
    expect(call?.body).toEqual({
      message_preferences: {
        emergency: { subscribed: false, language: 'es' },
        alert: { subscribed: false, language: 'es' },
        station: { subscribed: true, language: 'fr' },
        informational: { subscribed: false, language: 'es' },
      },
    });
    const badge = within(rowOf('Maria Lopez')).getByText('Station').closest('[data-subscribed]');
    expect(badge).toHaveAttribute('data-subscribed', 'true');
  });

  it('says before sending that a contact who receives alerts keeps at least one type', async () => {
    const fetchMock = mockContactsApi({ [LIST]: () => listResponse([maria]) });
    renderApp('/admin/sms-contacts');
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Maria Lopez');
    await user.click(within(rowOf('Maria Lopez')).getByRole('button', { name: 'Preferences' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Message Preferences' }));
    const save = dialog.getByRole('button', { name: 'Save Preferences' });
    expect(save).toBeEnabled();

    for (const box of dialog.getAllByRole('checkbox', { name: 'Subscribe' })) {
      if ((box as HTMLInputElement).checked) await user.click(box);
    }
    expectShown(
      dialog.getByText(
        "Choose at least one alert type. To stop this contact's alerts, pause the contact instead.",
      ),
    );
    expect(save).toBeDisabled();
    await user.click(save);
    expect(callsTo(fetchMock, 'PUT', '/admin/api/sms-contacts/c-1/preferences')).toHaveLength(0);

    await user.click(
      within(dialog.getByRole('group', { name: 'Alert' })).getByRole('checkbox', { name: 'Subscribe' }),
    );
    expect(dialog.queryByText(/Choose at least one alert type/)).not.toBeInTheDocument();
    expect(save).toBeEnabled();
  });

  it('cancels the preferences dialog without sending anything', async () => {
    const fetchMock = mockContactsApi({ [LIST]: () => listResponse([maria]) });
    renderApp('/admin/sms-contacts');
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Maria Lopez');
    await user.click(within(rowOf('Maria Lopez')).getByRole('button', { name: 'Preferences' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'PUT', '/admin/api/sms-contacts/c-1/preferences')).toHaveLength(0);
  });

  it('adds a contact only with the consent attestation, and refreshes the list', async () => {
    setCookie('csrf_token', 's3');
    const fetchMock = mockContactsApi({
      [LIST]: () => listResponse([maria]),
      'POST /admin/api/sms-contacts': () => jsonResponse(contact({ id: 'c-9', status: 'pending' }), 201),
    });
    renderApp('/admin/sms-contacts');
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Maria Lopez');
    await user.click(screen.getByRole('button', { name: 'Add Contact' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Contact' }));
    expectShown(dialog.getByText(/They stay Pending and receive no alerts until they reply YES/));

    await user.click(dialog.getByRole('button', { name: 'Add Contact' }));
    // The phone checks load with the first use of the field or the first submit (decision 0062).
    expectShown(await dialog.findByText('Phone number is required'));
    expectShown(dialog.getByText('Please select at least one alert type'));
    expectShown(dialog.getByText('Please confirm that this person agreed to receive SMS alerts.'));

    await user.type(dialog.getByLabelText('Name'), 'Ana Díaz');
    await user.type(dialog.getByLabelText(/^Phone Number/), '4155550111');
    await user.click(
      within(dialog.getByRole('group', { name: 'Alert' })).getByRole('checkbox', { name: 'Subscribe' }),
    );
    await user.click(dialog.getByRole('button', { name: 'Add Contact' }));
    expectShown(dialog.getByText('Please confirm that this person agreed to receive SMS alerts.'));
    expect(callsTo(fetchMock, 'POST', '/admin/api/sms-contacts')).toHaveLength(0);

    const listCalls = callsTo(fetchMock, 'GET', '/admin/api/sms-contacts').length;
    await user.click(
      dialog.getByRole('checkbox', {
        name: 'I confirm this person agreed to receive SMS alerts from Demo Radio and I can show their consent if asked.',
      }),
    );
    await user.click(dialog.getByRole('button', { name: 'Add Contact' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'POST', '/admin/api/sms-contacts')[0]?.body).toEqual({
      name: 'Ana Díaz',
      phone: '+14155550111',
      message_preferences: {
        emergency: { subscribed: false, language: 'en' },
        alert: { subscribed: true, language: 'en' },
        station: { subscribed: false, language: 'en' },
        informational: { subscribed: false, language: 'en' },
      },
      consent_attested: true,
    });
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET', '/admin/api/sms-contacts').length).toBeGreaterThan(listCalls),
    );
  });

  it('keeps a British number as typed in Add Contact, refuses it and sends nothing', async () => {
    setCookie('csrf_token', 's5');
    const fetchMock = mockContactsApi({ [LIST]: () => listResponse([maria]) });
    renderApp('/admin/sms-contacts');
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Maria Lopez');
    await user.click(screen.getByRole('button', { name: 'Add Contact' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Contact' }));
    const phone = dialog.getByLabelText(/^Phone Number/) as HTMLInputElement;
    await user.type(phone, '+44 20 7946 0958');
    expect(phone).toHaveValue('+44 20 7946 0958');
    await user.click(within(dialog.getByRole('group', { name: 'Emergency' })).getByRole('checkbox'));
    await user.click(dialog.getByRole('checkbox', { name: /I confirm this person agreed/ }));
    await user.click(dialog.getByRole('button', { name: 'Add Contact' }));

    expectShown(await dialog.findByText('Only US phone numbers (+1) can be used.'));
    expect(phone).toHaveValue('+44 20 7946 0958');
    expect(callsTo(fetchMock, 'POST', '/admin/api/sms-contacts')).toHaveLength(0);

    await user.clear(phone);
    await user.type(phone, '+33 7 81 23 45 67');
    expect(phone).toHaveValue('+33 7 81 23 45 67');
    await user.click(dialog.getByRole('button', { name: 'Add Contact' }));
    expectShown(dialog.getByText('Only US phone numbers (+1) can be used.'));
    expect(callsTo(fetchMock, 'POST', '/admin/api/sms-contacts')).toHaveLength(0);
  });

  it("shows the server's refusal in the Add Contact dialog", async () => {
    setCookie('csrf_token', 's4');
    mockContactsApi({
      [LIST]: () => listResponse([maria]),
      'POST /admin/api/sms-contacts': () =>
        jsonResponse({ error: 'This number has opted out. Only the person can opt back in.' }, 409),
    });
    renderApp('/admin/sms-contacts');
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Maria Lopez');
    await user.click(screen.getByRole('button', { name: 'Add Contact' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByLabelText(/^Phone Number/), '4155550134');
    await user.click(within(dialog.getByRole('group', { name: 'Emergency' })).getByRole('checkbox'));
    await user.click(dialog.getByRole('checkbox', { name: /I confirm this person agreed/ }));
    await user.click(dialog.getByRole('button', { name: 'Add Contact' }));
    expect(
      await dialog.findByText('This number has opted out. Only the person can opt back in.'),
    ).toBeVisible();
  });
});
