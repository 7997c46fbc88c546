import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TMessage } from '../../api/messages';
import i18n from '../../i18n';
import { formatDateTime } from '../../i18n/formats';
import { networkError } from '../../test/api-mock';
import { setCookie } from '../../test/cookies';
import {
  callsTo,
  installFakeEventSource,
  message,
  mockMessagesApi,
  TYPES,
  translation,
} from '../../test/messages-test-helpers';
import { jsonResponse, renderApp } from '../../test/render-app';
import { expectShown } from '../../test/shown';
import { STREAM_RECONNECT_MS } from './use-message-stream';

const LIST = 'GET /admin/api/messages';

function rowOf(text: string): HTMLElement {
  const row = screen.getByText(text).closest('tr');
  if (!row) throw new Error(`no row for ${text}`);
  return row as HTMLElement;
}

function badgeStatus(row: HTMLElement, language: string): string | null {
  return row.querySelector(`[data-language="${language}"]`)?.getAttribute('data-status') ?? null;
}

const closure = message({
  translations: [
    translation({ language_code: 'es' }),
    translation({
      language_code: 'fr',
      translated_text: null,
      translation_status: 'failed',
      error: 'No translation engine for en→fr: set DEEPL_API_KEY or another provider',
    }),
  ],
  target_languages: ['es', 'fr', 'de'],
});
const untitled = message({
  id: 'm-2',
  title: '',
  original: 'Station maintenance tonight.',
  message_type: 'station',
  createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  target_languages: ['es'],
  translations: [],
});

/** The message streams opened (the nav's inbox badge keeps a stream of its own). */
const messageStreams = (Source: { instances: { url: string }[] }) =>
  Source.instances.filter((source) => source.url === '/admin/api/messages/stream');

