// Screenshots of pages at desktop (1280) and mobile (375) widths, for looking at what we build.
// Usage: node scripts/screenshots.mjs [baseUrl=http://localhost:3000] [outDir=screenshots] [path ...]
// Admin paths (/admin/...) are taken signed in as the demo admin (/admin/superadmin as the demo
// superadmin); /login pages signed out. The path `all` means every page of the product (the set
// kept in docs/screenshots/). SCREENSHOT_WIDTHS=1440,390 picks the widths (default 1280,375);
// SCREENSHOT_FORMAT=jpeg writes smaller JPEG files (quality 60) instead of PNG.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { ADMIN_PAGES, EVERY_PUBLIC_PAGE } from '../apps/web/e2e/pages.mjs';

const [baseUrl = 'http://localhost:3000', outDir = 'screenshots', ...paths] = process.argv.slice(2);
/** Every page: public ones, the 404 page, the admin area's, the superadmin's. */
const EVERY_PAGE = [...EVERY_PUBLIC_PAGE, '/no/such/page', ...ADMIN_PAGES, '/admin/superadmin'];
const pages =
  paths.length === 1 && paths[0] === 'all'
    ? EVERY_PAGE
    : paths.length
      ? paths
      : [
          '/',
          '/admin/login',
          '/no/such/page',
          '/contact',
          '/admin/dashboard',
          '/admin/users',
          '/admin/messages',
        ];
const widths = (process.env.SCREENSHOT_WIDTHS ?? '1280,375').split(',').map(Number);
const jpeg = process.env.SCREENSHOT_FORMAT === 'jpeg';

fs.mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
  ],
});

async function contextFor(width, signedIn, email) {
  const context = await browser.newContext({
    viewport: { width, height: width < 768 ? 812 : 900 },
    baseURL: baseUrl,
    // The style tag added below is the script's, not the page's: the page's
    // Content-Security-Policy (nonces only) would refuse it.
    bypassCSP: true,
  });
  await context.addInitScript((lng) => localStorage.setItem('i18nextLng', lng), language);
  if (signedIn) {
    const page = await context.newPage();
    await page.goto('/admin/login');
    // Sign in through the form's fields by type, so it works in either language.
    await page.locator('input[type="email"]').fill(email);
    await page.locator('input[type="password"]').fill('demo1234');
    await page.locator('button[type="submit"]').click();
    await page.waitForURL(/\/admin\/dashboard/);
    await page.close();
  }
  return context;
}

const email = process.env.SCREENSHOT_USER ?? 'admin@demo.test';
// SCREENSHOT_LANG=es takes the pages in Spanish.
const language = process.env.SCREENSHOT_LANG ?? 'en';
for (const width of widths) {
  const anonymous = await contextFor(width, false);
  const signedIn = await contextFor(width, true, email);
  const superadmin = pages.includes('/admin/superadmin')
    ? await contextFor(width, true, 'superadmin@demo.test')
    : null;
  for (const pagePath of pages) {
    const isAdmin = pagePath.startsWith('/admin/') && pagePath !== '/admin/login';
    const context =
      pagePath === '/admin/superadmin' && superadmin ? superadmin : isAdmin ? signedIn : anonymous;
    const page = await context.newPage();
    await page.goto(pagePath);
    await page.waitForLoadState('networkidle');
    // Off-screen landing sections skip rendering (content-visibility) until scrolled to; a
    // full-page picture must show them.
    await page.addStyleTag({ content: '*{content-visibility:visible!important}' });
    const suffix = language === 'en' ? '' : `-${language}`;
    const extension = jpeg ? 'jpg' : 'png';
    const name = `${pagePath.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-') || 'home'}-${width}${suffix}.${extension}`;
    await page.screenshot({
      path: path.join(outDir, name),
      fullPage: true,
      ...(jpeg ? { type: 'jpeg', quality: 60 } : {}),
    });
    console.log(path.join(outDir, name));
    await page.close();
  }
  await anonymous.close();
  await signedIn.close();
  await superadmin?.close();
}
await browser.close();
