// Accessibility: axe finds no violation of WCAG 2.1 A/AA, nor of its best practices, on
// any page of the product, in English and in Spanish: every public page (the API reference's
// Swagger UI too, its operations open, a call tried and its dialog), the 404 page, every
// admin page of the seeded demo station (its contacts, types, users and audit entries fill the
// tables and badges), the superadmin page, and the main dialogs (new message, a message's details
// and its tabs, the send confirmation, a new contact). The pages run in a loop, one browser
// context per language and account, and every violation of every screen is reported at once.
import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { DEMO_PASSWORD } from './helpers';
import { ADMIN_PAGES, EVERY_PUBLIC_PAGE } from './pages.mjs';

const LANGUAGES = ['en', 'es'] as const;
type TLanguage = (typeof LANGUAGES)[number];

/**
 * WCAG 2.0 and 2.1, levels A and AA, and axe's best practices (landmarks, headings, regions), plus
 * WCAG 2.5.3 Label in Name, which axe counts experimental and so leaves out of the tags: a
 * control's accessible name must contain its visible text.
 */
const AXE_OPTIONS = {
  runOnly: { type: 'tag' as const, values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
  rules: { 'label-content-name-mismatch': { enabled: true } },
  // Only the violations: axe then skips collecting every passing element (much faster).
  resultTypes: ['violations' as const],
};

const LOCALES = path.resolve(import.meta.dirname, '../src/locales');
/** A text of the interface in `language`: `key` is "file:dotted.path" (e.g. "messages:details"). */
function text(language: TLanguage, key: string): string {
  const [file, dotted] = key.split(':') as [string, string];
  let value: unknown = JSON.parse(fs.readFileSync(path.join(LOCALES, language, `${file}.json`), 'utf8'));
  for (const part of dotted.split('.')) value = (value as Record<string, unknown>)[part];
  if (typeof value !== 'string') throw new Error(`No text ${key} in ${language}`);
  return value;
}

/**
 * Runs axe on the page as it is and records what it finds under `screen` (a soft expectation: the
 * other screens are still checked). Each violation reads as its rule, what the rule asks, and
 * each element (its selector) with axe's summary of what is wrong with it.
 */
async function expectNoViolations(page: Page, screen: string) {
  // In the page itself (no cross-origin frames to reach): no blank page opened to merge results.
  const results = await new AxeBuilder({ page }).options(AXE_OPTIONS).setLegacyMode().analyze();
  const found = results.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact}): ${violation.help}\n` +
        `    at ${node.target.join(' ')}: ${node.html.replace(/\s+/g, ' ').slice(0, 240)}\n` +
        `    ${(node.failureSummary ?? '').replace(/\n\s*/g, '\n    ')}`,
    ),
  );
  expect.soft(found, `axe on ${screen}:\n${found.join('\n')}`).toEqual([]);
}

/** A browser in `language`, at an address of its own (the per-address limits count per context). */
async function openContext(browser: Browser, language: TLanguage, address: string): Promise<BrowserContext> {
  const context = await browser.newContext({
    locale: language === 'es' ? 'es-US' : 'en-US',
    extraHTTPHeaders: { 'x-forwarded-for': address },
  });
  await context.addInitScript((lng) => {
    localStorage.setItem('i18nextLng', lng);
    localStorage.setItem('subscriberLanguage', lng);
  }, language);
  return context;
}

/** Signs the context in through the API (its cookies are the page's). */
async function signIn(context: BrowserContext, email: string) {
  await context.request.get('/auth/session');
  const token = (await context.cookies()).find((cookie) => cookie.name === 'csrf_token')?.value;
  const response = await context.request.post('/auth/login', {
    headers: { 'x-csrf-token': token ?? '' },
    data: { email, password: DEMO_PASSWORD },
  });
  expect(response.ok(), `sign-in of ${email}: ${await response.text()}`).toBe(true);
}

/** The page has its heading and no spinner or skeleton left: what axe sees is what stays. */
async function settled(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(
    page.locator('.mantine-Loader-root:visible, .mantine-Skeleton-root[data-visible]'),
  ).toHaveCount(0);
}

/**
 * Opens `path`: the first page of a test loads in full; the next ones the way a click on a link
 * opens them, inside the app already loaded (the run takes a third of the time: the app does not
 * boot again for each page). The app may keep showing the previous page while the next one loads, so each h1 seen
 * is marked, and the next page is there once an unmarked h1 is.
 */
async function visit(page: Page, path: string) {
  if (!page.url().startsWith('http')) {
    await page.goto(path);
    return;
  }
  await page.evaluate((to) => {
    for (const heading of document.querySelectorAll('h1')) heading.dataset.axeSeen = 'true';
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page.locator('h1:not([data-axe-seen])').first()).toBeVisible();
}

/**
 * Opens `path`, waits for it to settle and checks it, then each other tab of its first tab list
 * (Settings: branding, message types, SMS, translation…), so what hides behind a tab is checked too.
 */
async function check(page: Page, path: string, language: TLanguage) {
  await visit(page, path);
  await settled(page);
  await expectNoViolations(page, `${path} (${language})`);
  const tabs = page.getByRole('main').getByRole('tablist').first().getByRole('tab');
  for (const tab of (await tabs.all()).slice(1)) {
    const name = await tab.textContent();
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await settled(page);
    await expectNoViolations(page, `${path}, ${name} tab (${language})`);
  }
}

/** Checks the page with `dialog` open, then closes it with Escape. */
async function checkDialog(page: Page, dialog: Locator, screen: string) {
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('.mantine-Loader-root:visible')).toHaveCount(0);
  await expectNoViolations(page, screen);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

for (const language of LANGUAGES) {
  test.describe(`accessibility in ${language}`, () => {
    test(`every public page and the 404 page (${language})`, async ({ browser }, testInfo) => {
      const context = await openContext(browser, language, `172.16.${testInfo.workerIndex + 1}.1`);
      const page = await context.newPage();
      for (const path of [...EVERY_PUBLIC_PAGE, '/no-such-page']) await check(page, path, language);
      await context.close();
    });

    test(`the API reference with its operations open, a call tried and the authorization dialog (${language})`, async ({
      browser,
    }, testInfo) => {
      // Swagger UI's own screens (decision 0078): /docs/api as it loads is in the loop above.
      // Every operation opened and checked by axe in a large page: 1.2–1.6 minutes beside three
      // other journeys on two cores, near the 90 s budget of one journey, so it gets three times it.
      test.slow();
      const context = await openContext(browser, language, `172.20.${testInfo.workerIndex + 1}.1`);
      const page = await context.newPage();
      await visit(page, '/docs/api');
      await settled(page);
      const operations = page.locator('.opblock-summary-control');
      await expect(operations.first()).toBeVisible();
      for (const operation of await operations.all()) await operation.click();
      await expect(page.locator('.opblock.is-open')).toHaveCount(await operations.count());
      await expectNoViolations(page, `/docs/api, every operation open (${language})`);
      // Each "Try it out" turns into "Cancel" once clicked: the first one left, until none is.
      const tryOut = page.getByRole('button', { name: 'Try it out' });
      while ((await tryOut.count()) > 0) await tryOut.first().click();
      await expect(page.getByRole('button', { name: 'Execute' })).toHaveCount(await operations.count());
      await expectNoViolations(page, `/docs/api, every call being tried (${language})`);
      await page.getByRole('button', { name: 'Authorize' }).first().click();
      const dialog = page.locator('.dialog-ux');
      await dialog.getByRole('textbox').fill('ms-not-a-key');
      await dialog.getByRole('button', { name: 'Authorize' }).click();
      await expect(dialog.getByRole('button', { name: 'Logout' })).toBeVisible();
      await expectNoViolations(page, `/docs/api, the authorization dialog (${language})`);
      await dialog.getByRole('button', { name: 'Close' }).first().click();
      await context.close();
    });

    test(`every admin page and the contact form (${language})`, async ({ browser }, testInfo) => {
      // Sixteen pages and a dialog, each waited for and checked: more than 90 s on a busy machine.
      test.slow();
      // The seeded demo station (contacts, types, users, audit entries); read only.
      const context = await openContext(browser, language, `172.17.${testInfo.workerIndex + 1}.1`);
      await signIn(context, 'admin@demo.test');
      const page = await context.newPage();
      for (const path of ADMIN_PAGES) await check(page, path, language);
      await check(page, '/admin/no-such-page', language);

      // SMS Contacts: the form that adds a contact.
      await visit(page, '/admin/sms-contacts');
      await settled(page);
      await page.getByRole('button', { name: text(language, 'smsContacts:addContact') }).click();
      await checkDialog(
        page,
        page.getByRole('dialog', { name: text(language, 'smsContacts:add.title') }),
        `add contact (${language})`,
      );
      await context.close();
    });

    test.describe('with a message', () => {
      // A station of its own with SMS on, so a message of its own can be opened and its send asked.
      test.use({ stationOptions: { languages: ['en', 'es'], smsEnabled: true } });

      test(`the messages page and its dialogs (${language})`, async ({ page, station, login }) => {
        await page.addInitScript((lng) => localStorage.setItem('i18nextLng', lng), language);
        await login(station.admin);
        const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrf_token')?.value;
        const created = await page.request.post('/admin/api/messages', {
          headers: { 'x-csrf-token': csrf ?? '' },
          data: {
            title: 'Road closure on Main Street',
            original: 'Main Street is closed until 5 PM today.',
            original_language: 'en',
            target_languages: ['es'],
            message_type: 'alert',
          },
        });
        expect(created.status()).toBe(201);
        await check(page, '/admin/messages', language);

        await page.getByRole('button', { name: text(language, 'messages:addMessage') }).click();
        await checkDialog(
          page,
          page.getByRole('dialog', { name: text(language, 'messages:form.createTitle') }),
          `new message (${language})`,
        );

        await page.getByRole('button', { name: text(language, 'messages:details'), exact: true }).click();
        const detail = page.getByRole('dialog', { name: 'Road closure on Main Street' });
        await expect(detail).toBeVisible();
        await expectNoViolations(page, `message details (${language})`);
        for (const tab of ['translations', 'delivery']) {
          await detail.getByRole('tab', { name: text(language, `messages:tabs.${tab}`) }).click();
          await expect(detail.getByRole('tabpanel')).toBeVisible();
          await expect(detail.locator('.mantine-Loader-root:visible')).toHaveCount(0);
          await expectNoViolations(page, `message details, ${tab} tab (${language})`);
        }
        await detail.getByRole('tab', { name: text(language, 'messages:tabs.content') }).click();
        await detail.getByRole('button', { name: text(language, 'messages:sms.send'), exact: true }).click();
        await expect(detail.getByRole('alertdialog')).toBeVisible();
        await expect(detail.getByText(text(language, 'messages:send.loading'))).toHaveCount(0);
        await expectNoViolations(page, `send confirmation (${language})`);
      });
    });

    test(`the admin area on a phone, 390 px (${language})`, async ({ browser }, testInfo) => {
      // Decision 0043: the pages an emergency needs, the menu, and a desktop-only page's notice.
      const context = await openContext(browser, language, `172.19.${testInfo.workerIndex + 1}.1`);
      await signIn(context, 'admin@demo.test');
      const page = await context.newPage();
      await page.setViewportSize({ width: 390, height: 844 });
      for (const path of [
        '/admin/dashboard',
        '/admin/messages',
        '/admin/alert',
        '/admin/machines',
        '/admin/account',
        '/admin/users',
      ])
        await check(page, path, language);
      await page.getByRole('button', { name: text(language, 'admin:layout.menu') }).click();
      await expect(page.getByRole('navigation').first()).toBeVisible();
      await expectNoViolations(page, `the menu on a phone (${language})`);
      await context.close();
    });

    test(`the superadmin page (${language})`, async ({ browser }, testInfo) => {
      const context = await openContext(browser, language, `172.18.${testInfo.workerIndex + 1}.1`);
      await signIn(context, 'superadmin@demo.test');
      const page = await context.newPage();
      await check(page, '/admin/superadmin', language);
      await context.close();
    });
  });
}
