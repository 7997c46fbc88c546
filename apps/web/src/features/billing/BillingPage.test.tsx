import { cleanup, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { jsonResponse, renderApp } from '../../test/render-app';
import { expectShown } from '../../test/shown';
import { billingInfo, ledgerEntry, mockBillingApi, trialBillingInfo } from './billing-test-helpers';

const BILLING = 'GET /admin/api/billing';
const HISTORY = 'GET /admin/api/billing/history';

function showBilling(overrides: Parameters<typeof billingInfo>[0] = {}) {
  mockBillingApi({ [BILLING]: () => jsonResponse(billingInfo(overrides)) });
  return renderApp('/admin/billing');
}

function section(name: string): ReturnType<typeof within> {
  return within(screen.getByRole('region', { name }));
}

function usageBar(): HTMLElement {
  return screen.getByRole('progressbar', { name: 'Monthly credits used' });
}

describe('BillingPage', () => {
  it('breaks the month down with used credits shown negative and the balance as total', async () => {
    showBilling({
      smsCreditsBalance: 1680,
      monthlyIncluded: 500,
      smsCreditsRollover: 300,
      smsCreditsPurchased: 1000,
      smsCreditsUsedMonth: 120,
    });
    await screen.findByRole('heading', { name: 'Credit Breakdown' });

    const rows = section('Credit Breakdown')
      .getAllByRole('row')
      .map((row: HTMLElement) => [...row.children].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Monthly Included', '500'],
      ['Rollover from Previous Month', '300'],
      ['Purchased Credits', '1,000'],
      ['Used This Month', '\u2212120'],
      ['Total Available', '1,680'],
    ]);
    // The big balance uses US formatting too.
    expect(section('SMS Credits').getByText('1,680')).toBeVisible();
  });

  it('shows the plan: status, tier and price, and no banner when paid', async () => {
    showBilling({ subscriptionTier: 'professional' });
    const plan = await screen.findByRole('region', { name: 'Subscription Plan' });
    expect(within(plan).getByText('Active Subscription')).toBeVisible();
    expect(within(plan).getByText('Professional')).toBeVisible();
    expect(within(plan).getByText('$75/month')).toBeVisible();
    expect(within(plan).getByText('500 SMS credits every month')).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('Test mode')).not.toBeInTheDocument();
    expect(
      screen.getByText('Payments are processed securely by Stripe. We never see or store your card number.'),
    ).toBeVisible();
  });

  it('calls any other tier a Custom Plan, without a price, and marks Stripe test mode', async () => {
    showBilling({ subscriptionTier: 'district-2026', stripeTestMode: true });
    const plan = await screen.findByRole('region', { name: 'Subscription Plan' });
    expect(within(plan).getByText('Custom Plan')).toBeVisible();
    expect(within(plan).queryByText(/\/month/)).not.toBeInTheDocument();
    expect(screen.getByText('Test mode')).toBeVisible();
  });

  it('colours the usage bar red above 80% and caps it at 100%', async () => {
    const view = showBilling({ smsCreditsUsedMonth: 120, monthlyCredits: 500 });
    await screen.findByRole('heading', { name: 'SMS Credits' });
    expect(usageBar()).toHaveAttribute('aria-valuenow', '24');
    expect(usageBar().getAttribute('style')).not.toContain('red');
    expect(screen.getByText('Used this month: 120 of 500')).toBeVisible();
    view.unmount();

    const atLimit = showBilling({ smsCreditsUsedMonth: 400, monthlyCredits: 500 });
    await screen.findByRole('heading', { name: 'SMS Credits' });
    expect(usageBar()).toHaveAttribute('aria-valuenow', '80');
    expect(usageBar().getAttribute('style')).not.toContain('red');
    atLimit.unmount();

    showBilling({ smsCreditsUsedMonth: 1250, monthlyCredits: 500 });
    await screen.findByRole('heading', { name: 'SMS Credits' });
    expect(usageBar()).toHaveAttribute('aria-valuenow', '100');
    expect(usageBar().getAttribute('style')).toContain('--mantine-color-red-filled');
    expect(screen.getByText('Used this month: 1,250 of 500')).toBeVisible();
  });

  it('warns under 100 credits, not at 100', async () => {
    const view = showBilling({ smsCreditsBalance: 100 });
    await screen.findByRole('heading', { name: 'SMS Credits' });
    expect(screen.queryByText(/Low credit balance/)).not.toBeInTheDocument();
    view.unmount();

    showBilling({ smsCreditsBalance: 99 });
    expect(await screen.findByText(/Low credit balance: fewer than 100 credits left/)).toBeVisible();
  });

  it("measures a trial's usage against its 50 credits, as the breakdown does, and names its end", async () => {
    mockBillingApi({ [BILLING]: () => jsonResponse(trialBillingInfo()) });
    renderApp('/admin/billing');
    await screen.findByRole('heading', { name: 'SMS Credits' });
    const credits = section('SMS Credits');
    expect(credits.getByText('Used during the free trial: 0 of 50')).toBeVisible();
    expect(credits.getByText('Free trial ends on December 11, 2026')).toBeVisible();
    expect(credits.queryByText(/of 500/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Low credit balance/)).not.toBeInTheDocument();
    const included = section('Credit Breakdown').getByRole('rowheader', { name: 'Monthly Included' });
    expect(included.nextElementSibling?.textContent).toBe('50');
  });

  it('warns a trial under a fifth of its credits, in Spanish too', async () => {
    await i18n.changeLanguage('es');
    try {
      mockBillingApi({
        [BILLING]: () => jsonResponse(trialBillingInfo({ smsCreditsBalance: 9, smsCreditsUsedMonth: 41 })),
      });
      renderApp('/admin/billing');
      await screen.findByRole('heading', { name: 'Créditos SMS' });
      const credits = section('Créditos SMS');
      expect(credits.getByText('Usados durante la prueba gratuita: 41 de 50')).toBeVisible();
      expect(credits.getByText('La prueba gratuita termina el 11 de diciembre de 2026')).toBeVisible();
      expect(credits.getByText(/quedan menos de 10 créditos/)).toBeVisible();
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it.each([
    [
      'trial with an end date',
      { paymentStatus: 'trial', paymentExpiresAt: '2026-05-14T12:00:00.000Z' },
      'Free Trial',
      'Your free trial ends on May 14, 2026',
    ],
    [
      'trial without a date',
      { paymentStatus: 'trial', paymentExpiresAt: null },
      'Free Trial',
      'Your free trial is active',
    ],
    [
      'suspended',
      { paymentStatus: 'suspended' },
      'Suspended',
      'SMS sending is disabled without an active subscription',
    ],
    [
      'unpaid',
      { paymentStatus: 'unpaid' },
      'No Subscription',
      'SMS sending is disabled without an active subscription',
    ],
  ] as const)('shows the banner of a %s station', async (_name, overrides, title, text) => {
    showBilling(overrides);
    const banner = await screen.findByRole('alert');
    expect(within(banner).getByText(title)).toBeVisible();
    expect(within(banner).getByText(text)).toBeVisible();
    // The plan card says the same status, and offers to subscribe rather than manage.
    const plan = section('Subscription Plan');
    expect(plan.getByText(title)).toBeVisible();
    expect(plan.getByRole('link', { name: 'Subscribe' })).toBeVisible();
  });

  it('warns that SMS stops 15 days after a failed payment', async () => {
    showBilling({ paymentFailedAt: '2026-03-01T12:00:00.000Z' });
    const banner = await screen.findByRole('alert');
    expect(within(banner).getByText('Payment failed')).toBeVisible();
    expect(
      within(banner).getByText(
        'Your payment failed on March 1, 2026. SMS sending will be suspended on March 16, 2026 unless the card is updated.',
      ),
    ).toBeVisible();
  });

  it('opens the Payment Links in a new tab with the station id and billing email', async () => {
    showBilling({ paymentStatus: 'trial' });
    await screen.findByRole('heading', { name: 'SMS Credits' });

    const subscribe = screen.getByRole('link', { name: 'Subscribe' });
    const subscription = new URL(subscribe.getAttribute('href') ?? '');
    expect(`${subscription.origin}${subscription.pathname}`).toBe('https://buy.stripe.com/test_sub');
    expect(subscription.searchParams.get('client_reference_id')).toBe('station-1');
    expect(subscription.searchParams.get('prefilled_email')).toBe('billing@demoradio.org');
    expect(subscribe).toHaveAttribute('target', '_blank');

    const buy = screen.getByRole('link', { name: 'Buy 500 credits for $10' });
    const credits = new URL(buy.getAttribute('href') ?? '');
    expect(`${credits.origin}${credits.pathname}`).toBe('https://buy.stripe.com/test_credits');
    expect(credits.searchParams.get('client_reference_id')).toBe('station-1');
    expect(credits.searchParams.get('prefilled_email')).toBe('billing@demoradio.org');
    expect(buy).toHaveAttribute('target', '_blank');
  });

  it('sends a paid station to the customer portal, never to a second subscription checkout', async () => {
    showBilling();
    await screen.findByRole('heading', { name: 'SMS Credits' });
    const portal = new URL(
      screen.getByRole('link', { name: 'Manage Subscription' }).getAttribute('href') ?? '',
    );
    expect(`${portal.origin}${portal.pathname}`).toBe('https://billing.stripe.com/p/login/test_portal');
    expect(portal.searchParams.get('prefilled_email')).toBe('billing@demoradio.org');
    cleanup();
    showBilling({ stripePortalURL: null });
    await screen.findByRole('heading', { name: 'SMS Credits' });
    expect(screen.getByRole('button', { name: 'Manage Subscription' })).toBeDisabled();
    expect(
      screen.getByText('To change your plan, update your card or cancel, please contact support.'),
    ).toBeVisible();
  });

  it('reads a dev checkout path against this site and leaves out a missing email', async () => {
    showBilling({ billingEmail: null, stripeCreditsURL: '/dev/checkout?kind=credits' });
    await screen.findByRole('heading', { name: 'SMS Credits' });
    const credits = new URL(
      screen.getByRole('link', { name: /^Buy 500 credits/ }).getAttribute('href') ?? '',
    );
    expect(credits.pathname).toBe('/dev/checkout');
    expect(credits.searchParams.get('kind')).toBe('credits');
    expect(credits.searchParams.get('client_reference_id')).toBe('station-1');
    expect(credits.searchParams.has('prefilled_email')).toBe(false);
  });

  it('disables the buttons with a note when no Payment Link is set up', async () => {
    showBilling({ paymentStatus: 'unpaid', stripeSubscriptionURL: null, stripeCreditsURL: null });
    await screen.findByRole('heading', { name: 'SMS Credits' });
    expect(screen.queryByRole('link', { name: 'Subscribe' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Buy 500 credits for $10' })).toBeDisabled();
    expect(screen.getByText('Online subscription is not set up yet. Please contact support.')).toBeVisible();
    expect(screen.getByText('Credit purchases are not set up yet. Please contact support.')).toBeVisible();
  });

  it('says payment history will appear when the ledger is empty', async () => {
    showBilling();
    expect(
      await screen.findByText(
        'No billing history yet. Payment history will appear here as purchases and renewals are made.',
      ),
    ).toBeVisible();
  });

  it('lists ledger entries newest first with signed, coloured credits and the balance after', async () => {
    mockBillingApi({
      [BILLING]: () => jsonResponse(billingInfo()),
      [HISTORY]: () =>
        jsonResponse([
          ledgerEntry({
            id: 'l-3',
            kind: 'send',
            credits: -2,
            balanceAfter: 1678,
            description: 'SMS "Road closure" to 2 subscribers',
            params: { title: 'Road closure', recipients: 2 },
            amountCents: null,
          }),
          ledgerEntry({
            id: 'l-2',
            kind: 'purchase',
            credits: 1500,
            balanceAfter: 1680,
            params: { credits: 1500 },
          }),
          ledgerEntry({
            id: 'l-1',
            kind: 'rollover',
            credits: 180,
            balanceAfter: 180,
            amountCents: null,
            params: {},
          }),
        ]),
    });
    renderApp('/admin/billing');
    const history = await screen.findByRole('region', { name: 'Billing History' });
    await within(history).findByText('SMS “Road closure” to 2 subscribers');
    expectShown(within(history).getByText('Purchased 1,500 credits'));
    expectShown(within(history).getByText('Rollover from previous month'));
    const rows = within(history).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.querySelector('time')?.textContent)).toEqual([
      'Mar 10, 2026',
      'Mar 10, 2026',
      'Mar 10, 2026',
    ]);
    const credits = rows.map((row) => row.children[3] as HTMLElement);
    expect(credits.map((cell) => cell.textContent)).toEqual(['\u22122', '+1,500', '180']);
    expect(credits[0]?.getAttribute('style')).toContain('red');
    expect(credits[1]?.getAttribute('style')).toContain('green');
    expect(rows.map((row) => row.children[4]?.textContent)).toEqual(['1,678', '1,680', '180']);
    expect(rows[1]?.children[2]?.textContent).toBe('$10');
    expect(within(rows[0] as HTMLElement).getByText('SMS sent')).toBeVisible();
  });

  it('words every ledger line in Spanish from its kind and params; a line without params keeps its description', async () => {
    await i18n.changeLanguage('es');
    const line = (id: string, overrides: Parameters<typeof ledgerEntry>[0]) =>
      ledgerEntry({ id, amountCents: null, description: 'English line', ...overrides });
    mockBillingApi({
      [BILLING]: () => jsonResponse(billingInfo()),
      [HISTORY]: () =>
        jsonResponse([
          line('refund', { kind: 'refund', credits: 2, params: { count: 2 } }),
          line('refund-one', { kind: 'refund', credits: 1, params: { count: 1 } }),
          line('send', { kind: 'send', credits: -3, params: { title: 'Cierre de vía', recipients: 3 } }),
          line('send-one', { kind: 'send', credits: -1, params: { title: 'Aviso', recipients: 1 } }),
          line('purchase', { kind: 'purchase', credits: 1000, params: { credits: 1000 } }),
          line('renewal', { kind: 'monthly_grant', credits: 500, params: { cause: 'renewal' } }),
          line('rollover', { kind: 'rollover', credits: 180, params: {} }),
          line('started', {
            kind: 'monthly_grant',
            credits: 500,
            params: { cause: 'plan_started', plan: 'professional' },
          }),
          line('opening', { kind: 'monthly_grant', credits: 500, params: { cause: 'opening' } }),
          line('trial', { kind: 'trial_grant', credits: 100, params: {} }),
          line('old', { kind: 'purchase', credits: 500, params: null, description: 'Purchased 500 credits' }),
        ]),
    });
    renderApp('/admin/billing');
    const history = await screen.findByRole('region', { name: 'Historial de facturación' });
    await within(history).findByText('Reembolso: 2 SMS no se pudieron entregar');
    const rows = within(history).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.children[1]?.lastElementChild?.textContent)).toEqual([
      'Reembolso: 2 SMS no se pudieron entregar',
      'Reembolso: 1 SMS no se pudo entregar',
      'SMS «Cierre de vía» a 3 suscriptores',
      'SMS «Aviso» a 1 suscriptor',
      '1000 créditos comprados',
      'Créditos mensuales incluidos (renovación)',
      'Saldo acumulado del mes anterior',
      'Créditos mensuales incluidos (comienzo del plan Professional)',
      'Créditos mensuales incluidos',
      'Créditos de la prueba gratuita',
      'Purchased 500 credits',
    ]);
    expect(rows[0]?.querySelector('time')?.textContent).toBe('10 mar 2026');
  });

  it('offers Retry when billing information cannot be loaded', async () => {
    mockBillingApi({ [BILLING]: () => jsonResponse({ error: 'Server down' }, 500) });
    renderApp('/admin/billing');
    expect(await screen.findByText('Billing information could not be loaded: Server down')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeVisible();
  });
});
