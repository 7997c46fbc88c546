import type { TAuditEntry, TAuditPage } from '@message-station/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { fileSaver } from '../../lib/save-file';
import { callsTo, mockApi, type TApiHandler } from '../../test/api-mock';
import { jsonResponse, renderApp, sessionUser } from '../../test/render-app';
import { expectShown } from '../../test/shown';
import { signedInAdmin, stationUser } from '../../test/users-test-helpers';

function entry(overrides: Partial<TAuditEntry>): TAuditEntry {
  return {
    id: 'a-1',
    created_at: '2026-11-23T18:05:00.000Z',
    action: 'user.updated',
    actor: { user_id: 'user-1', email: 'ana@demoradio.org', full_name: 'Ana Rivera', is_superadmin: false },
    target_type: 'user',
    target_id: 'user-2',
    details: {},
    ip: '203.0.113.7',
    user_agent: 'Mozilla/5.0 (Test)',
    ...overrides,
  };
}

const edited = entry({
  details: {
    label: 'maria@demoradio.org',
    before: { full_name: 'Maria Lopez', api_access_enabled: true },
    after: { full_name: 'Maria Lopez-Park', api_access_enabled: false },
  },
});
const superadminView = entry({
  id: 'a-2',
  created_at: '2026-11-23T18:00:00.000Z',
  action: 'message.sms_sent',
  actor: { user_id: 'sa-1', email: 'ops@service.test', full_name: 'Sam Operator', is_superadmin: true },
  target_type: 'message',
  target_id: 'm-1',
  details: { label: 'Storm warning', count: 12, credits: 24, waiting: 0 },
  ip: '198.51.100.4',
});
const failedSignIn = entry({
  id: 'a-3',
  created_at: '2026-11-23T17:00:00.000Z',
  action: 'auth.sign_in_failed',
  actor: null,
  details: { label: 'maria@demoradio.org' },
  ip: '192.0.2.50',
});

function page(entries: TAuditEntry[], nextCursor: string | null = null): TAuditPage {
  return { entries, next_cursor: nextCursor };
}

function auditApi(audit: TApiHandler, extra: Record<string, TApiHandler> = {}) {
  return mockApi({
    'GET /auth/session': () => jsonResponse(sessionUser()),
    'GET /admin/api/users': () => jsonResponse([signedInAdmin(), stationUser()]),
    'GET /admin/api/audit': audit,
    ...extra,
  });
}

const rowOf = (text: string) => {
  const row = within(screen.getByRole('table')).getByText(text).closest('tr');
  if (!row) throw new Error(`no row for ${text}`);
  return within(row as HTMLElement);
};

