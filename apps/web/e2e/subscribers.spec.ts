import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, type TStation, test } from './fixtures';
import { signIn, typePhone } from './helpers';

/** A number unique to this run and test: 628-555-XXXX. */
function uniquePhone(offset: number): { digits: string; formatted: string; e164: string } {
  const last4 = String((Date.now() + offset * 7919) % 10_000).padStart(4, '0');
  const digits = `628555${last4}`;
  return {
    digits,
    formatted: `(628) 555-${last4}`,
    e164: `+1${digits}`,
  };
}

/** Joins the station with the code the test-mode server shows on the page. */
async function join(page: Page, station: TStation, digits: string, choose: (page: Page) => Promise<void>) {
  await page.goto(`/join/${station.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Subscribe to SMS Alerts' })).toBeVisible();
  await typePhone(page.getByLabel(/^Phone Number/), digits);
  await choose(page);
  await page
    .getByRole('checkbox', {
      name: new RegExp(`^I consent to receive SMS alerts from ${station.displayName}`),
    })
    .check();
  await page.getByRole('button', { name: 'Subscribe', exact: true }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Enter Your Code' })).toBeVisible();
  const notice = page.getByText(/Test mode: your code is \d{6}/);
  await expect(notice).toBeVisible();
  const code = /\d{6}/.exec((await notice.textContent()) ?? '')?.[0] ?? '';
  expect(code).toMatch(/^\d{6}$/);
  await page.getByLabel('Digit 1 of the verification code').click();
  await page.keyboard.type(code);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();

  await expect(page.getByRole('heading', { level: 1, name: "You're Subscribed!" })).toBeVisible();
  // The station's thank-you page, not a trip to our home page.
  await expect(page).toHaveURL(new RegExp(`/join/${station.id}/thanks$`));
  await expect(page.getByText('To stop at any time, reply STOP to any message from us.')).toBeVisible();
}

/** SMS Contacts, searched by the phone's digits; the contact's row. */
async function contactRow(page: Page, phone: { digits: string; formatted: string }) {
  await page.goto('/admin/sms-contacts');
  await expect(page.getByRole('heading', { level: 1, name: 'SMS Contacts' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill(phone.digits.slice(3));
  await expect(page.getByRole('heading', { level: 2, name: 'SMS Subscribers (1)' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: phone.formatted });
  await expect(row).toHaveCount(1);
  return row;
}

test.describe('subscribers', () => {
  // A station of its own with SMS on, speaking English and Spanish as the demo station does.
  test.use({ stationOptions: { languages: ['en', 'es'], smsEnabled: true } });

  test('a subscriber joins in two languages; staff edit, pause and resume; the subscriber unsubscribes', async ({
    page,
    station,
  }) => {
    const phone = uniquePhone(1);

    await join(page, station, phone.digits, async () => {
      await page.getByRole('checkbox', { name: 'Emergency', exact: true }).check();
      await page.getByRole('checkbox', { name: 'Alert', exact: true }).check();
      await expect(page.getByLabel('Emergency: receive in')).toHaveValue('en');
      await page.getByLabel('Alert: receive in').selectOption('es');
    });

    await signIn(page, station.admin.email, station.admin.password);
    let row = await contactRow(page, phone);
    await expect(row.getByText('Active', { exact: true })).toBeVisible();
    await expect(row.getByText('Verified', { exact: true })).toBeVisible();
    await expect(row.locator('[data-subscribed="true"]', { hasText: 'Emergency' })).toBeVisible();
    await expect(row.locator('[data-subscribed="true"]', { hasText: 'Alert' })).toBeVisible();
    await expect(row.locator('[data-subscribed="false"]', { hasText: 'Station' })).toBeVisible();

    // Preferences: the Alert language chosen on the join page, then Station added in Spanish.
    await row.getByRole('button', { name: 'Preferences' }).click();
    let dialog = page.getByRole('dialog', { name: 'Message Preferences' });
    await expect(dialog.getByRole('group', { name: 'Alert' }).getByLabel('Preferred Language')).toHaveValue(
      'es',
    );
    const stationType = dialog.getByRole('group', { name: 'Station' });
    await stationType.getByRole('checkbox', { name: 'Subscribe' }).check();
    await stationType.getByLabel('Preferred Language').selectOption('es');
    await dialog.getByRole('button', { name: 'Save Preferences' }).click();
    await expect(dialog).toBeHidden();
    await expect(row.locator('[data-subscribed="true"]', { hasText: 'Station' })).toBeVisible();
    await row.getByRole('button', { name: 'Preferences' }).click();
    dialog = page.getByRole('dialog', { name: 'Message Preferences' });
    await expect(
      dialog.getByRole('group', { name: 'Station' }).getByRole('checkbox', { name: 'Subscribe' }),
    ).toBeChecked();
    await expect(dialog.getByRole('group', { name: 'Station' }).getByLabel('Preferred Language')).toHaveValue(
      'es',
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    // Pause and resume.
    await row.getByRole('button', { name: 'Pause' }).click();
    await expect(row.getByText('Paused', { exact: true })).toBeVisible();
    await row.getByRole('button', { name: 'Resume' }).click();
    await expect(row.getByText('Active', { exact: true })).toBeVisible();
    await page.reload();
    row = await contactRow(page, phone);
    await expect(row.getByText('Active', { exact: true })).toBeVisible();

    // The subscriber leaves through the unsubscribe page.
    await page.goto(`/unsubscribe/${station.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Unsubscribe from SMS Alerts' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Stay subscribed' })).toHaveAttribute(
      'href',
      `/join/${station.id}`,
    );
    await typePhone(page.getByLabel(/^Phone Number/), phone.digits);
    await page.getByRole('button', { name: 'Unsubscribe', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: "You're Unsubscribed" })).toBeVisible();

    row = await contactRow(page, phone);
    await expect(row.getByText('Opted out', { exact: true })).toBeVisible();
    // Only the person can opt back in.
    await expect(row.getByRole('button', { name: 'Resume' })).toBeDisabled();
  });

  test('an admin exports the contacts: the one who joined is in the file with their choices and consent', async ({
    page,
    station,
  }) => {
    const phone = uniquePhone(3);
    await join(page, station, phone.digits, async () => {
      await page.getByRole('checkbox', { name: 'Emergency', exact: true }).check();
      await page.getByLabel('Emergency: receive in').selectOption('es');
    });
    await signIn(page, station.admin.email, station.admin.password);
    await contactRow(page, phone);
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^sms-contacts-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = fs.readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
    const [header, ...rows] = text
      .trim()
      .split('\r\n')
      .map((line) => line.split(','));
    // What the search showed: this subscriber only.
    expect(rows).toHaveLength(1);
    const cells = Object.fromEntries((header ?? []).map((name, i) => [name, rows[0]?.[i]]));
    expect(cells).toMatchObject({
      phone: phone.e164,
      language: 'es',
      status: 'active',
      verified: 'true',
      source: 'web',
      type_emergency: 'es',
      type_alert: '',
    });
    expect(cells.last_opt_in_utc).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  test('a subscriber who texts STOP is opted out', async ({ page, station }) => {
    const phone = uniquePhone(2);
    await join(page, station, phone.digits, async () => {
      await page.getByRole('checkbox', { name: 'Emergency', exact: true }).check();
    });

    await page.goto('/dev/outbox');
    await expect(page.getByRole('heading', { level: 1, name: 'Dev Outbox' })).toBeVisible();
    await page.getByRole('textbox', { name: 'From' }).pressSequentially(phone.digits);
    await page.getByRole('textbox', { name: 'Message' }).fill('STOP');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByText('Station replied')).toBeVisible();
    await expect(page.getByText(/You are unsubscribed/).first()).toBeVisible();

    await signIn(page, station.admin.email, station.admin.password);
    const row = await contactRow(page, phone);
    await expect(row.getByText('Opted out', { exact: true })).toBeVisible();
  });
});
