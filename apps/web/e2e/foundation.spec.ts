import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

test.describe('public shell', () => {
  test('switches to Spanish and stays Spanish after reload', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Station Login' })).toBeVisible();
    await page.getByRole('banner').getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitem', { name: 'Español' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Acceso de estación' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('es');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Acceso de estación' })).toBeVisible();
  });

  test('an unknown path shows Page Not Found with a way home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', '/contact');
    await page.getByRole('link', { name: 'Go Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the mobile menu has the five links and closes on a click', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    const menu = page.getByRole('navigation', { name: 'Mobile navigation' });
    for (const name of ['Platform Overview', 'Features', 'Pricing', 'Create Station', 'Contact']) {
      await expect(menu.getByRole('link', { name })).toBeVisible();
    }
    await menu.getByRole('link', { name: 'Platform Overview' }).click();
    await expect(page).toHaveURL(/\/platform-overview$/);
    await expect(menu).toBeHidden();
  });
});

test.describe('admin shell', () => {
  test('an admin signs in and reaches the dashboard showing the station name', async ({ page }) => {
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/admin\/login$/);
    await signIn(page, 'admin@demo.test');
    const banner = page.getByRole('banner');
    await expect(banner.getByText('Demo Radio')).toBeVisible();
    await expect(banner.getByText('Alex Admin')).toBeVisible();
    await expect(banner.getByText('admin@demo.test')).toBeVisible();
    const nav = page.getByRole('navigation');
    for (const name of [
      'Dashboard',
      'Messages',
      'Machines',
      'SMS Contacts',
      'Users',
      'Billing',
      'Settings',
    ]) {
      await expect(nav.getByRole('link', { name })).toBeVisible();
    }
    // The session survives a reload, and the login page sends a signed-in user on.
    await page.reload();
    await expect(page.getByRole('banner').getByText('Demo Radio')).toBeVisible();
    await page.goto('/login');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });

  test('a wrong password shows the spec’s error', async ({ page }) => {
    await page.goto('/admin/login');
    await page.getByLabel('Email').fill('admin@demo.test');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Invalid email or password')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/login$/);
  });

  test('a standard user sees Access Denied on an admin-only page and no admin links', async ({ page }) => {
    await signIn(page, 'user@demo.test');
    const nav = page.getByRole('navigation');
    await expect(nav.getByRole('link', { name: 'Messages' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Users' })).toHaveCount(0);
    await page.goto('/admin/users');
    await expect(page.getByText('Access Denied')).toBeVisible();
    await expect(page.getByText('You need administrator privileges to access this page.')).toBeVisible();
    await page.goto('/users');
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(page.getByText('Access Denied')).toBeVisible();
  });

  test('at 375px a desktop-only admin page asks for a larger display and leads to the phone pages', async ({
    page,
  }) => {
    await signIn(page, 'admin@demo.test');
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/admin/billing');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Admin Mode Requires Larger Display' }),
    ).toBeVisible();
    await expect(page.getByText(/769/)).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Messages' }).click();
    await expect(page).toHaveURL(/\/admin\/messages$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  });

  test('logout returns to the public site and ends the session', async ({ page }) => {
    await signIn(page, 'admin@demo.test');
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Station Login' })).toBeVisible();
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/admin\/login$/);
  });
});
