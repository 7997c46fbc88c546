import type { TWeatherAlert, TWeatherSettings, TWeatherSettingsRequest } from '@message-station/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodiesSentTo } from '../../test/api-mock';
import { jsonResponse, mockSession, renderApp, sessionUser } from '../../test/render-app';

const SETTINGS: TWeatherSettings = {
  enabled: true,
  zones: [{ id: 'OKC029', name: 'Coal' }],
  event_types: [],
  severities: ['Extreme', 'Severe'],
  auto_send_severities: [],
  configured_by: { id: 'user-1', name: 'Ana Rivera' },
  updated_at: '2030-01-01T00:00:00.000Z',
  last_poll_at: '2030-01-01T00:01:00.000Z',
  last_error: null,
  poll_seconds: 60,
};

const ALERT: TWeatherAlert = {
  id: 'a-1',
  nws_id: 'urn:oid:2.49.0.1.840.0.1ee7',
  event: 'Tornado Warning',
  severity: 'Extreme',
  headline: 'Tornado Warning issued April 19 at 11:23PM CDT by NWS Norman OK',
  area: 'Coal, OK; Hughes, OK',
  kind: 'Alert',
  sent_at: '2030-01-01T00:00:00.000Z',
  expires_at: null,
  received_at: '2030-01-01T00:01:00.000Z',
  outcome: 'drafted',
  error_code: null,
  error_params: {},
  message: { id: 'm-1', title: 'Tornado Warning issued April 19', message_type: 'emergency' },
  original: null,
};

function mockWeather(settings: TWeatherSettings, extra: Parameters<typeof mockSession>[1] = {}) {
  return mockSession(sessionUser(), {
    'GET /admin/api/weather/settings': () => jsonResponse(settings),
    'GET /admin/api/weather/alerts': () => jsonResponse({ alerts: [ALERT] }),
    'GET /admin/api/weather/event-types': () =>
      jsonResponse({ event_types: ['Tornado Warning', 'Flood Warning'] }),
    'GET /admin/api/weather/zones': () =>
      jsonResponse({
        zones: [
          { id: 'OKC029', name: 'Coal', type: 'county' },
          { id: 'OKC063', name: 'Hughes', type: 'county' },
        ],
      }),
    ...extra,
  });
}

describe('the weather alerts page', () => {
  it('offers auto-send only for followed severities, says what it means, and saves the choice', async () => {
    const api = mockWeather(SETTINGS, {
      'PUT /admin/api/weather/settings': (_url, sent) =>
        jsonResponse({
          ...SETTINGS,
          ...(sent.body as TWeatherSettingsRequest),
          updated_at: '2030-01-02T00:00:00.000Z',
        }),
    });
    renderApp('/admin/weather');
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Send by SMS automatically');
    // Each severity twice: followed (first), sent automatically (second).
    const autoSend = (name: string) => screen.getAllByRole('checkbox', { name })[1] as HTMLElement;
    expect(autoSend('Moderate')).toBeDisabled();
    expect(autoSend('Severe')).toBeEnabled();
    expect(screen.queryByText(/without anyone reading them first/)).toBeNull();
    await user.click(autoSend('Extreme'));
    expect(screen.getByText(/without anyone reading them first/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodiesSentTo(api, 'PUT', '/admin/api/weather/settings')).toHaveLength(1));
    expect(bodiesSentTo<TWeatherSettingsRequest>(api, 'PUT', '/admin/api/weather/settings')[0]).toEqual({
      enabled: true,
      zones: [{ id: 'OKC029', name: 'Coal' }],
      event_types: [],
      severities: ['Extreme', 'Severe'],
      auto_send_severities: ['Extreme'],
    });
    expect(await screen.findByText('Weather alert settings saved.')).toBeVisible();
  });

  it('lists the alerts received with their severity and what they became, and the last error', async () => {
    mockWeather({ ...SETTINGS, last_error: { code: 'weather_unavailable', at: '2030-01-01T00:02:00.000Z' } });
    renderApp('/admin/weather');
    const row = within((await screen.findByText('Tornado Warning')).closest('tr') as HTMLElement);
    expect(row.getByText('Extreme')).toBeVisible();
    expect(row.getByText('Draft')).toBeVisible();
    expect(row.getByText('Coal, OK; Hughes, OK')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Open message' })).toBeVisible();
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The National Weather Service could not be reached. Try again in a few minutes.',
    );
    // The followed county is listed, removable.
    expect(screen.getByRole('button', { name: 'Stop following Coal' })).toBeVisible();
  });
});
