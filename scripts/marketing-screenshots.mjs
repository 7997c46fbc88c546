// The screenshots the landing and platform-overview pages show: our own app, seeded demo data,
// taken by Chromium at 1280×800 into apps/web/public/screenshots. Start a server with a fresh
// demo database first (e.g. DATA_DIR=/tmp/shots PORT=3200 SEED_DEMO=true npm start), then:
//   node scripts/marketing-screenshots.mjs http://localhost:3200
// The desktop pictures come from a real agent (apps/agent, built) that this script starts with a
// fresh API key, on the silent audio output, and stops at the end.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const baseUrl = process.argv[2] ?? 'http://localhost:3000';
const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const outDir = path.join(root, 'apps/web/public/screenshots');
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

// The desktop agent: a key for the standard user, then the agent on this server.
const csrf = (await context.cookies()).find((cookie) => cookie.name === 'csrf_token')?.value ?? '';
const staff = (await (await page.request.get('/admin/api/users')).json()).find(
  (u) => u.email === 'user@demo.test',
);
const issued = await page.request.post(`/admin/api/users/${staff.id}/api-key`, {
  headers: { 'x-csrf-token': csrf },
});
const { api_key: apiKey } = await issued.json();
const home = fs.mkdtempSync(path.join(os.tmpdir(), 'ms-shots-agent-'));
const agent = spawn(
  process.execPath,
  [
    path.join(root, 'apps/agent/dist/cli.js'),
    ...['--server', baseUrl, '--station', 'demo', '--name', 'Studio A', '--audio-output', 'null'],
    ...['--status-port', '0', '--no-open', '--export-dir', path.join(home, 'exports')],
  ],
  { env: { ...process.env, MESSAGE_STATION_HOME: home, MESSAGE_STATION_API_KEY: apiKey } },
);
const statusUrl = await new Promise((resolve, reject) => {
  let output = '';
  agent.stdout.on('data', (chunk) => {
    output += chunk;
    const found = /Status page: (\S+)/.exec(output);
    if (found && output.includes('Connected')) resolve(found[1]);
  });
  agent.once('exit', (code) => reject(new Error(`the agent stopped (${code}): ${output}`)));
});
try {
  await page.goto('/admin/machines');
  await page.getByRole('cell', { name: 'Studio A' }).waitFor();
  await shoot('machines');
  // Play the flood warning on Studio A so the agent's page shows what it is doing.
  const messages = await (await page.request.get('/admin/api/messages')).json();
  const flood = messages.find((m) => m.title === 'Flash flood warning');
  const clients = (await (await page.request.get('/admin/api/clients')).json()).clients;
  await page.request.post(`/admin/api/messages/${flood.id}/play`, {
    headers: { 'x-csrf-token': csrf },
    data: { client_id: clients[0].client_id },
  });
  await page.goto(statusUrl);
  await page.getByText('Flash flood warning').first().waitFor();
  await shoot('desktop-agent-status');
} finally {
  agent.kill('SIGTERM');
}
await browser.close();
