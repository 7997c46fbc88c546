// The join page is on screen before any script runs (decision 0044): the server renders the
// station's page in the language the visitor will read it in, and the app attaches to that markup
// instead of drawing it again. A visitor whose chosen language differs never sees the other one.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * Console errors and uncaught exceptions of the page (a hydration mismatch shows as one). The
 * session check's 401 for a visitor who is not signed in is the browser's note, not the page's.
 */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      errors.push(message.text());
    }
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test.describe('without scripts', () => {
  test.use({ javaScriptEnabled: false, locale: 'es-MX' });

  test("a Spanish visitor reads the station's join page, form and consent included", async ({
    page,
    station,
  }) => {
    await page.goto(`/join/${station.id}`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Suscribirse a alertas por SMS' }),
    ).toBeVisible();
    await expect(page.getByText(station.displayName, { exact: true })).toBeVisible();
    // Shown, but waiting for the app: typed into now, the number would not reach the form.
    await expect(page.getByLabel(/^Número de teléfono/)).toBeVisible();
    await expect(page.getByLabel(/^Número de teléfono/)).toBeDisabled();
    await expect(page.getByRole('checkbox', { name: new RegExp(station.displayName) })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Suscribirse' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page).toHaveTitle(
      `Suscribirse a alertas por SMS · ${station.displayName} · Message Station`,
    );
    // The unsubscribe page too.
    await page.goto(`/unsubscribe/${station.id}`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Cancelar la suscripción a alertas por SMS' }),
    ).toBeVisible();
  });
});

test.describe('with scripts', () => {
  test.use({ locale: 'es-MX' });

  test('the app takes over the painted page, the same nodes, and the form works', async ({
    page,
    station,
  }) => {
    const errors = watchErrors(page);
    // The first paint's heading and phone field, taken before the app's code has loaded.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const painted = window as unknown as Record<string, unknown>;
        painted.paintedHeading = document.querySelector('h1');
        painted.paintedPhone = document.querySelector('input[type="tel"]');
      });
    });
    await page.goto(`/join/${station.id}`);
    const heading = page.getByRole('heading', { level: 1, name: 'Suscribirse a alertas por SMS' });
    await expect(heading).toBeVisible();
    // Attached: buttons take clicks once the app holds the markup.
    await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered-path');
    await expect(page.getByLabel(/^Número de teléfono/)).toBeEditable();
    const kept = await page.evaluate(() => {
      const painted = window as unknown as Record<string, unknown>;
      return (
        painted.paintedHeading === document.querySelector('h1') &&
        painted.paintedPhone === document.querySelector('input[type="tel"]')
      );
    });
    expect(kept).toBe(true);
    // The form answers as the app's: a missing choice is refused in Spanish.
    await page.getByRole('button', { name: 'Suscribirse' }).click();
    await expect(page.getByText('Seleccione al menos un tipo de alerta')).toBeVisible();
    // The language switch still switches.
    await page.getByRole('combobox', { name: 'Idioma' }).selectOption('en');
    await expect(page.getByRole('heading', { level: 1, name: 'Subscribe to SMS Alerts' })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('a visitor who chose English before is shown English only, drawn by the app', async ({
    page,
    station,
  }) => {
    const errors = watchErrors(page);
    await page.addInitScript(() => {
      localStorage.setItem('subscriberLanguage', 'en');
      // Every heading the page ever shows, visible or not, from the first paint on.
      const seen: string[] = [];
      (window as unknown as { seenHeadings: string[] }).seenHeadings = seen;
      new MutationObserver(() => {
        const h1 = document.querySelector('h1');
        const hidden = document.documentElement.hasAttribute('data-prerender-stale');
        if (h1 && !hidden) seen.push(h1.textContent ?? '');
      }).observe(document, { childList: true, subtree: true, attributes: true });
    });
    await page.goto(`/join/${station.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Subscribe to SMS Alerts' })).toBeVisible();
    const seen = await page.evaluate(() => (window as unknown as { seenHeadings: string[] }).seenHeadings);
    expect(seen.filter((text) => text !== 'Subscribe to SMS Alerts')).toEqual([]);
    expect(errors).toEqual([]);
  });
});