describe('AuditPage', () => {
  it('words each entry from its code: who, the Superadmin badge, the action, the target and the address', async () => {
    auditApi(() => jsonResponse(page([edited, superadminView, failedSignIn])));
    renderApp('/admin/audit');

    expectShown(await screen.findByRole('heading', { level: 1, name: 'Audit' }));
    expect((await screen.findAllByRole('columnheader')).map((th) => th.textContent)).toEqual([
      'When',
      'Who',
      'Action',
      'Target',
      'From',
      'Details',
    ]);
    const first = rowOf('Edited user maria@demoradio.org');
    expectShown(first.getByText('Ana Rivera'));
    expectShown(first.getByText('User: maria@demoradio.org'));
    expectShown(first.getByText('203.0.113.7'));
    expect(first.queryByText('Superadmin')).not.toBeInTheDocument();

    const send = rowOf('Sent “Storm warning” by SMS to 12 contacts (24 credits)');
    expectShown(send.getByText('Sam Operator'));
    expectShown(send.getByText('Superadmin'));
    expectShown(send.getByText('198.51.100.4'));

    const failed = rowOf('Failed sign-in to maria@demoradio.org');
    expectShown(failed.getByText('Not signed in'));
    // The time in this browser's zone, from the instant the server sent.
    const at = new Date('2026-11-23T17:00:00.000Z');
    const time = failed.getByText(new Intl.DateTimeFormat('en', { timeStyle: 'medium' }).format(at));
    expectShown(failed.getByText(new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(at)));
    expect(time.closest('time')).toHaveAttribute('datetime', '2026-11-23T17:00:00.000Z');
  });

  it('opens the details of an edit: each changed field before → after', async () => {
    auditApi(() => jsonResponse(page([edited])));
    renderApp('/admin/audit');
    const user = userEvent.setup({ delay: null });
    const toggle = await screen.findByRole('button', { name: 'Show details' });
    expect(screen.queryByText('Maria Lopez-Park')).not.toBeInTheDocument();
    await user.click(toggle);

    const changes = screen.getByRole('table', { name: 'Details' });
    const nameRow = within(within(changes).getByText('full_name').closest('tr') as HTMLElement);
    expectShown(nameRow.getByText('Maria Lopez'));
    expectShown(nameRow.getByText('Maria Lopez-Park'));
    const accessRow = within(within(changes).getByText('api_access_enabled').closest('tr') as HTMLElement);
    expect(accessRow.getAllByRole('cell').map((td) => td.textContent)).toEqual([
      'api_access_enabled',
      'true',
      '→',
      'false',
    ]);
    expectShown(screen.getByText('Mozilla/5.0 (Test)'));
    await user.click(screen.getByRole('button', { name: 'Hide details' }));
    expect(screen.queryByText('Maria Lopez-Park')).not.toBeInTheDocument();
  });

  it('filters by action area and person, and asks for older entries with the cursor', async () => {
    const fetchMock = auditApi((url) => {
      if (url.searchParams.get('cursor') === 'older') return jsonResponse(page([failedSignIn]));
      if (url.searchParams.get('action') === 'user') return jsonResponse(page([edited], 'older'));
      return jsonResponse(page([edited, superadminView], null));
    });
    renderApp('/admin/audit');
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Sent “Storm warning” by SMS to 12 contacts (24 credits)');

    await user.click(screen.getByRole('combobox', { name: 'Action' }));
    await user.click(await screen.findByRole('option', { name: 'Users' }));
    await waitFor(() => expect(screen.queryByText(/Storm warning/)).not.toBeInTheDocument());
    expectShown(screen.getByText('Edited user maria@demoradio.org'));

    await user.click(screen.getByRole('button', { name: 'Show older entries' }));
    expectShown(await screen.findByText('Failed sign-in to maria@demoradio.org'));
    // Both pages stay on screen, and the last one ends the list.
    expectShown(screen.getByText('Edited user maria@demoradio.org'));
    expect(screen.queryByRole('button', { name: 'Show older entries' })).not.toBeInTheDocument();
    const olderCall = callsTo(fetchMock, 'GET', '/admin/api/audit').at(-1);
    expect(olderCall?.url.searchParams.get('action')).toBe('user');

    await user.click(screen.getByRole('combobox', { name: 'Who' }));
    await user.click(await screen.findByRole('option', { name: 'Maria Lopez' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET', '/admin/api/audit').at(-1)?.url.searchParams.get('actor')).toBe(
        'user-2',
      ),
    );
  });

  it('says when nothing is recorded, and when nothing matches the filters', async () => {
    auditApi(() => jsonResponse(page([])));
    renderApp('/admin/audit');
    expectShown(await screen.findByText('Nothing has been recorded yet.'));
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('combobox', { name: 'Action' }));
    await user.click(await screen.findByRole('option', { name: 'Billing' }));
    expectShown(await screen.findByText('No entries match these filters.'));
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expectShown(await screen.findByText('Nothing has been recorded yet.'));
  });

  it('exports the filtered log as the CSV file the server names', async () => {
    const save = vi.spyOn(fileSaver, 'save').mockImplementation(() => {});
    const fetchMock = auditApi(() => jsonResponse(page([edited])), {
      'GET /admin/api/audit.csv': () =>
        new Response('\uFEFFtime_utc\r\n', {
          headers: {
            'content-type': 'text/csv',
            'content-disposition': 'attachment; filename="audit-2026-11-23.csv"',
          },
        }),
    });
    renderApp('/admin/audit');
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Edited user maria@demoradio.org');
    await user.click(screen.getByRole('combobox', { name: 'Action' }));
    await user.click(await screen.findByRole('option', { name: 'Users' }));
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0]?.[1]).toBe('audit-2026-11-23.csv');
    expect(callsTo(fetchMock, 'GET', '/admin/api/audit.csv')[0]?.url.searchParams.get('action')).toBe('user');
  });

  it('is in the sidebar after Settings for admins only', async () => {
    auditApi(() => jsonResponse(page([])));
    renderApp('/admin/audit');
    const nav = await screen.findByRole('navigation', { name: 'Admin navigation' });
    const links = within(nav)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(links.indexOf('Audit')).toBe(links.indexOf('Settings') + 1);
  });

  it('turns a standard user away', async () => {
    mockApi({ 'GET /auth/session': () => jsonResponse(sessionUser({ role: 'user' })) });
    renderApp('/admin/audit');
    expectShown(await screen.findByText('You need administrator privileges to access this page.'));
    const nav = screen.getByRole('navigation', { name: 'Admin navigation' });
    expect(within(nav).queryByRole('link', { name: 'Audit' })).not.toBeInTheDocument();
  });

  it('speaks Spanish', async () => {
    await i18n.changeLanguage('es');
    auditApi(() => jsonResponse(page([edited, superadminView])));
    renderApp('/admin/audit');
    expectShown(await screen.findByText('Editó al usuario maria@demoradio.org'));
    expectShown(screen.getByText('Envió «Storm warning» por SMS a 12 contactos (24 créditos)'));
    expectShown(screen.getByRole('button', { name: 'Exportar CSV' }));
  });
});
