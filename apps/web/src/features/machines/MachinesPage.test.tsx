import { formatLastSeen } from '@message-station/shared';
import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { applyClientEvent, voicePairs } from '../../lib/clients-list';
import { pageReload } from '../../lib/page-reload';
import { CLIENT_STREAM_RELOAD_MS } from '../../lib/use-connected-clients';
import { clientsStream, connectedClient, linuxBox, mockMachinesApi } from '../../test/machines-test-helpers';
import { installFakeEventSource } from '../../test/messages-test-helpers';
import { phoneWidth } from '../../test/phone-width';
import { jsonResponse, renderApp } from '../../test/render-app';
import { expectShown } from '../../test/shown';
import { useLastSeenText } from './last-seen';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

function rowOf(name: string) {
  return within(screen.getByText(name).closest('tr') as HTMLElement);
}

function cells(name: string): string[] {
  return Array.from((screen.getByText(name).closest('tr') as HTMLElement).querySelectorAll('td')).map(
    (td) => td.textContent ?? '',
  );
}

function rowNames(): string[] {
  return Array.from(document.querySelectorAll('tbody tr')).map(
    (row) => row.querySelector('td')?.textContent ?? '',
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe('MachinesPage', () => {
  it('shows the loading text until the list arrives, then the columns and each machine', async () => {
    installFakeEventSource();
    let answer: (response: Response) => void = () => {};
    mockMachinesApi([], {
      'GET /admin/api/clients': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderApp('/admin/machines');
    expect(await screen.findByRole('heading', { level: 1, name: 'Machines' })).toBeVisible();
    expect(await screen.findByText('Loading connected machines...')).toBeVisible();
    // The page's one heading that says Machines: the title.
    expect(screen.getAllByRole('heading', { name: /machines/i })).toHaveLength(1);

    const seenEarlier = connectedClient({ last_seen: new Date(Date.now() - 3 * HOUR).toISOString() });
    answer(jsonResponse({ clients: [seenEarlier, linuxBox()] }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Connected Now (2)' })).toBeVisible();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Client Name',
      'Platform',
      'Audio Device',
      'Voices',
      'Version',
      'Last Seen',
    ]);
    expect(cells('Studio Mac')).toEqual([
      'Studio Mac',
      'macOS 14.5 (arm64)',
      'MacBook Pro Speakers',
      'EN: Samantha, ES: Paulina',
      '2.0.1',
      '3h ago',
    ]);
    expect(cells('Front Desk PC')).toEqual([
      'Front Desk PC',
      'Linux (x64)',
      'Default',
      'Not configured',
      '2.0.0',
      'Just now',
    ]);
    // How to connect a machine points at the Download page.
    expect(screen.getByRole('link', { name: 'Download page' })).toHaveAttribute('href', '/admin/download');
  });

  it('says no machine is connected and links to the desktop app', async () => {
    installFakeEventSource();
    mockMachinesApi([]);
    renderApp('/admin/machines');
    expect(
      await screen.findByText(
        'No machines currently connected. Launch the Message Station desktop app to see it here.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Get the Desktop App' })).toHaveAttribute(
      'href',
      '/admin/download',
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('treats a list that cannot load as empty', async () => {
    installFakeEventSource();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockMachinesApi([], { 'GET /admin/api/clients': () => jsonResponse({ error: 'Boom' }, 500) });
    renderApp('/admin/machines');
    expect(await screen.findByText(/No machines currently connected/)).toBeVisible();
  });

  it('applies the stream: connected, client_connected, client_disconnected, client_updated', async () => {
    installFakeEventSource();
    mockMachinesApi([connectedClient()]);
    renderApp('/admin/machines');
    await screen.findByText('Studio Mac');
    const stream = clientsStream();
    expect(screen.getByRole('status', { name: 'Live updates: Connecting' })).toBeVisible();

    // The full list replaces what the GET gave.
    stream.emit('connected', { clients: [connectedClient(), linuxBox()] });
    expect(screen.getByRole('status', { name: 'Live updates: Live' })).toBeVisible();
    expect(rowNames()).toEqual(['Studio Mac', 'Front Desk PC']);

    const newsroom = connectedClient({
      client_id: 'client-newsroom',
      client_name: 'Newsroom',
      platform: 'Windows 11 (x64)',
    });
    stream.emit('client_connected', newsroom);
    stream.emit('client_connected', newsroom);
    await waitFor(() => expect(rowNames()).toEqual(['Studio Mac', 'Front Desk PC', 'Newsroom']));
    expect(screen.getByRole('heading', { level: 2, name: 'Connected Now (3)' })).toBeVisible();

    stream.emit('client_disconnected', { client_id: 'client-studio-mac' });
    await waitFor(() => expect(rowNames()).toEqual(['Front Desk PC', 'Newsroom']));

    stream.emit('client_updated', {
      client_id: 'client-front-desk',
      voices: { en: 'en-us', es: 'es-419' },
      audio_output_device: 'USB Audio CODEC',
      last_seen: new Date(Date.now() - 5 * MINUTE).toISOString(),
    });
    await waitFor(() => expect(cells('Front Desk PC')[2]).toBe('USB Audio CODEC'));
    expect(cells('Front Desk PC')).toEqual([
      'Front Desk PC',
      'Linux (x64)',
      'USB Audio CODEC',
      'EN: en-us, ES: es-419',
      '2.0.0',
      '5m ago',
    ]);

    stream.emit('client_disconnected', { client_id: 'client-front-desk' });
    stream.emit('client_disconnected', { client_id: 'client-newsroom' });
    expect(await screen.findByText(/No machines currently connected/)).toBeVisible();
  });

  /** The Machines page with its stream live; page reloads are counted, not made. */
  async function liveMachinesPage() {
    const Source = installFakeEventSource();
    const reload = vi.spyOn(pageReload, 'reload').mockImplementation(() => {});
    mockMachinesApi([connectedClient()]);
    renderApp('/admin/machines');
    await screen.findByText('Studio Mac');
    const stream = clientsStream();
    stream.emit('connected', { clients: [connectedClient()] });
    return { Source, reload, stream };
  }

  it('closes the stream on an error and reloads the page 5 seconds later', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { reload, stream } = await liveMachinesPage();

    vi.useFakeTimers();
    stream.fail('retrying');
    expect(stream.readyState).toBe(2);
    expect(screen.getByRole('status', { name: 'Live updates: Reconnecting' })).toBeVisible();
    act(() => vi.advanceTimersByTime(CLIENT_STREAM_RELOAD_MS - 1));
    expect(reload).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('stays Offline without reloading when the server closed the stream for newer tabs, until shown', async () => {
    const { Source, reload, stream } = await liveMachinesPage();
    const opened = Source.instances.length;
    vi.useFakeTimers();
    stream.emit('stream_closed', { reason: 'too_many_streams' });
    expect(stream.readyState).toBe(2);
    expectShown(screen.getByRole('status', { name: 'Live updates: Offline' }));
    act(() => vi.advanceTimersByTime(CLIENT_STREAM_RELOAD_MS * 2));
    expect(reload).not.toHaveBeenCalled();
    expect(Source.instances).toHaveLength(opened);
    vi.useRealTimers();

    act(() => document.dispatchEvent(new Event('visibilitychange')));
    expect(Source.instances).toHaveLength(opened + 1);
    expect(clientsStream()).not.toBe(stream);
    expect(reload).not.toHaveBeenCalled();
  });

  it('moves Last Seen on every 30 seconds', async () => {
    installFakeEventSource();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockMachinesApi([connectedClient({ last_seen: new Date(Date.now() - 40_000).toISOString() })]);
    renderApp('/admin/machines');
    await screen.findByText('Studio Mac');
    expect(rowOf('Studio Mac').getByText('Just now')).toBeVisible();
    act(() => vi.advanceTimersByTime(30_000));
    await waitFor(() => expect(rowOf('Studio Mac').getByText('1m ago')).toBeVisible());
  });

  it('speaks Spanish', async () => {
    installFakeEventSource();
    await i18n.changeLanguage('es');
    mockMachinesApi([linuxBox()]);
    renderApp('/admin/machines');
    expect(await screen.findByRole('heading', { level: 1, name: 'Equipos' })).toBeVisible();
    await screen.findByText('Front Desk PC');
    expect(cells('Front Desk PC')).toEqual([
      'Front Desk PC',
      'Linux (x64)',
      'Predeterminado',
      'Sin configurar',
      '2.0.0',
      'Justo ahora',
    ]);
  });
});

describe('MachinesPage on a phone', () => {
  it('shows one card per machine with the same fields, and no table', async () => {
    phoneWidth();
    installFakeEventSource();
    mockMachinesApi([connectedClient(), linuxBox()]);
    renderApp('/admin/machines');
    expect(await screen.findByRole('heading', { level: 2, name: 'Connected Now (2)' })).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    const mac = within(screen.getByRole('article', { name: 'Studio Mac' }));
    const fields = (card: typeof mac) =>
      card.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(fields(mac)).toEqual([
      ['Platform', 'macOS 14.5 (arm64)'],
      ['Audio Device', 'MacBook Pro Speakers'],
      ['Version', '2.0.1'],
      ['Last Seen', 'Just now'],
      ['Voices', 'EN: Samantha, ES: Paulina'],
    ]);
    const linux = within(screen.getByRole('article', { name: 'Front Desk PC' }));
    expectShown(linux.getByText('Default'));
    expectShown(linux.getByText('Not configured'));
  });
});

describe('clients list', () => {
  it('says Last Seen in English exactly as the shared formatLastSeen does', () => {
    const { result } = renderHook(() => useLastSeenText());
    const now = new Date('2026-11-22T12:00:00Z');
    for (const elapsed of [0, 10_000, MINUTE, 59 * MINUTE, HOUR, 23 * HOUR, 25 * HOUR, 40 * 24 * HOUR]) {
      const at = new Date(now.getTime() - elapsed).toISOString();
      expect(result.current(at, now.getTime())).toBe(formatLastSeen(at, now));
    }
    expect(result.current(new Date(now.getTime() - 25 * HOUR).toISOString(), now.getTime())).toBe(
      '11/21/2026',
    );
  });

  it('ignores changes before the first full list and malformed events', () => {
    expect(applyClientEvent(undefined, 'client_connected', connectedClient())).toBeUndefined();
    const list = [connectedClient()];
    expect(applyClientEvent(list, 'client_updated', { voices: {} })).toBe(list);
    expect(applyClientEvent(list, 'connected', { nope: true })).toBe(list);
    expect(voicePairs({ en: 'en-us', fr: '' })).toBe('EN: en-us');
  });
});
