import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { DEMO_PASSWORD } from './helpers';
import { PUBLIC_SITE_PAGES as PUBLIC_PAGES } from './pages.mjs';

/**
 * Console errors, uncaught exceptions and failed requests of a page: a visitor's session check
 * included, which answers null rather than a 401 the console would log (decision 0078).
 */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText;
    // Leaving a page cancels what it still had open (a live stream): the console says nothing.
    if (reason !== 'net::ERR_ABORTED') errors.push(`${request.url()}: ${reason}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) errors.push(`${response.url()}: ${response.status()}`);
  });
  return errors;
}

/** Ticks the ALTCHA checkbox and waits for the proof of work to be solved in the browser. */
async function passBotCheck(page: Page) {
  // The box stays unticked while the browser works; it ticks itself once solved.
  await page.getByRole('checkbox', { name: /not a robot/i }).click();
  await expect(page.getByText(/verified/i).first()).toBeVisible({ timeout: 20_000 });
}

test.describe('public site', () => {
  for (const language of ['en', 'es']) {
    test(`every public page renders in ${language} with no console errors`, async ({ page }) => {
      await page.addInitScript((lng) => localStorage.setItem('i18nextLng', lng), language);
      const errors = watchErrors(page);
      for (const path of PUBLIC_PAGES) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await page.waitForLoadState('networkidle');
      }
      expect(errors).toEqual([]);
    });
  }

  test('an anonymous visit to the home page and a join page logs nothing, and signing in still works', async ({
    page,
  }) => {
    const errors = watchErrors(page);
    const sessionChecks: number[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/auth/session') sessionChecks.push(response.status());
    });
    for (const path of ['/', '/join/demo']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
    }
    // Each page asked who is signed in, and was told: no one.
    expect(sessionChecks).toEqual([200, 200]);
    expect(errors).toEqual([]);

    // The CSRF cookie that check handed out opens the sign-in; the session is then the user's.
    await page.goto('/admin/login');
    await page.getByLabel('Email').fill('user@demo.test');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole('banner').getByText('Sam User')).toBeVisible();
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(sessionChecks.at(-1)).toBe(200);
    expect(errors).toEqual([]);
  });

  test('a visitor sends the contact form; it arrives as an email to support', async ({ page }) => {
    const subject = `Question ${Date.now()}`;
    await page.goto('/contact');
    await page.getByLabel(/^Name/).fill('Dana Reyes');
    await page.getByLabel(/^Email/).fill('dana@example.org');
    await page.getByRole('combobox', { name: /^Category/ }).selectOption('station');
    await page.getByLabel(/^Subject/).fill(subject);
    await page.getByRole('textbox', { name: /^Message/ }).fill('Can one account manage two stations?');
    await passBotCheck(page);
    await page.getByRole('button', { name: /^Send/ }).click();
    await expect(page.getByText("Message sent successfully! We'll get back to you soon.")).toBeVisible();
    await page.goto('/dev/outbox');
    await expect(page.getByText(`[Contact: Station Support] ${subject}`)).toBeVisible();
  });

  test('a forgotten password is recovered: email link, SMS code, new password, sign in', async ({
    browser,
    user,
  }) => {
    // A standard user of a station of its own (fixtures.ts), so no other journey's login changes.
    const email = user.email;
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto('/forgot-password');
    await visitor.getByLabel(/^Email/).fill(email);
    await passBotCheck(visitor);
    await visitor.getByRole('button', { name: /reset/i }).click();
    await expect(
      visitor.getByText("If an account exists with that email, we've sent password reset instructions."),
    ).toBeVisible();

    await visitor.goto('/dev/outbox');
    const link = await visitor
      .getByText(/\/reset-password\?token=/)
      .first()
      .textContent();
    const url = /(https?:\/\/\S+\/reset-password\?token=[\w-]+)/.exec(link ?? '')?.[1] ?? '';
    expect(url).toContain('token=');
    await visitor.goto(new URL(url).pathname + new URL(url).search);
    await expect(visitor.getByText(`ending in ${user.phoneDigits.slice(-4)}`)).toBeVisible();
    const notice = await visitor.getByText(/Test mode: your code is \d{6}/).textContent();
    const code = /\d{6}/.exec(notice ?? '')?.[0] ?? '';
    await visitor.getByLabel(/code/i).first().fill(code);
    await visitor.getByLabel(/^New Password/).fill('remembered-2');
    await visitor.getByLabel(/^Confirm/).fill('remembered-2');
    await visitor.getByRole('button', { name: /reset password/i }).click();
    await expect(visitor.getByRole('heading', { level: 1, name: 'Password Changed' })).toBeVisible();
    await visitor.getByRole('link', { name: 'Go to Login' }).click();
    await visitor.getByLabel('Email').fill(email);
    await visitor.getByLabel('Password').fill('remembered-2');
    await visitor.getByRole('button', { name: 'Sign In' }).click();
    await expect(visitor).toHaveURL(/\/admin\/dashboard$/);
  });
});