describe('MessagesPage', () => {
  it('names the types in the interface language the list gives for them', async () => {
    installFakeEventSource();
    const spanish: Record<string, string> = { alert: 'Alerta', station: 'Estación' };
    mockMessagesApi({
      [LIST]: () => jsonResponse([closure, untitled]),
      'GET /admin/api/message-types': () =>
        jsonResponse(
          TYPES.map((type) => ({
            ...type,
            names: {
              en: { display_name: type.display_name, description: type.description },
              es: { display_name: spanish[type.message_type] ?? type.display_name, description: 'x' },
            },
          })),
        ),
    });
    renderApp('/admin/messages');
    await screen.findByText('Road closure');
    expectShown(within(rowOf('Road closure')).getByText('Alert'));
    await act(() => i18n.changeLanguage('es'));
    expectShown(await within(rowOf('Road closure')).findByText('Alerta'));
    expectShown(within(rowOf('Station maintenance tonight.')).getByText('Estación'));
    await act(() => i18n.changeLanguage('en'));
    expectShown(await within(rowOf('Road closure')).findByText('Alert'));
  });

  it('lists messages with titles, content, translation badges, age and type', async () => {
    installFakeEventSource();
    mockMessagesApi({ [LIST]: () => jsonResponse([closure, untitled]) });
    renderApp('/admin/messages');

    expect(await screen.findByText('Road closure')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Title',
      'Content',
      'Translations',
      'Created',
      'Type',
      'SMS',
      'Actions',
    ]);
    const row = rowOf('Road closure');
    expect(within(row).getByText('Main Street is closed until 5 PM.')).toBeVisible();
    expect(badgeStatus(row, 'es')).toBe('completed');
    expect(badgeStatus(row, 'fr')).toBe('failed');
    // A target without a translation row yet is pending.
    expect(badgeStatus(row, 'de')).toBe('pending');
    expect(within(row).getByText('Just now')).toBeVisible();
    expect(within(row).getByText('Alert')).toBeVisible();
    expect(within(row).getByRole('button', { name: 'Details' })).toBeVisible();

    const second = rowOf('Station maintenance tonight.');
    expect(within(second).getByText('Untitled')).toBeVisible();
    expect(within(second).getByText('5m ago')).toBeVisible();
    expect(badgeStatus(second, 'es')).toBe('pending');
    expect(within(second).getByText('Station')).toBeVisible();
  });

  it('says where each message’s latest SMS send stands, live, in the interface language', async () => {
    const sent = (counts: Partial<NonNullable<TMessage['last_send']>>) => ({
      sent_at: '2026-11-27T15:04:00.000Z',
      recipients: 14,
      in_flight: 0,
      held: 0,
      sent: 0,
      delivered: 0,
      failed: 0,
      ...counts,
    });
    let sending = sent({ in_flight: 9, sent: 3, delivered: 1, failed: 1 });
    const list = () => [
      message({ id: 'm-1', original: 'Never sent.', last_send: null }),
      message({ id: 'm-2', original: 'Going out.', last_send: sending }),
      message({ id: 'm-3', original: 'At night.', last_send: sent({ in_flight: 10, held: 10, sent: 4 }) }),
      message({ id: 'm-4', original: 'Done.', last_send: sent({ sent: 2, delivered: 10, failed: 2 }) }),
      message({ id: 'm-5', original: 'All there.', last_send: sent({ delivered: 14 }) }),
    ];
    const Source = installFakeEventSource();
    mockMessagesApi({ [LIST]: () => jsonResponse(list()) });
    renderApp('/admin/messages');
    await screen.findByText('Never sent.');
    const column = () =>
      ['Never sent.', 'Going out.', 'At night.', 'Done.', 'All there.'].map(
        (text) => rowOf(text).querySelector('[data-send-state]')?.textContent,
      );
    expect(column()).toEqual([
      'Not sent',
      'Sending 35%',
      'Waiting for daytime',
      'Sent 12/14 · 2 failed',
      'Sent 14/14',
    ]);
    expect(rowOf('Done.').querySelector('[data-send-state]')).toHaveAttribute(
      'title',
      `Last sent ${formatDateTime('2026-11-27T15:04:00.000Z', 'en')}`,
    );

    // The stream says the texts moved: the column follows.
    sending = sent({ sent: 13, failed: 1 });
    Source.at('/admin/api/messages/stream').emit('sms_progress', { message_id: 'm-2' });
    await waitFor(() => expect(column()[1]).toBe('Sent 13/14 · 1 failed'));

    await act(() => i18n.changeLanguage('es'));
    try {
      expect(column()).toEqual([
        'No enviado',
        'Enviado 13/14 · 1 fallido',
        'Esperando el horario diurno',
        'Enviado 12/14 · 2 fallidos',
        'Enviado 14/14',
      ]);
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it('shows the failure reason of a failed translation as the badge tooltip', async () => {
    installFakeEventSource();
    mockMessagesApi({ [LIST]: () => jsonResponse([closure]) });
    renderApp('/admin/messages');
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Road closure');
    const badge = rowOf('Road closure').querySelector('[data-language="fr"]') as HTMLElement;
    await user.hover(badge);
    expect(
      await screen.findByText('No translation engine for en→fr: set DEEPL_API_KEY or another provider'),
    ).toBeVisible();
  });

  it('says when there are no messages, and when none match the search or type', async () => {
    installFakeEventSource();
    const fetchMock = mockMessagesApi({ [LIST]: () => jsonResponse([]) });
    renderApp('/admin/messages');
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByText('No messages yet.')).toBeVisible();

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'flood');
    expect(await screen.findByText('No messages match your search or type filter.')).toBeVisible();
    const searches = callsTo(fetchMock, 'GET', '/admin/api/messages').map((c) =>
      c.url.searchParams.get('search'),
    );
    expect(searches.at(-1)).toBe('flood');
    // Debounced: no request for each keystroke.
    expect(searches).not.toContain('f');

    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    expect(
      within(screen.getByRole('combobox', { name: 'Type' }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All Types', 'Emergency', 'Alert', 'Station']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'emergency');
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET', '/admin/api/messages').at(-1)?.url.searchParams.get('type')).toBe(
        'emergency',
      ),
    );
    expect(await screen.findByText('No messages match your search or type filter.')).toBeVisible();
  });

  it('shows the stream state: Connecting, Live, Reconnecting, Offline, and connects again after 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const Source = installFakeEventSource();
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      mockMessagesApi({ [LIST]: () => jsonResponse([closure]) });
      renderApp('/admin/messages');
      const indicator = await screen.findByRole('status', { name: 'Live updates: Connecting' });
      expect(indicator.textContent).toBe('Connecting');
      expect(Source.latest().url).toBe('/admin/api/messages/stream');

      Source.latest().emit('connected', { station_id: 'station-1' });
      expect(await screen.findByRole('status', { name: 'Live updates: Live' })).toBeVisible();

      Source.latest().fail('retrying');
      expect(await screen.findByRole('status', { name: 'Live updates: Reconnecting' })).toBeVisible();
      Source.latest().emit('connected', { station_id: 'station-1' });
      expect(await screen.findByRole('status', { name: 'Live updates: Live' })).toBeVisible();

      Source.latest().fail('closed');
      expect(await screen.findByRole('status', { name: 'Live updates: Offline' })).toBeVisible();
      expect(messageStreams(Source)).toHaveLength(1);
      vi.advanceTimersByTime(STREAM_RECONNECT_MS - 100);
      expect(messageStreams(Source)).toHaveLength(1);
      vi.advanceTimersByTime(200);
      await waitFor(() => expect(messageStreams(Source)).toHaveLength(2));
      expect(await screen.findByRole('status', { name: 'Live updates: Connecting' })).toBeVisible();
      Source.latest().emit('connected', { station_id: 'station-1' });
      expect(await screen.findByRole('status', { name: 'Live updates: Live' })).toBeVisible();
    } finally {
      vi.useRealTimers();
    }
  });

  it('stays Offline when the server closed the stream for newer tabs, and connects again when shown', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const Source = installFakeEventSource();
      mockMessagesApi({ [LIST]: () => jsonResponse([closure]) });
      renderApp('/admin/messages');
      await screen.findByRole('status', { name: 'Live updates: Connecting' });
      Source.latest().emit('connected', { station_id: 'station-1' });
      await screen.findByRole('status', { name: 'Live updates: Live' });

      Source.latest().emit('stream_closed', { reason: 'too_many_streams' });
      expectShown(await screen.findByRole('status', { name: 'Live updates: Offline' }));
      expect(Source.latest().readyState).toBe(Source.CLOSED);
      // No reconnection on the usual timer: that would close another of the user's tabs.
      act(() => vi.advanceTimersByTime(STREAM_RECONNECT_MS * 2));
      expect(messageStreams(Source)).toHaveLength(1);

      act(() => document.dispatchEvent(new Event('visibilitychange')));
      await waitFor(() => expect(messageStreams(Source)).toHaveLength(2));
      Source.latest().emit('connected', { station_id: 'station-1' });
      expectShown(await screen.findByRole('status', { name: 'Live updates: Live' }));
    } finally {
      vi.useRealTimers();
    }
  });

  it('refetches the messages on a stream event: a message created in another tab appears', async () => {
    const Source = installFakeEventSource();
    let list = [closure];
    const fetchMock = mockMessagesApi({ [LIST]: () => jsonResponse(list) });
    renderApp('/admin/messages');
    await screen.findByText('Road closure');
    Source.latest().emit('connected', { station_id: 'station-1' });
    const before = callsTo(fetchMock, 'GET', '/admin/api/messages').length;

    list = [message({ id: 'm-3', title: 'Flood watch', original: 'River levels rising.' }), closure];
    Source.latest().emit('message_created', { message_id: 'm-3' });
    expect(await screen.findByText('Flood watch')).toBeVisible();
    expect(callsTo(fetchMock, 'GET', '/admin/api/messages').length).toBe(before + 1);

    list = [{ ...closure, translations: [translation({ language_code: 'es' })], target_languages: ['es'] }];
    Source.latest().emit('translation_updated', {
      message_id: 'm-1',
      language_code: 'fr',
      translation_status: 'completed',
    });
    await waitFor(() => expect(screen.queryByText('Flood watch')).not.toBeInTheDocument());
  });
});

