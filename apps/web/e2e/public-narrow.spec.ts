// Every public page on a phone (390 px): nothing wider than the screen, so the page never
// scrolls sideways; the footer's link columns stack instead of squeezing.
import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { EVERY_PUBLIC_PAGE } from './pages.mjs';

/** How far the page is wider than the window, with the widest element to blame. */
async function sidewaysOverflow(page: Page) {
  return page.evaluate(() => {
    const viewport = window.innerWidth;
    let widest = '';
    let widestRight = viewport;
    for (const element of document.body.querySelectorAll('*')) {
      const right = element.getBoundingClientRect().right;
      if (right > widestRight) {
        widestRight = right;
        widest = `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`;
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, viewport, widest };
  });
}

for (const language of ['en', 'es']) {
  test.describe(`public pages at 390 px in ${language}`, () => {
    // The browser's language too: the subscriber pages follow it, the staff pages follow i18nextLng.
    test.use({ viewport: { width: 390, height: 844 }, locale: `${language}-US` });

    test('no page scrolls sideways', async ({ page }) => {
      await page.addInitScript((lng) => localStorage.setItem('i18nextLng', lng), language);
      for (const path of EVERY_PUBLIC_PAGE) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await page.waitForLoadState('networkidle');
        const found = await sidewaysOverflow(page);
        expect(
          found.scrollWidth,
          `${path} is ${found.scrollWidth} px wide (widest: ${found.widest})`,
        ).toBeLessThanOrEqual(found.viewport);
      }
    });
  });
}
