import path from 'node:path';
import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

// These journeys change the Riverside station (the demo's free-trial station), so the demo
// station other journeys rely on stays as seeded.
const ADMIN = 'admin@riverside.test';
const LOGO = path.resolve(import.meta.dirname, '../public/logo-128.png');

test.describe('station administration', () => {
  test.describe.configure({ mode: 'serial' });

  test('an admin rebrands the station, adds Korean and enables SMS; the top bar and join page follow', async ({
    page,
  }) => {
    await signIn(page, ADMIN);
    await page.goto('/admin/settings');
    await expect(page.getByLabel('Station Name')).toHaveValue('Riverside Schools');
    await page.getByLabel('Display Name').fill('Riverside Alerts');
    await page.getByLabel('Brand Color').fill('#0b7a75');
    await page.getByRole('checkbox', { name: 'Korean' }).check();
    await page.locator('input[type="file"]').setInputFiles(LOGO);
    await expect(page.getByText('Logo uploaded.')).toBeVisible();
    await expect(page.getByRole('banner').getByRole('img', { name: /logo/ })).toHaveAttribute(
      'src',
      /\/api\/stations\/riverside\/logo\?v=\d+/,
    );

    await page.getByRole('tab', { name: 'SMS Settings' }).click();
    await page.getByRole('switch', { name: 'Enable SMS' }).check();
    await page.getByRole('button', { name: 'Save All Settings' }).click();
    await expect(page.getByText('All settings saved successfully! Refreshing...')).toBeVisible();
    await expect(page.getByRole('banner').getByText('Riverside Alerts')).toBeVisible();

    await page.goto('/admin/settings');
    await page.getByRole('tab', { name: 'SMS Settings' }).click();
    await expect(page.getByRole('switch', { name: 'Enable SMS' })).toBeChecked();

    // The join page carries the new name, logo and languages.
    await page.goto('/join/riverside');
    await expect(page.getByText('Get text message alerts from Riverside Alerts')).toBeVisible();
    await expect(page.getByRole('img', { name: /Riverside Alerts/ })).toHaveAttribute(
      'src',
      /\/api\/stations\/riverside\/logo\?v=\d+/,
    );
    await page.getByRole('checkbox', { name: /Emergency/ }).check();
    await expect(
      page.getByRole('combobox', { name: 'Emergency: receive in' }).getByRole('option'),
    ).toHaveText(['English', 'Español', '中文', '한국어']);
  });

  test('an admin adds a colleague, who then signs in', async ({ page, browser }) => {
    await signIn(page, ADMIN);
    await page.goto('/admin/users');
    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New User' });
    await dialog.getByLabel('Full Name').fill('Casey Colleague');
    await dialog.getByLabel('Email').fill('casey@riverside.test');
    await dialog.getByLabel('Phone Number').fill('4155550177');
    await dialog.getByLabel('Initial Password').fill('casey-pass-1');
    await dialog.getByRole('button', { name: 'Add User' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('cell', { name: 'casey@riverside.test' })).toBeVisible();
    await expect(page.getByRole('cell', { name: '(415) 555-0177' })).toBeVisible();

    const colleague = await (await browser.newContext()).newPage();
    await colleague.goto('/admin/login');
    await colleague.getByLabel('Email').fill('casey@riverside.test');
    await colleague.getByLabel('Password').fill('casey-pass-1');
    await colleague.getByRole('button', { name: 'Sign In' }).click();
    await expect(colleague).toHaveURL(/\/admin\/dashboard$/);
    await colleague.goto('/admin/users');
    await expect(colleague.getByText('Access Denied')).toBeVisible();
  });

  test('an admin buys credits through the test checkout and sees the breakdown change', async ({ page }) => {
    await signIn(page, ADMIN);
    await page.goto('/admin/billing');
    const purchased = page.getByRole('row', { name: /Purchased Credits/ });
    await expect(purchased).toContainText('0');
    const buy = page.getByRole('link', { name: /Buy 500 credits for \$10/ });
    const href = (await buy.getAttribute('href')) as string;
    expect(href).toContain('client_reference_id=');
    await page.goto(href);
    await page.getByRole('button', { name: /^Pay \$10/ }).click();
    await expect(page.getByText('Payment recorded')).toBeVisible();
    await page.getByRole('link', { name: 'Back to Billing' }).click();
    await expect(page.getByRole('row', { name: /Purchased Credits/ })).toContainText('500');
    await expect(page.getByRole('row', { name: /Total Available/ })).toContainText('550');
    await expect(page.getByText('Purchased 500 credits')).toBeVisible();
  });

  test('the service operator views the station as its admin and leaves again', async ({ page }) => {
    await signIn(page, 'superadmin@demo.test');
    await page.goto('/admin/superadmin');
    await expect(page.getByRole('heading', { name: 'Superadmin Dashboard' })).toBeVisible();
    const row = page.getByRole('row', { name: /riverside/ });
    await row.getByRole('button', { name: 'View as Admin' }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    const bar = page.getByRole('region', { name: 'Station view' });
    await expect(bar).toContainText('Viewing as: Riverside Alerts');
    await page.goto('/admin/users');
    await expect(page.getByRole('cell', { name: 'casey@riverside.test' })).toBeVisible();
    await bar.getByRole('button', { name: 'Exit View' }).click();
    await expect(bar).toBeHidden();
    await expect(page.getByRole('banner').getByText('Message Station Operations')).toBeVisible();
  });
});
