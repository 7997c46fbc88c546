import type { TWebhookDeliveryDetail, TWebhookEndpoint } from '@message-station/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodiesSentTo, callCount } from '../../test/api-mock';
import { mockMessagesApi } from '../../test/messages-test-helpers';
import { jsonResponse, renderApp } from '../../test/render-app';
import { expectShown } from '../../test/shown';

const LIST = '/admin/api/webhooks';
const LOG = '/admin/api/webhooks/deliveries';
const AT = '2026-11-27T10:00:00.000Z';

function endpoint(overrides: Partial<TWebhookEndpoint> = {}): TWebhookEndpoint {
  return {
    id: 'ep-1',
    url: 'https://crm.example.org/hooks',
    description: 'CRM',
    events: ['send.completed', 'subscriber.joined'],
    enabled: true,
    disabled_reason: null,
    disabled_at: null,
    consecutive_failures: 0,
    secret_hint: 'abcd',
    last_delivery_at: null,
    last_delivery_status: null,
    created_at: AT,
    updated_at: AT,
    ...overrides,
  };
}

const delivery: TWebhookDeliveryDetail = {
  id: 'dl-1',
  endpoint_id: 'ep-1',
  endpoint_url: 'https://crm.example.org/hooks',
  event_id: 'ev-1',
  event_type: 'send.completed',
  status: 'failed',
  attempts: 2,
  last_status_code: 500,
  last_error: 'HTTP 500',
  next_attempt_at: null,
  created_at: AT,
  finished_at: AT,
  payload: {
    id: 'ev-1',
    type: 'send.completed',
    created_at: AT,
    station_id: 's1',
    data: { send_id: 'send-9', sent: 12 },
  },
  attempts_log: [
    {
      id: 'a1',
      attempted_at: AT,
      status_code: null,
      duration_ms: 10_000,
      error: 'timed out after 10000 ms',
      response_body: null,
    },
    {
      id: 'a2',
      attempted_at: AT,
      status_code: 500,
      duration_ms: 42,
      error: 'HTTP 500',
      response_body: 'upstream down',
    },
  ],
};

describe('WebhooksPage', () => {
  it('adds an endpoint with its events and shows its secret once', async () => {
    const created = { ...endpoint(), secret: 'whsec_shown_once_0123456789' };
    const api = mockMessagesApi({
      [`GET ${LIST}`]: () => jsonResponse({ endpoints: [], event_types: [] }),
      [`GET ${LOG}`]: () => jsonResponse({ deliveries: [] }),
      [`POST ${LIST}`]: () => jsonResponse(created, 201),
    });
    const user = userEvent.setup({ delay: null });
    renderApp('/admin/webhooks');
    expectShown(await screen.findByText('No webhook endpoints yet.'));
    expectShown(await screen.findByText('No deliveries yet.'));
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add webhook endpoint' }));
    // Nothing chosen: the form says so and sends nothing.
    await user.type(dialog.getByRole('textbox', { name: /Endpoint URL/ }), 'https://crm.example.org/hooks');
    await user.click(dialog.getByRole('button', { name: 'Add endpoint' }));
    expectShown(await dialog.findByText('Choose at least one event.'));
    expect(callCount(api, 'POST', LIST)).toBe(0);
    expectShown(dialog.getByText('Someone opted out: by STOP, on the unsubscribe page or through the API.'));
    await user.click(dialog.getByRole('checkbox', { name: /send\.completed/ }));
    await user.click(dialog.getByRole('checkbox', { name: /subscriber\.joined/ }));
    await user.type(dialog.getByRole('textbox', { name: /Description/ }), 'CRM');
    await user.click(dialog.getByRole('button', { name: 'Add endpoint' }));
    const secret = within(
      await screen.findByRole('dialog', { name: 'Endpoint added: copy its signing secret' }),
    );
    expectShown(secret.getByText('whsec_shown_once_0123456789'));
    expect(bodiesSentTo(api, 'POST', LIST)).toEqual([
      {
        url: 'https://crm.example.org/hooks',
        description: 'CRM',
        events: ['send.completed', 'subscriber.joined'],
      },
    ]);
  });

  it('shows why an endpoint is off, and a delivery’s payload and attempts, and replays it', async () => {
    const api = mockMessagesApi({
      [`GET ${LIST}`]: () =>
        jsonResponse({
          endpoints: [
            endpoint({
              enabled: false,
              disabled_reason: 'failures',
              consecutive_failures: 5,
              last_delivery_at: AT,
              last_delivery_status: 'failed',
            }),
          ],
          event_types: [],
        }),
      [`GET ${LOG}`]: () => jsonResponse({ deliveries: [delivery] }),
      [`GET ${LOG}/dl-1`]: () => jsonResponse(delivery),
      [`POST ${LOG}/dl-1/replay`]: () => jsonResponse({ ...delivery, status: 'pending' }, 202),
    });
    const user = userEvent.setup({ delay: null });
    renderApp('/admin/webhooks');
    expectShown(await screen.findByText('Disabled after failures'));
    const row = (await screen.findByText('send.completed', { selector: '[data-delivery-id] *' })).closest(
      'tr',
    );
    await user.click(
      within(row as HTMLElement).getByRole('button', { name: /Show delivery send.completed/ }),
    );
    const drawer = within(await screen.findByRole('dialog', { name: 'Delivery' }));
    expectShown(await drawer.findByText('ev-1'));
    expectShown(drawer.getByText(/"send_id": "send-9"/));
    expectShown(drawer.getByText('timed out after 10000 ms'));
    expectShown(drawer.getByText('No response'));
    expectShown(drawer.getByText('upstream down'));
    await user.click(drawer.getByRole('button', { name: 'Replay' }));
    await waitFor(() => expect(callCount(api, 'POST', `${LOG}/dl-1/replay`)).toBe(1));
  });

  it('pages through an older log on request', async () => {
    const page = Array.from({ length: 50 }, (_, i) => ({
      ...delivery,
      id: `dl-${i}`,
      status: 'delivered' as const,
      created_at: new Date(Date.parse(AT) - i * 60_000).toISOString(),
    }));
    const older = {
      ...delivery,
      id: 'dl-old',
      event_type: 'inbound.received',
      created_at: '2026-11-01T10:00:00.000Z',
    };
    mockMessagesApi({
      [`GET ${LIST}`]: () => jsonResponse({ endpoints: [endpoint()], event_types: [] }),
      [`GET ${LOG}`]: (url) =>
        jsonResponse({
          deliveries: url.searchParams.get('before_id') === 'dl-49' ? [older] : page,
        }),
    });
    const user = userEvent.setup({ delay: null });
    renderApp('/admin/webhooks');
    await waitFor(() => expect(document.querySelectorAll('[data-delivery-id]')).toHaveLength(50));
    await user.click(screen.getByRole('button', { name: 'Show older deliveries' }));
    await waitFor(() => expect(document.querySelectorAll('[data-delivery-id]')).toHaveLength(51));
    expectShown(screen.getByText('inbound.received', { selector: '[data-delivery-id] *' }));
    expect(screen.queryByRole('button', { name: 'Show older deliveries' })).toBeNull();
  });
});
