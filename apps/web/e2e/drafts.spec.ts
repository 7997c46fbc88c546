// Drafts are never lost (decision 0076). On a desk (1440 × 900) and on a phone (390 × 844), staff
// write a message: Escape, a click outside and the browser's Back ask "Discard this draft?" instead
// of throwing the text away; Back never leaves Messages while the form is open, and once the form
// closes it leaves the page as it did before; the text comes back after a reload with "Draft
// restored", and a created message leaves nothing behind.
import type { Locator, Page } from '@playwright/test';
import { expect, type TStation, test } from './fixtures';

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const TEXT = 'The river road is flooded between Elm and Oak. Avoid the area.';

/** Signed in on the dashboard, then on Messages: Back from Messages goes to the dashboard. */
async function openMessages(
  page: Page,
  station: TStation,
  login: (account: TStation['admin']) => Promise<void>,
) {
  await login(station.admin);
  await page.goto('/admin/dashboard');
  await expect(page.getByText(`Welcome back, ${station.admin.fullName}`)).toBeVisible();
  await page.goto('/admin/messages');
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
}

async function newMessage(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Add Message' }).click();
  const form = page.getByRole('dialog', { name: 'New Message' });
  await expect(form).toBeVisible();
  return form;
}

/** New Message with a title and the text typed. */
async function write(page: Page, title: string): Promise<Locator> {
  const form = await newMessage(page);
  await form.getByRole('textbox', { name: /^Title/ }).fill(title);
  await form.getByRole('textbox', { name: /^Original Text/ }).fill(TEXT);
  return form;
}

/**
 * New Message with a title and the text typed, then Escape: the dirty form asks before the text
 * goes, and "Keep editing" keeps it open. Answers the form.
 */
async function writeAndEscape(page: Page, title: string): Promise<Locator> {
  const form = await write(page, title);
  await page.keyboard.press('Escape');
  await answer(page, 'Keep editing');
  await expect(form).toBeVisible();
  return form;
}

/** A clean form closes on Escape at once, asking nothing. */
async function escapeClean(page: Page, form: Locator) {
  await page.keyboard.press('Escape');
  await expect(form).toBeHidden();
  await expect(page.getByRole('dialog', { name: 'Discard this draft?' })).toHaveCount(0);
}

/** The question a dirty form asks, answered. */
async function answer(page: Page, choice: 'Keep editing' | 'Discard') {
  const asked = page.getByRole('dialog', { name: 'Discard this draft?' });
  await expect(asked.getByText('What you typed here will be lost.')).toBeVisible();
  await asked.getByRole('button', { name: choice }).click();
  await expect(asked).toBeHidden();
}

/** The New Message draft is in this browser's storage (saved half a second after typing). */
async function expectDraftKept(page: Page, text: string) {
  await expect
    .poll(() =>
      page.evaluate(() =>
        Object.entries(localStorage)
          .filter(([key]) => key.startsWith('message-station:draft:') && key.endsWith(':message:new'))
          .map(([, value]) => value)
          .join(''),
      ),
    )
    .toContain(text);
}

/**
 * The tests of one screen: at `viewport`, signed in on Messages (from the dashboard), with a title of
 * their own for the message they write.
 */
function draftsOn(
  screen: string,
  viewport: { width: number; height: number },
  name: string,
  body: (page: Page, title: string) => Promise<void>,
) {
  test.describe(`drafts on ${screen}`, () => {
    test.use({ viewport, stationOptions: { languages: ['en', 'es'], smsEnabled: false } });
    test(name, async ({ page, station, login }) => {
      const title = `Flood ${Date.now() % 100_000}`;
      await openMessages(page, station, login);
      await body(page, title);
    });
  });
}

/** Reload, New Message again: the draft is back, and says so; Create forgets it. */
async function reloadRestoreAndCreate(page: Page, title: string, shown: (title: string) => Locator) {
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'New Message' })).toHaveCount(0);
  const form = await newMessage(page);
  await expect(form.getByText('Draft restored')).toBeVisible();
  await expect(form.getByRole('textbox', { name: /^Title/ })).toHaveValue(title);
  await expect(form.getByRole('textbox', { name: /^Original Text/ })).toHaveValue(TEXT);
  await form.getByRole('button', { name: 'Create Message' }).click();
  await expect(form).toBeHidden();
  await expect(shown(title)).toBeVisible();

  const again = await newMessage(page);
  await expect(again.getByRole('textbox', { name: /^Title/ })).toHaveValue('');
  await expect(again.getByRole('textbox', { name: /^Original Text/ })).toHaveValue('');
  await expect(again.getByText('Draft restored')).toHaveCount(0);
  await escapeClean(page, again);
}

draftsOn(
  'a desk',
  DESKTOP,
  'Escape, a click outside and Back ask before the text goes; a reload brings it back',
  async (page, title) => {
    await escapeClean(page, await newMessage(page));

    const form = await writeAndEscape(page, title);
    await expect(form.getByRole('textbox', { name: /^Title/ })).toHaveValue(title);

    // Outside the dialog: the overlay at the left of the page.
    await page.mouse.click(40, DESKTOP.height / 2);
    await answer(page, 'Keep editing');
    await expect(form.getByRole('textbox', { name: /^Original Text/ })).toHaveValue(TEXT);

    // Back asks too, and kept, the page is still Messages with the form open.
    await page.goBack();
    await answer(page, 'Keep editing');
    await expect(page).toHaveURL(/\/admin\/messages$/);
    await expect(form.getByRole('textbox', { name: /^Title/ })).toHaveValue(title);

    await expectDraftKept(page, TEXT);
    await reloadRestoreAndCreate(page, title, (name) => page.getByRole('row').filter({ hasText: name }));
  },
);

draftsOn(
  'a phone',
  PHONE,
  'Back closes the form on Messages, asking first; then leaves the page as before; a reload brings the text back',
  async (page, title) => {
    let form = await writeAndEscape(page, title);
    expect((await form.boundingBox())?.width).toBe(PHONE.width);

    // Back: asked because the form is dirty; discarded, the form closes and Messages stays.
    await page.goBack();
    await answer(page, 'Discard');
    await expect(form).toBeHidden();
    await expect(page).toHaveURL(/\/admin\/messages$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();

    // Discarded is gone: the form opens empty.
    form = await newMessage(page);
    await expect(form.getByRole('textbox', { name: /^Title/ })).toHaveValue('');
    await expect(form.getByText('Draft restored')).toHaveCount(0);
    // Closed, the form took its history entry with it: Back leaves Messages for the dashboard.
    await escapeClean(page, form);
    await page.goBack();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await page.goForward();
    await expect(page).toHaveURL(/\/admin\/messages$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();

    form = await write(page, title);
    await expectDraftKept(page, TEXT);
    await reloadRestoreAndCreate(page, title, (name) => page.getByRole('article', { name }));
  },
);
