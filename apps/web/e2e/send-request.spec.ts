// A standard user in an emergency (decision 0077), on a desktop (1440 × 900) and on a phone
// (390 × 844): they open an emergency message, read on the page that only admins send SMS, and ask
// an admin to send it. The admin signs in, sees the request on the dashboard and the Messages page,
// and sends it through the usual confirmation; the dev outbox holds the admin's email and the text
// the subscriber got; the requester sees it sent, and by whom.
import type { Browser, Page } from '@playwright/test';
import { expect, type TAccount, test } from './fixtures';
import { joinForEmergencies } from './helpers';

const VIEWPORTS = [
  { name: 'desktop', size: { width: 1440, height: 900 }, digit: '7' },
  { name: 'phone', size: { width: 390, height: 844 }, digit: '8' },
] as const;

/** A page of its own for `account`, signed in through the API, at `size`. */
async function signedInPage(browser: Browser, account: TAccount, size: { width: number; height: number }) {
  const page = await (await browser.newContext({ viewport: size })).newPage();
  await page.request.get('/auth/session');
  const csrf = (await page.context().cookies()).find((c) => c.name === 'csrf_token')?.value ?? '';
  const signedIn = await page.request.post('/auth/login', {
    headers: { 'x-csrf-token': csrf },
    data: { email: account.email, password: account.password },
  });
  expect(signedIn.ok(), `sign-in of ${account.email}`).toBe(true);
  return page;
}

/** Opens the message's detail from the list: a row on a desktop, a card on a phone. */
async function openMessage(page: Page, title: string) {
  await page.goto('/admin/messages');
  const item = page
    .getByRole('row')
    .filter({ hasText: title })
    .or(page.getByRole('article', { name: title }));
  await item.getByRole('button', { name: 'Details' }).click();
  const detail = page.getByRole('dialog', { name: title });
  await expect(detail).toBeVisible();
  return detail;
}

for (const viewport of VIEWPORTS) {
  test.describe(`asking an admin to send, on a ${viewport.name}`, () => {
    test.use({ viewport: viewport.size, stationOptions: { languages: ['en', 'es'], smsEnabled: true } });

    test('a standard user asks, the admin sends it, the requester sees it sent', async ({
      page,
      browser,
      station,
      user,
      login,
    }) => {
      const stamp = String(Date.now() % 1000).padStart(3, '0');
      await joinForEmergencies(page, station, `949555${viewport.digit}${stamp}`, 'en');
      const title = `Gas leak ${viewport.name} ${stamp}`;

      // The staff member writes the emergency.
      const staff = await signedInPage(browser, user, viewport.size);
      const csrf = (await staff.context().cookies()).find((c) => c.name === 'csrf_token')?.value ?? '';
      const created = await staff.request.post('/admin/api/messages', {
        headers: { 'x-csrf-token': csrf },
        data: {
          title,
          original: 'Gas leak on Elm Street. Stay indoors.',
          original_language: 'en',
          target_languages: ['es'],
          message_type: 'emergency',
        },
      });
      expect(created.ok()).toBe(true);

      // On the page, not in a tooltip: only admins send, and the way to ask them.
      let detail = await openMessage(staff, title);
      await expect(detail.getByText('Only admins send SMS')).toBeVisible();
      await expect(
        detail.getByText(
          'Ask an admin to send it: every admin of the station gets an email and sees your request here.',
        ),
      ).toBeVisible();
      await detail.getByRole('textbox', { name: /Note for the admins/ }).fill('The fire chief called it in.');
      await detail.getByRole('button', { name: 'Ask an admin to send' }).click();
      await expect(detail.getByText('You asked the admins to send this')).toBeVisible();
      await expect(detail.getByText('Note: The fire chief called it in.')).toBeVisible();
      await staff.screenshot({
        path: test.info().outputPath(`requester-${viewport.name}.png`),
        fullPage: true,
      });

      // The admin signs in: the dashboard says it, the Messages page lists it.
      await login(station.admin);
      await page.goto('/admin/dashboard');
      const alert = page.getByText('Staff asked the admins to send 1 message.');
      await expect(alert).toBeVisible();
      await page.getByRole('link', { name: 'Open Messages' }).click();
      await expect(page).toHaveURL(/\/admin\/messages$/);
      await page
        .getByTestId('send-requests')
        .getByRole('button', { name: `${title} (asked by ${user.fullName})` })
        .click();
      detail = page.getByRole('dialog', { name: title });
      await expect(detail.getByText(`${user.fullName} asked to send this`)).toBeVisible();
      await expect(detail.getByText('Note: The fire chief called it in.')).toBeVisible();
      await page.screenshot({ path: test.info().outputPath(`admin-${viewport.name}.png`), fullPage: true });
      await detail.getByRole('button', { name: 'Send it by SMS' }).click();
      await page
        .getByRole('alertdialog')
        .getByRole('button', { name: /^Send to 1 recipient$/ })
        .click();
      await expect(page.getByText(/SMS sent successfully to 1 subscriber/)).toBeVisible();
      await expect(detail.getByText(`${user.fullName} asked to send this`)).toBeHidden();

      // The outbox: the admin's email, and the text the subscriber got.
      await page.goto('/dev/outbox');
      await expect(
        page.getByText(`Emergency: ${user.fullName} asks you to send “${title}”`).first(),
      ).toBeVisible();
      await expect(page.getByText(`${station.displayName}: Gas leak on Elm Street`).first()).toBeVisible({
        timeout: 15_000,
      });

      // The requester sees it sent, and by whom.
      detail = await openMessage(staff, title);
      await expect(
        detail.getByText(`Sent by ${station.admin.fullName}, as ${user.fullName} asked.`),
      ).toBeVisible();
      await staff.screenshot({
        path: test.info().outputPath(`requester-sent-${viewport.name}.png`),
        fullPage: true,
      });
      await staff.context().close();
    });
  });
}
