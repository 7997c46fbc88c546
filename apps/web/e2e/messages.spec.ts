import type { Browser, Page } from '@playwright/test';
import { expect, type TAccount, test } from './fixtures';
import { signIn } from './helpers';

/** A signed-in admin on the Messages page, with the live stream connected. */
async function messagesPage(browser: Browser, admin: TAccount): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, admin.email, admin.password);
  await page.goto('/admin/messages');
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Live updates: Live' })).toBeVisible({ timeout: 10_000 });
  return page;
}

test.describe('messages', () => {
  // A station of its own speaking English, Spanish and French (the form offers only its languages).
  test.use({ stationOptions: { languages: ['en', 'es', 'fr'], smsEnabled: false } });

  test('staff create a message with Spanish and French targets, a second tab sees it live, edit it and delete it', async ({
    browser,
    station,
  }) => {
    const title = `Road closure ${Date.now()}`;
    const page = await messagesPage(browser, station.admin);
    const other = await messagesPage(browser, station.admin);
    await expect(other.getByText(title)).toHaveCount(0);

    // Create: Spanish and French are preselected (the station's other languages).
    await page.getByRole('button', { name: 'Add Message' }).click();
    const form = page.getByRole('dialog', { name: 'New Message' });
    await expect(form.getByLabel('Original Language')).toHaveValue('en');
    await expect(form.getByRole('checkbox', { name: 'Spanish' })).toBeChecked();
    await expect(form.getByRole('checkbox', { name: 'English' })).toHaveCount(0);
    await expect(form.getByRole('checkbox', { name: 'French' })).toBeChecked();
    await form.getByRole('textbox', { name: /^Title/ }).fill(title);
    await form
      .getByRole('textbox', { name: /^Original Text/ })
      .fill('Main Street is closed until 5 PM today.');
    // The counter is the room in one SMS, less the station's name and the opt-out line (decision 0052).
    await expect(form.locator('[data-sms-budget]')).toHaveText(
      /^39 \/ 1,[0-5]\d\d characters in one SMS \(station name and opt-out line: \d+\)$/,
    );
    await form.getByRole('button', { name: 'Create Message' }).click();
    await expect(form).toBeHidden();

    // One badge per target; Apertium (installed by .ci/run and the README) completes both, live.
    const row = page.getByRole('row').filter({ hasText: title });
    await expect(row).toHaveCount(1);
    await expect(row.locator('[data-language="es"][data-status="completed"]')).toHaveCount(1, {
      timeout: 15_000,
    });
    await expect(row.locator('[data-language="fr"][data-status="completed"]')).toHaveCount(1, {
      timeout: 15_000,
    });
    await expect(row.getByText('Just now')).toBeVisible();

    // The other tab was not reloaded: the stream brought the message.
    const otherRow = other.getByRole('row').filter({ hasText: title });
    await expect(otherRow).toHaveCount(1, { timeout: 10_000 });
    await expect(otherRow.locator('[data-language="es"][data-status="completed"]')).toHaveCount(1);
    await expect(otherRow.locator('[data-language="fr"][data-status="completed"]')).toHaveCount(1);

    await expect(row.locator('[data-send-state]')).toHaveText('Not sent');
    // At 1280 px beside the menu the whole row shows, Details included: the table does not
    // scroll sideways (its content column is cut to the room left).
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(row.getByRole('button', { name: 'Details' })).toBeInViewport({ ratio: 1 });

    // Details: the content and its SMS preview first; both translations listed with a status on
    // their tab; edit title and content.
    await row.getByRole('button', { name: 'Details' }).click();
    const detail = page.getByRole('dialog', { name: title });
    await expect(detail.getByRole('table', { name: 'SMS Preview' })).toContainText('English (original)');
    await detail.getByRole('tab', { name: 'Translations' }).click();
    await expect(detail.locator('[data-translation="es"][data-status]')).toBeVisible();
    await expect(detail.locator('[data-translation="fr"][data-status]')).toBeVisible();
    await detail.getByRole('button', { name: 'Edit', exact: true }).click();
    const edited = `${title} (updated)`;
    await detail.getByRole('textbox', { name: /^Title/ }).fill(edited);
    await detail.getByRole('textbox', { name: /^Content/ }).fill('Main Street reopens at 6 PM today.');
    await detail.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(detail.getByText('Message updated and re-translated successfully')).toBeVisible();
    await expect(detail.getByText('Main Street reopens at 6 PM today.')).toBeVisible();
    // Re-translated from the new text, live.
    await detail.getByRole('tab', { name: 'Translations' }).click();
    await expect(detail.locator('[data-translation="es"][data-status="completed"]')).toContainText('6', {
      timeout: 15_000,
    });
    await expect(page.getByRole('row').filter({ hasText: edited })).toHaveCount(1);
    await expect(other.getByRole('row').filter({ hasText: edited })).toHaveCount(1, { timeout: 10_000 });

    // Delete, after the confirmation; the modal closes and both tabs lose the row.
    // Delete waits in More actions, not beside Edit.
    await detail.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete', exact: true }).click();
    await expect(detail.getByText('Delete this message? This cannot be undone.')).toBeVisible();
    await detail.getByRole('button', { name: 'Delete Message' }).click();
    await expect(detail.getByText('Message deleted successfully')).toBeVisible();
    await expect(detail).toBeHidden({ timeout: 5000 });
    await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(0);
    await expect(other.getByRole('row').filter({ hasText: title })).toHaveCount(0, { timeout: 10_000 });

    await page.context().close();
    await other.context().close();
  });
});
