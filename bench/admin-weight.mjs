// Weight of a first visit: every byte on the wire (brotli where the server has it) when a
// signed-in staff member opens /admin with an empty cache, the landing page / and the demo
// station's join page /join/demo. scripts/page-weight.mjs (npm test) estimates the same from the
// build without a browser; this bench is the measurement it is checked against (decision 0062).
// Run: npm run build && npm run bench:weight [-- --screenshot=<file.png>]
// Starts the production server on a fresh embedded database with the dev tools (demo logins),
// signs in as the demo admin through the login page, then opens each page in a new browser
// context (its own empty cache) and sums Chromium's encoded bytes per resource type (CDP
// Network.loadingFinished), printing the requests and KiB per type and the 15 largest files;
// WEIGHT_JSON=<file> also keeps every request (URL, type, bytes) of the three visits.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { freePort } from './net.mjs';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const screenshotArg = process.argv.find((arg) => arg.startsWith('--screenshot='));
const ADMIN = { email: 'admin@demo.test', password: 'demo1234' };
/** A page is loaded once no request has started or finished for this long. */
const QUIET_MS = 1500;

async function startServer() {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ms-weight-'));
  const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DEV_TOOLS: 'true',
      DATABASE_URL: '',
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  const base = `http://localhost:${port}`;
  // Up to 3 min: a fresh embedded database migrates first, slowly on a busy machine.
  for (let i = 0; i < 360; i++) {
    const ready = await fetch(`${base}/readyz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ready) return { base, server, dataDir };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  server.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
  throw new Error('the server did not become ready');
}

const TYPES = {
  Script: 'script',
  Stylesheet: 'style',
  Font: 'font',
  Document: 'document',
  Fetch: 'fetch/xhr',
  XHR: 'fetch/xhr',
  Image: 'image',
};

/** Opens `url` in a fresh context (empty cache) and records every response's bytes on the wire. */
async function measure(browser, url, { storageState, screenshot, ready } = {}) {
  const context = await browser.newContext({
    storageState,
    locale: 'en-US',
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const requests = new Map();
  let lastActivity = Date.now();
  cdp.on('Network.requestWillBeSent', ({ requestId, request, type }) => {
    lastActivity = Date.now();
    requests.set(requestId, { url: request.url, type: TYPES[type] ?? 'other', bytes: 0, done: false });
  });
  cdp.on('Network.responseReceived', ({ requestId, response, type }) => {
    const entry = requests.get(requestId);
    if (!entry) return;
    entry.type = TYPES[type] ?? 'other';
    entry.encoding = response.headers['content-encoding'] ?? response.headers['Content-Encoding'] ?? '';
    // What had arrived when the response started: its status line and headers.
    entry.headerBytes = response.encodedDataLength;
  });
  cdp.on('Network.dataReceived', ({ requestId, encodedDataLength }) => {
    const entry = requests.get(requestId);
    if (entry && !entry.done) entry.bytes += encodedDataLength;
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    lastActivity = Date.now();
    const entry = requests.get(requestId);
    if (!entry) return;
    // The total on the wire, headers included; it replaces the running sum of the chunks.
    entry.bytes = encodedDataLength;
    entry.done = true;
  });
  cdp.on('Network.loadingFailed', ({ requestId }) => {
    lastActivity = Date.now();
    requests.get(requestId).done = true;
  });
  await page.goto(url, { waitUntil: 'load' });
  if (ready) await ready(page);
  while (Date.now() - lastActivity < QUIET_MS) await page.waitForTimeout(250);
  if (screenshot) await page.screenshot({ path: screenshot, fullPage: false });
  const finalUrl = page.url();
  await context.close();
  return { url: finalUrl, requests: [...requests.values()] };
}

const KiB = (bytes) => (bytes / 1024).toFixed(1);

function report(title, { url, requests }) {
  const total = requests.reduce((sum, r) => sum + r.bytes, 0);
  console.log(`\n${title}: ${url}`);
  const headers = requests.reduce((sum, r) => sum + (r.headerBytes ?? 0), 0);
  console.log(
    `total ${KiB(total)} KiB in ${requests.length} requests (${KiB(headers)} KiB of it response headers, ${KiB(total - headers)} KiB bodies)`,
  );
  const byType = new Map();
  for (const r of requests) {
    const sum = byType.get(r.type) ?? { count: 0, bytes: 0 };
    sum.count += 1;
    sum.bytes += r.bytes;
    byType.set(r.type, sum);
  }
  for (const [type, { count, bytes }] of [...byType].sort((a, b) => b[1].bytes - a[1].bytes)) {
    console.log(`  ${type.padEnd(10)} ${String(count).padStart(4)} requests ${KiB(bytes).padStart(8)} KiB`);
  }
  const encodings = new Map();
  for (const r of requests)
    encodings.set(r.encoding || 'none', (encodings.get(r.encoding || 'none') ?? 0) + 1);
  console.log(`  encodings: ${[...encodings].map(([e, n]) => `${e} ${n}`).join(', ')}`);
  const open = requests.filter((r) => !r.done);
  if (open.length)
    console.log(`  still open (streams): ${open.map((r) => new URL(r.url).pathname).join(', ')}`);
  console.log('  largest:');
  for (const r of [...requests].sort((a, b) => b.bytes - a.bytes).slice(0, 15)) {
    const where = new URL(r.url);
    console.log(`    ${KiB(r.bytes).padStart(7)} KiB  ${r.type.padEnd(9)} ${where.pathname}${where.search}`);
  }
  const font = requests.filter((r) => r.type === 'font').reduce((sum, r) => sum + r.bytes, 0);
  return { total, font };
}

const { base, server, dataDir } = await startServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  // Sign in the way a person does, and keep only the cookies for the measured visit.
  const signIn = await browser.newContext({ locale: 'en-US' });
  const loginPage = await signIn.newPage();
  await loginPage.goto(`${base}/admin/login`);
  await loginPage.getByLabel('Email').fill(ADMIN.email);
  await loginPage.getByLabel('Password').fill(ADMIN.password);
  await loginPage.getByRole('button', { name: 'Sign In' }).click();
  await loginPage.waitForURL(/\/admin\/dashboard$/);
  const storageState = await signIn.storageState();
  await signIn.close();

  const admin = await measure(browser, `${base}/admin`, {
    storageState,
    screenshot: screenshotArg?.slice('--screenshot='.length),
    ready: (page) => page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor({ timeout: 30_000 }),
  });
  const landing = await measure(browser, `${base}/`);
  const join = await measure(browser, `${base}/join/demo`, {
    ready: (page) => page.getByRole('button', { name: 'Subscribe' }).waitFor({ timeout: 30_000 }),
  });
  const totals = {
    'admin first visit': report('Admin first visit (signed in, empty cache)', admin),
    'landing page': report('Landing page (empty cache)', landing),
    'join page': report('Join page of the demo station (empty cache)', join),
  };
  if (process.env.WEIGHT_JSON)
    fs.writeFileSync(process.env.WEIGHT_JSON, JSON.stringify({ admin, landing, join }, null, 1));
  // 200 KiB for a first visit, the font included (decisions 0062 and 0084).
  const target = 200 * 1024;
  console.log('');
  for (const [name, { total, font }] of Object.entries(totals)) {
    console.log(
      `${name} ${KiB(total)} KiB (the font ${KiB(font)} KiB of it): ${total <= target ? 'within' : 'over'} the target of 200 KiB`,
    );
  }
} finally {
  await browser.close();
  server.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
