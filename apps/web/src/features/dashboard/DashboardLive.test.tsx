import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TApiMock } from '../../test/api-mock';
import { installFakeEventSource } from '../../test/messages-test-helpers';
import { jsonResponse, renderApp } from '../../test/render-app';
import { callCount, dashboardStats, firstRun, mockDashboardApi } from './dashboard-test-helpers';
import { DASHBOARD_REFETCH_MS } from './use-dashboard-stream';

const STREAM = '/admin/api/dashboard/stream';
const READS = {
  stats: '/admin/api/dashboard-stats',
  firstRun: '/admin/api/dashboard/first-run',
  activity: '/admin/api/activity',
  messages: '/admin/api/messages',
} as const;

/** How many times each part of the dashboard was read so far. */
function reads(api: TApiMock) {
  return Object.fromEntries(
    Object.entries(READS).map(([part, path]) => [part, callCount(api, 'GET', path)]),
  ) as Record<keyof typeof READS, number>;
}

/** Every part read once more than `before`. */
const eachOnceMore = (before: ReturnType<typeof reads>) =>
  Object.fromEntries(Object.entries(before).map(([part, count]) => [part, count + 1]));

/** A new station's dashboard, its subscribers and first-run step as the server has them now. */
async function newStationDashboard() {
  const Source = installFakeEventSource();
  const station = { active: 0 };
  const api = mockDashboardApi({
    'GET /admin/api/dashboard-stats': () =>
      jsonResponse(
        dashboardStats({ stats: { subscriberCount: station.active, activeSubscribers: station.active } }),
      ),
    'GET /admin/api/dashboard/first-run': () =>
      jsonResponse(firstRun(station.active > 0 ? ['sms_enabled', 'first_subscriber'] : ['sms_enabled'])),
  });
  const { router } = renderApp('/admin/dashboard');
  const subscribers = within(await screen.findByRole('region', { name: 'SMS Subscribers' }));
  await screen.findByRole('region', { name: 'Get your station ready' });
  const stream = Source.at(STREAM);
  stream.emit('connected', { station_id: 'station-1' });
  await waitFor(() => expect(reads(api).messages).toBe(1));
  return { api, station, stream, subscribers, Source, router };
}

const firstSubscriberStep = () => document.querySelector('[data-first-run-step="first_subscriber"]');

describe('the live dashboard', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the first subscriber and its step done when the station’s contacts change, without a reload', async () => {
    const { api, station, stream, subscribers } = await newStationDashboard();
    expect(subscribers.getByText('Active, of 0 contacts')).toBeVisible();
    expect(firstSubscriberStep()).toHaveAttribute('data-done', 'false');
    const before = reads(api);

    station.active = 1;
    stream.emit('contacts_changed');
    expect(await subscribers.findByText('Active, of 1 contacts')).toBeVisible();
    await waitFor(() => expect(firstSubscriberStep()).toHaveAttribute('data-done', 'true'));
    // Contacts change no message and no text: those parts are not read again.
    expect(reads(api)).toEqual({ ...before, stats: before.stats + 1, firstRun: before.firstRun + 1 });
  });

  it('reads the messages, the checklist and the activity again when a message is written elsewhere', async () => {
    const { api, stream } = await newStationDashboard();
    const before = reads(api);
    stream.emit('message_created', { message_id: 'm-9' });
    await waitFor(() => expect(reads(api)).toEqual(eachOnceMore(before)));
  });

  it('reads each part at most once a second however many events come', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api, stream } = await newStationDashboard();
    const before = reads(api);
    // A send to thousands reports every batch it hands over.
    for (let batch = 0; batch < 25; batch++) stream.emit('sms_progress', { message_id: 'm-1' });
    await waitFor(() => expect(reads(api).stats).toBe(before.stats + 1));
    await waitFor(() => expect(reads(api).activity).toBe(before.activity + 1));

    for (let batch = 0; batch < 25; batch++) stream.emit('sms_progress', { message_id: 'm-1' });
    stream.emit('contacts_changed');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(DASHBOARD_REFETCH_MS / 2);
    });
    expect(reads(api)).toEqual({ ...before, stats: before.stats + 1, activity: before.activity + 1 });

    await act(async () => {
      await vi.advanceTimersByTimeAsync(DASHBOARD_REFETCH_MS);
    });
    await waitFor(() =>
      expect(reads(api)).toEqual({
        ...before,
        stats: before.stats + 2,
        activity: before.activity + 2,
        firstRun: before.firstRun + 1,
      }),
    );
    await act(async () => {
      await vi.advanceTimersByTimeAsync(DASHBOARD_REFETCH_MS * 3);
    });
    expect(reads(api).stats).toBe(before.stats + 2);
  });

  it('reads everything again once it reconnects, for what happened while away', async () => {
    const { api, stream } = await newStationDashboard();
    const before = reads(api);
    stream.fail('retrying');
    stream.emit('connected', { station_id: 'station-1' });
    await waitFor(() => expect(reads(api)).toEqual(eachOnceMore(before)));
  });

  it('closes its stream when the user leaves the dashboard', async () => {
    const { Source, stream, router } = await newStationDashboard();
    expect(stream.readyState).not.toBe(Source.CLOSED);
    await act(() => router.navigate('/admin/messages'));
    await waitFor(() => expect(stream.readyState).toBe(Source.CLOSED));
  });
});
