// The screenshots the landing and platform-overview pages show: our own app, seeded demo data,
// taken by Chromium at 1280×800 into apps/web/public/screenshots. Start a server with a fresh
// demo database first (e.g. DATA_DIR=/tmp/shots PORT=3200 SEED_DEMO=true npm start), then:
//   node scripts/marketing-screenshots.mjs http://localhost:3200
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const baseUrl = process.argv[2] ?? 'http://localhost:3000';
const outDir = path.resolve(fileURLToPath(new URL('..', import.meta.url)), 'apps/web/public/screenshots');
fs.mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
});
const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: baseUrl });
await context.addInitScript(() => localStorage.setItem('i18nextLng', 'en'));
const page = await context.newPage();
const shoot = async (name) => {
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: path.join(outDir, `${name}.png`) });
  console.log(path.join(outDir, `${name}.png`));
};

await page.goto('/join/demo');
await page.getByRole('checkbox', { name: 'Emergency', exact: true }).check();
await shoot('join');

await page.goto('/admin/login');
await page.getByLabel('Email').fill('admin@demo.test');
await page.getByLabel('Password').fill('demo1234');
await page.getByRole('button', { name: 'Sign In' }).click();
await page.waitForURL(/dashboard/);

await page.goto('/admin/messages');
await page.getByRole('button', { name: 'Add Message' }).click();
const form = page.getByRole('dialog', { name: 'New Message' });
await form.getByRole('textbox', { name: /^Title/ }).fill('Flash flood warning');
await form.getByRole('combobox', { name: 'Type' }).selectOption('emergency');
await form
  .getByRole('textbox', { name: /^Original Text/ })
  .fill('A flash flood warning is in effect for the river valley until 9 PM. Move to higher ground now.');
await form.getByRole('button', { name: 'Create Message' }).click();
await page
  .getByRole('row')
  .filter({ hasText: 'Flash flood warning' })
  .locator('[data-status="completed"]')
  .first()
  .waitFor({ timeout: 20_000 });
// Let the "Message created" notice fade before the picture.
await page
  .locator('.mantine-Notification-root')
  .first()
  .waitFor({ state: 'detached', timeout: 10_000 })
  .catch(() => {});
await shoot('messages');

await page
  .getByRole('row')
  .filter({ hasText: 'Flash flood warning' })
  .getByRole('button', { name: 'Details' })
  .click();
const detail = page.getByRole('dialog', { name: 'Flash flood warning' });
await detail.getByRole('button', { name: 'Send SMS' }).click();
await page
  .getByRole('alertdialog')
  .getByRole('button', { name: /^Send to/ })
  .click();
await detail.waitFor({ state: 'hidden', timeout: 10_000 });
await page
  .getByRole('row')
  .filter({ hasText: 'Flash flood warning' })
  .getByRole('button', { name: 'Details' })
  .click();
await detail.getByText(/SMS processed/).waitFor();
await page.waitForTimeout(600);
await shoot('message-detail');
await page.keyboard.press('Escape');

await page.goto('/admin/dashboard');
await page.getByText('Recent Activity').waitFor();
await shoot('dashboard');
await page.goto('/admin/sms-contacts');
await shoot('sms-contacts');
await page.goto('/admin/settings');
await shoot('settings');
await browser.close();
