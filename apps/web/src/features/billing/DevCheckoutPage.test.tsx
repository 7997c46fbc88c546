import { TEXT_LIMITS } from '@message-station/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { setCookie } from '../../test/cookies';
import { jsonResponse, renderApp } from '../../test/render-app';
import { callsTo, mockBillingApi } from './billing-test-helpers';

const CHECKOUT = 'POST /dev/api/stripe/checkout';

function sentBody(fetchMock: ReturnType<typeof mockBillingApi>): unknown {
  return callsTo(fetchMock, 'POST', '/dev/api/stripe/checkout').at(-1)?.body;
}

describe('DevCheckoutPage', () => {
  it('pays for the chosen tier and links back to billing', async () => {
    setCookie('csrf_token', 'c1');
    const fetchMock = mockBillingApi({
      [CHECKOUT]: () => jsonResponse({ ok: true, event_id: 'evt_test_1' }),
    });
    renderApp(
      '/dev/checkout?kind=subscription&client_reference_id=station-1&prefilled_email=billing%40demoradio.org',
    );
    const user = userEvent.setup({ delay: null });

    expect(await screen.findByRole('heading', { name: 'Test checkout (no real payment)' })).toBeVisible();
    expect(screen.getByLabelText(/^Email/)).toHaveValue('billing@demoradio.org');
    const tier = screen.getByRole('combobox', { name: 'Plan' });
    expect([...(tier as HTMLSelectElement).options].map((option) => option.textContent)).toEqual([
      'Starter — $50/month',
      'Professional — $75/month',
      'Enterprise — $100/month',
    ]);
    await user.selectOptions(tier, 'professional');
    await user.click(screen.getByRole('button', { name: 'Pay $75' }));

    expect(await screen.findByText('Payment recorded')).toBeVisible();
    expect(screen.getByText('The test payment went through the webhook (event evt_test_1).')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to Billing' })).toHaveAttribute('href', '/admin/billing');
    expect(sentBody(fetchMock)).toEqual({
      kind: 'subscription',
      client_reference_id: 'station-1',
      email: 'billing@demoradio.org',
      tier: 'professional',
    });
  });

  it('buys 1 to 10 credit packs and shows the total', async () => {
    setCookie('csrf_token', 'c2');
    const fetchMock = mockBillingApi({
      [CHECKOUT]: () => jsonResponse({ ok: true, event_id: 'evt_test_2' }),
    });
    renderApp(
      '/dev/checkout?kind=credits&client_reference_id=station-1&prefilled_email=billing%40demoradio.org',
    );
    const user = userEvent.setup({ delay: null });

    const packs = await screen.findByRole('textbox', { name: 'Credit packs' });
    expect(screen.getByText('Total: $10 for 500 credits')).toBeVisible();
    await user.clear(packs);
    await user.type(packs, '3');
    expect(screen.getByText('Total: $30 for 1,500 credits')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Pay $30' }));

    expect(await screen.findByText('Payment recorded')).toBeVisible();
    expect(sentBody(fetchMock)).toEqual({
      kind: 'credits',
      client_reference_id: 'station-1',
      email: 'billing@demoradio.org',
      packs: 3,
    });
  });

  it("shows the server's refusal and needs an email", async () => {
    setCookie('csrf_token', 'c3');
    const fetchMock = mockBillingApi({
      [CHECKOUT]: () => jsonResponse({ error: 'Unknown station: station-9' }, 404),
    });
    renderApp('/dev/checkout?kind=credits&client_reference_id=station-9');
    const user = userEvent.setup({ delay: null });

    await user.click(await screen.findByRole('button', { name: 'Pay $10' }));
    expect(screen.getByText('Email is required')).toBeVisible();
    expect(callsTo(fetchMock, 'POST', '/dev/api/stripe/checkout')).toHaveLength(0);

    await user.type(screen.getByLabelText(/^Email/), 'ops@example.org');
    await user.click(screen.getByRole('button', { name: 'Pay $10' }));
    expect(await screen.findByText('Unknown station: station-9')).toBeVisible();
    expect(screen.queryByText('Payment recorded')).not.toBeInTheDocument();
  });

  it('refuses what the server refuses in the checkout, by its code, in English and Spanish', async () => {
    setCookie('csrf_token', 'c4');
    const station = 's'.repeat(TEXT_LIMITS.token + 1);
    const fetchMock = mockBillingApi({
      [CHECKOUT]: () => jsonResponse({ ok: true, event_id: 'evt_test_4' }),
    });
    renderApp(`/dev/checkout?kind=credits&client_reference_id=${station}&prefilled_email=ops%40example.org`);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Pay $10' }));
    // field_too_long, as POST /dev/api/stripe/checkout answers it (ZDevCheckoutRequest).
    const refused = `client_reference_id must be at most ${TEXT_LIMITS.token.toLocaleString('en-US')} characters.`;
    expect(await screen.findByText(refused)).toBeVisible();
    expect(screen.getByLabelText('Station ID')).toHaveAttribute('aria-invalid', 'true');

    await i18n.changeLanguage('es');
    await user.click(await screen.findByRole('button', { name: /^Pagar/ }));
    expect(
      await screen.findByText(
        `«client_reference_id» debe tener como máximo ${TEXT_LIMITS.token.toLocaleString('es')} caracteres.`,
      ),
    ).toBeVisible();
    expect(callsTo(fetchMock, 'POST', '/dev/api/stripe/checkout')).toHaveLength(0);
  });

  it('says so when the link lacks its kind or station', async () => {
    mockBillingApi({});
    renderApp('/dev/checkout?kind=refund&client_reference_id=station-1');
    expect(await screen.findByText(/This checkout link is incomplete/)).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
  });
});
