// Account security as a person meets it (decision 0020): a colleague invited from the Users page
// accepts, turns on two-factor on My Account with an authenticator app, signs in again with a
// code and with a recovery code, changes the password (the other session ends), and the station's
// admin reads every step on the Audit page. The station is the journey's own (fixtures.ts).
import { createHmac } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { acceptInvitation } from './helpers';

/**
 * What an authenticator app shows (RFC 6238: SHA-1, 6 digits, 30 s), written here from the RFC
 * rather than with the server's library, so the two are checked against each other.
 */
function totp(base32Secret: string, at = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of base32Secret.replace(/[\s=]/g, '').toUpperCase()) {
    bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  }
  const key = Buffer.from(bits.match(/.{8}/g)?.map((byte) => Number.parseInt(byte, 2)) ?? []);
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const digest = createHmac('sha1', key).update(counter).digest();
  const offset = (digest.at(-1) ?? 0) & 0x0f;
  return String((digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

async function signInWithCode(page: Page, email: string, password: string, code: string) {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Enter the 6-digit code from your authenticator app')).toBeVisible();
  await page.getByLabel('Authentication code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

test('a colleague turns on two-factor, signs in with a code and a recovery code, and changes the password', async ({
  page,
  browser,
  station,
  login,
}) => {
  const robinEmail = `robin-${station.id}@e2e.test`;
  await login(station.admin);
  await page.goto('/admin/users');
  await page.getByRole('button', { name: 'Add User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New User' });
  await dialog.getByLabel('Full Name').fill('Robin Radio');
  await dialog.getByLabel('Email').fill(robinEmail);
  await dialog.getByLabel('Phone Number').fill('4155550188');
  await dialog.getByRole('button', { name: 'Add User' }).click();
  await expect(page.getByText(`Invitation sent to ${robinEmail}.`)).toBeVisible();

  const robin = await acceptInvitation(browser, robinEmail, 'robin-pass-1');
  await robin.goto('/admin/account');
  await expect(robin.getByRole('heading', { name: 'My Account' })).toBeVisible();
  await robin.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  await expect(robin.getByText('Scan this QR code with your authenticator app')).toBeVisible();
  await expect(robin.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await robin.locator('[data-totp-secret]').textContent()) ?? '';
  await robin.getByLabel('Code from the app').fill(totp(secret));
  await robin.getByRole('button', { name: 'Turn on' }).click();
  await expect(
    robin.getByText('Two-factor authentication is on. Save these 10 recovery codes'),
  ).toBeVisible();
  const codes =
    ((await robin.getByLabel('Recovery codes', { exact: true }).textContent()) ?? '').match(/[\w-]{8,}/g) ??
    [];
  expect(codes).toHaveLength(10);
  await robin.getByRole('button', { name: 'I saved my codes' }).click();
  await expect(robin.getByText('10 recovery codes left.')).toBeVisible();

  // A password alone no longer opens the account: the code step asks for the app's code.
  const laptop = await (await browser.newContext()).newPage();
  await laptop.goto('/admin/login');
  await laptop.getByLabel('Email').fill(robinEmail);
  await laptop.getByLabel('Password').fill('robin-pass-1');
  await laptop.getByRole('button', { name: 'Sign In' }).click();
  await laptop.getByLabel('Authentication code').fill('000000');
  await laptop.getByRole('button', { name: 'Verify' }).click();
  await expect(
    laptop.getByText('That code is not valid. Check your authenticator app and try again.'),
  ).toBeVisible();
  await expect(laptop).toHaveURL(/\/admin\/login$/);

  // A recovery code opens it once; the app's code opens another device.
  await signInWithCode(laptop, robinEmail, 'robin-pass-1', codes[0] as string);
  const phone = await (await browser.newContext()).newPage();
  await signInWithCode(phone, robinEmail, 'robin-pass-1', totp(secret, Date.now() + 30_000));
  await robin.reload();
  await expect(robin.getByText('9 recovery codes left.')).toBeVisible();

  // Changing the password keeps this session and ends the two others.
  const otherSessions = robin.getByRole('button', { name: /^Sign out (?!of all)/ });
  await expect(otherSessions).toHaveCount(2);
  await robin.getByLabel('Current password').fill('robin-pass-1');
  await robin.getByLabel(/^New password/).fill('robin-pass-2');
  await robin.getByLabel('Confirm new password').fill('robin-pass-2');
  await robin.getByRole('button', { name: 'Change password' }).click();
  await expect(robin.getByText('Password changed. 2 other sessions were signed out.')).toBeVisible();
  await expect(otherSessions).toHaveCount(0);
  await laptop.goto('/admin/messages');
  await expect(laptop).toHaveURL(/\/admin\/login$/);

  // The admin reads it all on the Audit page.
  await page.goto('/admin/audit');
  await expect(page.getByRole('heading', { name: 'Audit Log' })).toBeVisible();
  await expect(page.getByText(`Invited ${robinEmail}`).first()).toBeVisible();
  await expect(page.getByText(`Failed sign-in to ${robinEmail}`).first()).toBeVisible();
  await expect(page.getByText('Changed their password').first()).toBeVisible();
});
