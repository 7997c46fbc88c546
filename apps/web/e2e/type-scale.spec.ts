// The type (docs/design.md "Type", decision 0084): every page draws its text in Inter, the font
// the product serves itself, at no more than five sizes: caption 12, small 14, body 16, title 20,
// page title 28. The landing hero's title is the one size outside the scale.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signIn } from './helpers';

/** The scale's sizes, in px (TYPE_SCALE of src/app/theme.ts). */
const SCALE = [12, 14, 16, 20, 28];
/** The one size outside the scale, on the landing page only (HERO_TITLE_SIZE of HeroSection.tsx). */
const HERO_TITLE = '#hero-heading';

/**
 * The distinct font sizes (px) of the text, each with an example of its text, a person sees on the page or inside `within`: elements
 * with text of their own and form fields, shown and larger than a pixel (a visually hidden label is
 * clipped to one), outside `except`.
 */
async function textSizes(page: Page, within = 'body', except = HERO_TITLE): Promise<Record<number, string>> {
  return page.evaluate(
    ({ withinSelector, exceptSelector }) => {
      const sizes: Record<number, string> = {};
      const root = document.querySelector(withinSelector);
      if (!root) throw new Error(`nothing matches ${withinSelector}`);
      for (const element of [root, ...root.querySelectorAll('*')]) {
        if (!(element instanceof HTMLElement) || element.closest(exceptSelector)) continue;
        const field = element.matches('input:not([type=hidden]), textarea, select');
        const ownText = [...element.childNodes].some(
          (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
        );
        if (!field && !ownText) continue;
        const box = element.getBoundingClientRect();
        const style = getComputedStyle(element);
        if (box.width <= 1 || box.height <= 1 || style.visibility !== 'visible' || style.opacity === '0')
          continue;
        if (!element.checkVisibility()) continue;
        const size = Math.round(Number.parseFloat(style.fontSize) * 100) / 100;
        sizes[size] ??= (
          field ? `a field ${element.getAttribute('name') ?? ''}` : (element.textContent?.trim() ?? '')
        ).slice(0, 40);
      }
      return sizes;
    },
    { withinSelector: within, exceptSelector: except },
  );
}

/** The page's text is drawn in Inter: the first face named, and the served file loaded. */
async function expectInter(page: Page, where: string) {
  const family = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
  expect(family.split(',')[0]?.trim().replaceAll(/["']/g, ''), `the first face on ${where}`).toBe('Inter');
  // document.fonts.check is true for a name no @font-face declares as well: the face itself
  // must be there, loaded from the file. Its second face (the rest of Latin-1, decision 0084)
  // loads only for a page showing one of those letters (the language names of the settings), so
  // it may be either; the landing page's test checks that it stays out of the first paint.
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          [...document.fonts]
            .filter((face) => face.family.replaceAll(/["']/g, '') === 'Inter')
            .map(
              (face) => `${/^U\+0*20-/i.test(face.unicodeRange) ? 'first paint' : 'extra'} ${face.status}`,
            ),
        ),
      { message: `Inter's faces on ${where}` },
    )
    .toEqual(['first paint loaded', expect.stringMatching(/^extra (unloaded|loaded)$/)]);
  expect(await page.evaluate(() => document.fonts.check('16px Inter')), where).toBe(true);
}

async function expectScale(page: Page, where: string, within?: string) {
  const examples = await textSizes(page, within);
  const sizes = Object.keys(examples).map(Number);
  const shown = JSON.stringify(examples);
  expect(sizes.length, `${where} shows ${shown}`).toBeLessThanOrEqual(5);
  expect(
    sizes.filter((size) => !SCALE.includes(size)),
    `${where}: sizes outside the scale, ${shown}`,
  ).toEqual([]);
}

test.describe('type scale and font', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('the font comes from our own origin, preloaded: the first paint loads that one file', async ({
    page,
    baseURL,
  }) => {
    const fonts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'font') fonts.push(request.url());
    });
    const fontAnswer = page.waitForResponse((response) => response.request().resourceType() === 'font');
    await page.goto('/');
    const answer = await fontAnswer;
    expect(answer.status()).toBe(200);
    expect(new URL(answer.url()).origin).toBe(new URL(baseURL as string).origin);
    expect(answer.headers()['content-type']).toContain('font/woff2');
    const preload = page.locator('head link[rel="preload"][as="font"]');
    await expect(preload).toHaveCount(1);
    expect(new URL((await preload.getAttribute('href')) as string, baseURL).href).toBe(answer.url());
    await expectInter(page, '/');
    expect(new Set(fonts).size).toBe(1);
  });

  test('public pages: Inter, five sizes at most', async ({ page, station }) => {
    for (const path of [
      '/',
      '/signup',
      '/admin/login',
      '/contact',
      '/docs',
      '/privacy',
      `/join/${station.id}`,
    ]) {
      await page.goto(path);
      await expect(page.locator('h1').first()).toBeVisible();
      await expectInter(page, path);
      await expectScale(page, path);
    }
  });

  test('admin pages: Inter, five sizes at most', async ({ page }) => {
    // The seeded demo station (its subscribers, contacts, users); read only.
    await signIn(page, 'admin@demo.test');
    for (const path of [
      '/admin/dashboard',
      '/admin/messages',
      '/admin/settings',
      '/admin/users',
      '/admin/templates',
      '/admin/sms-contacts',
      '/admin/billing',
      '/admin/alert',
      '/admin/inbox',
    ]) {
      await page.goto(path);
      await expect(page.locator('main h1')).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: /loading/i })).toHaveCount(0);
      await expectInter(page, path);
      await expectScale(page, path);
    }
  });

  test('a message, its form and its details: five sizes at most', async ({ page, station }) => {
    await signIn(page, station.admin.email, station.admin.password);
    await page.goto('/admin/messages');
    await page.getByRole('button', { name: 'Add Message' }).click();
    const form = page.getByRole('dialog', { name: 'New Message' });
    const title = `Road closure ${Date.now()}`;
    await form.getByRole('textbox', { name: /^Title/ }).fill(title);
    await form
      .getByRole('textbox', { name: /^Original Text/ })
      .fill('Main Street is closed until 5 PM today.');
    await expectScale(page, 'the new message form', '[role="dialog"]');
    await form.getByRole('button', { name: 'Create Message' }).click();
    await expect(form).toBeHidden();

    const row = page.getByRole('row').filter({ hasText: title });
    await expect(row.locator('[data-language="es"][data-status="completed"]')).toHaveCount(1, {
      timeout: 15_000,
    });
    await expectScale(page, '/admin/messages with a message');
    await row.getByRole('button', { name: 'Details' }).click();
    const detail = page.getByRole('dialog', { name: title });
    await expect(detail.getByRole('table', { name: 'SMS Preview' })).toBeVisible();
    await expectScale(page, 'the message detail', '[role="dialog"]');
    await detail.getByRole('tab', { name: 'Translations' }).click();
    await expect(detail.locator('[data-translation="es"][data-status]')).toBeVisible();
    await expectScale(page, 'the message detail, translations', '[role="dialog"]');
  });
});