describe('Add Message', () => {
  async function openForm() {
    installFakeEventSource();
    const user = userEvent.setup({ delay: null });
    await screen.findByText('No messages yet.');
    await user.click(screen.getByRole('button', { name: 'Add Message' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New Message' }));
    return { user, dialog };
  }

  function chip(dialog: ReturnType<typeof within>, name: string) {
    return dialog.queryByRole('checkbox', { name }) as HTMLInputElement | null;
  }

  it('preselects the station languages other than the original; changing the original removes it', async () => {
    mockMessagesApi({ [LIST]: () => jsonResponse([]) });
    renderApp('/admin/messages');
    const { user, dialog } = await openForm();

    expect(dialog.getByRole('combobox', { name: 'Original Language' })).toHaveValue('en');
    expect(dialog.getByRole('combobox', { name: 'Type' })).toHaveValue('emergency');
    // The station's active languages only (en, es, fr; de off).
    const pills = within(dialog.getByRole('group', { name: 'Target Languages' }))
      .getAllByRole('checkbox')
      .map((input) => [input.closest('div')?.textContent, (input as HTMLInputElement).checked]);
    expect(pills).toEqual([
      ['Spanish', true],
      ['French', true],
    ]);
    expect(chip(dialog, 'English')).toBeNull();

    await user.selectOptions(dialog.getByRole('combobox', { name: 'Original Language' }), 'es');
    expect(chip(dialog, 'Spanish')).toBeNull();
    expect(chip(dialog, 'English')).not.toBeChecked();
    expect(chip(dialog, 'French')).toBeChecked();

    await user.click(chip(dialog, 'French') as HTMLInputElement);
    const submit = dialog.getByRole('button', { name: 'Create Message' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    expect(dialog.getByText('Please select at least one target language')).toBeVisible();
    await user.click(chip(dialog, 'English') as HTMLInputElement);
    expect(submit.disabled).toBe(false);
    expect(dialog.queryByText('Please select at least one target language')).not.toBeInTheDocument();
  });

  it('requires a title and text, then creates the message and closes', async () => {
    setCookie('csrf_token', 'm1');
    let list: unknown[] = [];
    const created = message({ id: 'm-9', title: 'Flood watch' });
    const fetchMock = mockMessagesApi({
      [LIST]: () => jsonResponse(list),
      'POST /admin/api/messages': () => {
        list = [created];
        return jsonResponse(created, 201);
      },
    });
    renderApp('/admin/messages');
    const { user, dialog } = await openForm();

    await user.type(dialog.getByRole('textbox', { name: /^Title/ }), '   ');
    await user.click(dialog.getByRole('button', { name: 'Create Message' }));
    expect(dialog.getByText('Please fill in all required fields')).toBeVisible();
    expect(callsTo(fetchMock, 'POST', '/admin/api/messages')).toHaveLength(0);

    await user.type(dialog.getByRole('textbox', { name: /^Title/ }), 'Flood watch');
    await user.type(dialog.getByRole('textbox', { name: /^Original Text/ }), 'River levels rising.');
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Type' }), 'alert');
    await user.click(dialog.getByRole('button', { name: 'Create Message' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'POST', '/admin/api/messages')[0]?.body).toEqual({
      title: 'Flood watch',
      original: 'River levels rising.',
      original_language: 'en',
      target_languages: ['es', 'fr'],
      message_type: 'alert',
    });
    expect(await screen.findByText('Flood watch')).toBeVisible();
  });

  it("shows the server's refusal, and the network fallback", async () => {
    setCookie('csrf_token', 'm2');
    let reply: () => Response | Promise<Response> = async () =>
      jsonResponse({ error: 'The original language cannot be a target language.' }, 400);
    mockMessagesApi({
      [LIST]: () => jsonResponse([]),
      'POST /admin/api/messages': () => reply(),
    });
    renderApp('/admin/messages');
    const { user, dialog } = await openForm();
    await user.type(dialog.getByRole('textbox', { name: /^Title/ }), 'Test');
    await user.type(dialog.getByRole('textbox', { name: /^Original Text/ }), 'Hello');
    await user.click(dialog.getByRole('button', { name: 'Create Message' }));
    expect(await dialog.findByText('The original language cannot be a target language.')).toBeVisible();

    reply = networkError;
    await user.click(dialog.getByRole('button', { name: 'Create Message' }));
    expect(await dialog.findByText('Failed to create message. Please try again.')).toBeVisible();
    expect(screen.getByRole('dialog')).toBeVisible();
  });
});
