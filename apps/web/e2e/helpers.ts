import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, expect, type Locator, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo1234';

/** Signs in through the login page: a demo login by default, or any account with its password. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

/**
 * Add User sends an invitation (decision 0025): the invitee opens the link from the dev outbox,
 * chooses `password` and lands on the dashboard, signed in. Answers the invitee's page.
 */
export async function acceptInvitation(browser: Browser, email: string, password: string) {
  const invitee = await (await browser.newContext()).newPage();
  await invitee.goto('/dev/outbox');
  const message = invitee
    .getByRole('article')
    .filter({ hasText: email })
    .filter({ hasText: 'accept-invitation' });
  const text = (await message.first().textContent()) ?? '';
  const url = /(https?:\/\/\S+?\/accept-invitation\?token=[\w-]+)/.exec(text)?.[1] ?? '';
  expect(url, `no invitation link for ${email}`).toContain('token=');
  await invitee.goto(new URL(url).pathname + new URL(url).search);
  await expect(invitee.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
  await invitee.getByLabel(/^Password/).fill(password);
  await invitee.getByLabel(/^Confirm Password/).fill(password);
  await invitee.getByRole('button', { name: 'Create account' }).click();
  await expect(invitee).toHaveURL(/\/admin\/dashboard$/);
  return invitee;
}

/**
 * A subscriber joins `station`'s public page for emergencies in `language` and verifies with the
 * test-mode code the page shows (the outbox is in use).
 */
export async function joinForEmergencies(
  page: Page,
  station: { id: string },
  digits: string,
  language: string,
) {
  await page.goto(`/join/${station.id}`);
  await typePhone(page.getByLabel(/^Phone Number/), digits);
  await page.getByRole('checkbox', { name: 'Emergency', exact: true }).check();
  await page.getByLabel('Emergency: receive in').selectOption(language);
  await page.getByRole('checkbox', { name: /^I consent to receive SMS alerts/ }).check();
  await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
  const notice = page.getByText(/Test mode: your code is \d{6}/);
  await expect(notice).toBeVisible();
  const code = /\d{6}/.exec((await notice.textContent()) ?? '')?.[0] ?? '';
  await page.getByLabel('Digit 1 of the verification code').click();
  await page.keyboard.type(code);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: "You're Subscribed!" })).toBeVisible();
}

/**
 * Types a phone number as a person does, once the field takes input: a subscriber page is on
 * screen before the app holds it, its fields disabled until then (decision 0044).
 */
export async function typePhone(field: Locator, digits: string): Promise<void> {
  await expect(field).toBeEditable();
  await field.pressSequentially(digits);
}

/** Nothing on the page is wider than the viewport: it never scrolls sideways. */
export async function expectNoSidewaysScroll(page: Page, where: string) {
  const [scrollWidth, width] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    window.innerWidth,
  ]);
  expect(scrollWidth, `the page scrolls sideways on ${where}`).toBeLessThanOrEqual(width);
}

/**
 * Counts the taps of a journey: tap(target) clicks and counts; count() says how many so far.
 * Typing into fields is not a tap.
 */
export function tapCounter() {
  let taps = 0;
  return {
    tap: async (target: Locator) => {
      taps += 1;
      await target.click();
    },
    count: () => taps,
  };
}

let browserAddresses = 0;

/**
 * For a journey that signs up in its browser: the context's requests come from an address of
 * their own (the e2e server trusts X-Forwarded-For, TRUST_PROXY in playwright.config.ts), so the
 * per-address signup limits (3 codes an hour) count per journey, as they would for stations
 * signing up from their own networks, not for the whole run on 127.0.0.1. The fixtures' API
 * clients (e2e/fixtures.ts) use 10.x addresses; these are 172.20.x.
 */
export async function giveOwnAddress(context: BrowserContext): Promise<void> {
  browserAddresses += 1;
  const worker = Number(process.env.TEST_WORKER_INDEX ?? 0) % 250;
  const address = `172.20.${worker}.${(browserAddresses % 250) + 1}`;
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': address });
}

/**
 * axe finds nothing wrong on the screen as it is: WCAG 2.0/2.1 A and AA and axe's best practices,
 * plus Label in Name, as accessibility.spec.ts runs them. Soft: the journey goes on.
 */
export async function expectNoAxeViolations(page: Page, screen: string) {
  const results = await new AxeBuilder({ page })
    .options({
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      rules: { 'label-content-name-mismatch': { enabled: true } },
      resultTypes: ['violations'],
    })
    .setLegacyMode()
    .analyze();
  const found = results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${violation.help} at ${node.target.join(' ')}`),
  );
  expect.soft(found, `axe on ${screen}:\n${found.join('\n')}`).toEqual([]);
}
