// One filled primary action per view, destructive actions in menus (docs/design.md "Actions",
// decision 0085): on a new station's main admin pages and every Settings tab, at most one filled
// button shows in the page (Mantine marks a Button's variant only when given one, and its default is
// filled); the empty Messages list leads to writing the first alert; a message's detail has Send SMS
// as its one filled action, Delete in More actions, and its actions stay on their rows at 1440 px
// and inside the screen at 390 px.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoSidewaysScroll } from './helpers';

/** A filled Mantine button: `data-variant="filled"`, or none given (Mantine's default). */
const FILLED = '.mantine-Button-root[data-variant="filled"], .mantine-Button-root:not([data-variant])';

async function expectAtMostOneFilled(page: Page, where: string) {
  const filled = page.locator('main').locator(FILLED).filter({ visible: true });
  const names = await filled.allInnerTexts();
  expect(names.length, `${where}: filled buttons ${JSON.stringify(names)}`).toBeLessThanOrEqual(1);
}

/** Each page with what shows once it has loaded. */
const PAGES: [string, (page: Page) => Locator][] = [
  ['/admin/dashboard', (page) => page.getByRole('region', { name: 'Total Messages' })],
  ['/admin/messages', (page) => page.getByText('No messages yet.')],
  ['/admin/templates', (page) => page.getByText(/^No templates yet/)],
  ['/admin/sms-contacts', (page) => page.getByText(/^No SMS contacts found/)],
  ['/admin/users', (page) => page.getByRole('button', { name: /^More actions for / }).first()],
  ['/admin/machines', (page) => page.getByText(/^No machines currently connected/)],
  ['/admin/settings?tab=branding', (page) => page.getByRole('button', { name: 'Save Station Branding' })],
  ['/admin/settings?tab=messageTypes', (page) => page.getByRole('button', { name: 'Save Message Types' })],
  ['/admin/settings?tab=sms', (page) => page.getByText('Reply to HELP')],
  ['/admin/settings?tab=voice', (page) => page.getByRole('button', { name: 'Save voices' })],
  ['/admin/settings?tab=translation', (page) => page.getByRole('button', { name: 'Save glossary' })],
];

test.describe('one filled action per view', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the main admin pages show at most one filled button; the empty Messages list writes the first alert', async ({
    page,
    station,
    login,
  }) => {
    await login(station.admin);
    for (const [path, loaded] of PAGES) {
      await page.goto(path);
      await expect(loaded(page)).toBeVisible();
      await expectAtMostOneFilled(page, path);
    }

    await page.goto('/admin/messages');
    const write = page.getByRole('link', { name: 'Write the first alert' });
    await expect(write).toHaveAttribute('href', '/admin/alert');
    await expect(page.locator('main').locator(FILLED).filter({ visible: true })).toHaveText([
      'Write the first alert',
    ]);
    await expect(page.getByRole('link', { name: 'Start from a template' })).toHaveAttribute(
      'href',
      '/admin/templates',
    );
    // Filtered to nothing: a different sentence, and a way back.
    await page.getByRole('searchbox', { name: 'Search' }).fill('no such words');
    await expect(page.getByText('No messages match your search or type filter.')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page.getByText('No messages yet.')).toBeVisible();
  });
});

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`a message's detail at ${viewport.width} px: Send SMS filled, Delete in More actions, nothing wraps`, async ({
    page,
    station,
    login,
  }) => {
    await page.setViewportSize(viewport);
    await login(station.admin);
    const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrf_token')?.value ?? '';
    const created = await page.request.post('/admin/api/messages', {
      headers: { 'x-csrf-token': csrf },
      data: {
        title: 'Boil water notice',
        original: 'Boil tap water for one minute before drinking until Friday.',
        original_language: 'en',
        target_languages: ['es'],
        message_type: 'emergency',
      },
    });
    expect(created.status()).toBe(201);
    await page.goto('/admin/messages');
    await page.getByRole('button', { name: 'Details' }).first().click();
    const detail = page.getByRole('dialog', { name: 'Boil water notice' });
    const actions = detail.getByTestId('detail-actions');
    await expect(actions).toBeVisible();

    await expect(detail.locator(FILLED).filter({ visible: true })).toHaveText(['Send SMS']);
    await expect(detail.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    // Send SMS, Schedule, Edit and More actions on one row: their tops line up.
    const tops = await Promise.all(
      ['Send SMS', 'Schedule', 'Edit', 'More actions'].map(
        async (name) => (await actions.getByRole('button', { name }).boundingBox())?.y,
      ),
    );
    expect(new Set(tops).size, `tops ${JSON.stringify(tops)}`).toBe(1);
    await expectNoSidewaysScroll(page, `detail at ${viewport.width}`);
    const box = await actions.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(viewport.width);

    // Delete: from the menu, after its confirmation.
    await detail.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await expect(detail.getByText('Delete this message? This cannot be undone.')).toBeVisible();
  });
}
