import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo } from '../../test/api-mock';
import { setCookie } from '../../test/cookies';
import { jsonResponse, mockSession, renderApp } from '../../test/render-app';
import { stationInfo } from './subscriber-test-helpers';

const INFO = 'GET /subscribe/demo/info?language=en';
const UNSUBSCRIBE = 'POST /subscribe/demo/unsubscribe';

describe('UnsubscribePage', () => {
  it('unsubscribes a number and says so without telling whether it was subscribed', async () => {
    setCookie('csrf_token', 'u1');
    const fetchMock = mockSession(null, {
      [INFO]: () => jsonResponse(stationInfo()),
      [UNSUBSCRIBE]: () => jsonResponse({ ok: true, message: 'Done.' }),
    });
    renderApp('/unsubscribe/demo');
    const user = userEvent.setup({ delay: null });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Unsubscribe from SMS Alerts' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Stay subscribed' })).toHaveAttribute('href', '/join/demo');

    await user.type(screen.getByLabelText(/^Phone Number/), '4155550134');
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));

    expect(await screen.findByRole('heading', { level: 1, name: "You're Unsubscribed" })).toBeVisible();
    expect(
      screen.getByText(
        'If (415) 555-0134 was subscribed to Demo Radio 101.5, it will no longer receive SMS alerts.',
      ),
    ).toBeVisible();
    const [call] = callsTo(fetchMock, 'POST', '/subscribe/demo/unsubscribe');
    expect(call?.body).toEqual({ phone: '+14155550134' });
    expect(call?.headers.get('X-CSRF-Token')).toBe('u1');
  });

  it('requires the phone number', async () => {
    const fetchMock = mockSession(null, { [INFO]: () => jsonResponse(stationInfo()) });
    renderApp('/unsubscribe/demo');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    // The submit waits for the phone checks, which load on demand (decision 0062).
    expect(await screen.findByText('Phone number is required')).toBeVisible();
    expect(callsTo(fetchMock, 'POST', '/subscribe/demo/unsubscribe')).toEqual([]);
  });

  it("shows the server's error as given, else 'Failed to unsubscribe'", async () => {
    setCookie('csrf_token', 'u2');
    let reply = jsonResponse({ error: 'Too many requests. Please try again later.' }, 429);
    mockSession(null, { [INFO]: () => jsonResponse(stationInfo()), [UNSUBSCRIBE]: () => reply });
    renderApp('/unsubscribe/demo');
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText(/^Phone Number/), '4155550134');
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many requests. Please try again later.');

    reply = new Response(null, { status: 500 });
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText('Failed to unsubscribe')).toBeVisible();
  });

  it('shows Station Not Found for an unknown station', async () => {
    mockSession(null);
    renderApp('/unsubscribe/nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'Station Not Found' })).toBeVisible();
  });

  it('works while the station takes no new subscriptions, and speaks Spanish', async () => {
    localStorage.setItem('subscriberLanguage', 'es');
    mockSession(null, {
      [INFO.replace('language=en', 'language=es')]: () =>
        jsonResponse(stationInfo({ subscriptions_open: false })),
    });
    renderApp('/unsubscribe/demo');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Cancelar la suscripción a alertas por SMS' }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Cancelar suscripción' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Seguir suscrito' })).toBeVisible();
  });
});
