// A new station's first run, on a phone (390 × 844) and at a desk (1440 × 900): each checklist
// step's button lands where the step is done (the right Settings tab, the New alert compose); a save
// stays on its tab without reloading; a step ticks only once it is done (saving SMS settings does
// not tick "Review your message types"); and on a phone the SMS settings, contacts and inbox work
// (a contact paused and resumed, a subscriber's text answered) and the menu lists only pages that
// do. The page never scrolls sideways on the phone.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoSidewaysScroll, joinForEmergencies } from './helpers';

const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desk: { width: 1440, height: 900 },
} as const;

function step(page: Page, key: string) {
  return page.locator(`[data-first-run-step="${key}"]`);
}

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`first run on a ${name}`, () => {
    test.use({ viewport });

    test('each step leads where it is done, saves stay put, and a step ticks only when done', async ({
      page,
      station,
      login,
    }) => {
      await login(station.admin);
      await page.goto('/admin/dashboard');
      const checklist = page.getByRole('region', { name: 'Get your station ready' });
      await expect(checklist).toBeVisible();
      await expect(step(page, 'sms_enabled')).toHaveAttribute('data-done', 'false');
      await expect(step(page, 'message_types')).toHaveAttribute('data-done', 'false');

      // Enable SMS: the SMS tab opens, the save stays on it and does not reload the page.
      await step(page, 'sms_enabled').getByRole('link', { name: 'Open SMS settings' }).click();
      await expect(page).toHaveURL(/\/admin\/settings\?tab=sms$/);
      await expect(page.getByRole('tab', { name: 'SMS Settings' })).toHaveAttribute('aria-selected', 'true');
      await expectNoSidewaysScroll(page, 'SMS settings');
      // A reload (the old save reloaded the page a second later) would fire a load event and drop
      // this mark; both are checked once the rest of the journey has run.
      let loads = 0;
      page.on('load', () => {
        loads += 1;
      });
      await page.evaluate(() => {
        (window as unknown as { firstRunMarker: number }).firstRunMarker = 1;
      });
      await page.getByRole('switch', { name: 'Enable SMS' }).check();
      await page.getByRole('button', { name: 'Save SMS Settings' }).click();
      await expect(page.getByText('SMS settings saved.')).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/settings\?tab=sms$/);

      // Back on the dashboard: SMS is done; the types were not reviewed by that save.
      await page.goBack();
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
      await expect(step(page, 'sms_enabled')).toHaveAttribute('data-done', 'true');
      await expect(step(page, 'message_types')).toHaveAttribute('data-done', 'false');

      // Review types: the Message Types tab; its save ticks the step.
      await step(page, 'message_types').getByRole('link', { name: 'Review types' }).click();
      await expect(page).toHaveURL(/\/admin\/settings\?tab=messageTypes$/);
      await expect(page.getByRole('tab', { name: 'Message Types' })).toHaveAttribute('aria-selected', 'true');
      await expectNoSidewaysScroll(page, 'Message Types');
      await page.getByRole('button', { name: 'Save Message Types' }).click();
      await expect(page.getByText('Message types saved.')).toBeVisible();
      await page.goBack();
      await expect(step(page, 'message_types')).toHaveAttribute('data-done', 'true');
      expect(loads, 'a save reloaded the page').toBe(0);
      expect(
        await page.evaluate(() => (window as unknown as { firstRunMarker?: number }).firstRunMarker),
      ).toBe(1);

      // Create a message: the New alert compose (decision 0082).
      await step(page, 'first_message').getByRole('link', { name: 'Create a message' }).click();
      await expect(page).toHaveURL(/\/admin\/alert$/);
      await expect(page.getByRole('heading', { level: 1, name: 'New alert' })).toBeVisible();
    });
  });
}

test.describe('the essentials on a phone', () => {
  test.use({ viewport: VIEWPORTS.phone, stationOptions: { languages: ['en', 'es'], smsEnabled: true } });

  test('the menu lists only pages that work on a phone; a contact is paused from its card; a text is answered', async ({
    page,
    station,
    login,
  }) => {
    // A subscriber joins (the join page, as a listener does).
    const last4 = String(Date.now() % 10_000).padStart(4, '0');
    await joinForEmergencies(page, station, `628558${last4}`, 'es');

    await login(station.admin);
    await page.goto('/admin/dashboard');
    await page.getByRole('button', { name: 'Menu' }).click();
    const nav = page.getByRole('navigation', { name: 'Admin navigation' });
    await expect(nav.getByRole('link', { name: 'SMS Contacts' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Inbox' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Settings' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Users' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Billing' })).toHaveCount(0);

    await nav.getByRole('link', { name: 'SMS Contacts' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'SMS Contacts' })).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    const card = page.getByRole('article', { name: /\(628\) 558-/ });
    await expect(card).toBeVisible();
    await expectNoSidewaysScroll(page, 'SMS Contacts');
    await card.getByRole('button', { name: 'Pause' }).click();
    await expect(card.getByRole('button', { name: 'Resume' })).toBeVisible();
    await expect(card.getByText('Paused')).toBeVisible();
    await card.getByRole('button', { name: 'Resume' }).click();
    await expect(card.getByRole('button', { name: 'Pause' })).toBeVisible();

    // The subscriber texts the station (the dev simulator, in another tab); the admin answers
    // from the phone: the list, then the conversation full width, and back to the list.
    const simulator = await page.context().newPage();
    await simulator.goto('/dev/outbox');
    await simulator.getByRole('textbox', { name: 'From' }).pressSequentially(`628558${last4}`);
    await simulator.getByRole('textbox', { name: 'Message' }).fill('¿Dónde está el refugio?');
    await simulator.getByRole('button', { name: 'Send', exact: true }).click();
    await simulator.close();

    await page.getByRole('button', { name: 'Menu' }).click();
    await page
      .getByRole('navigation', { name: 'Admin navigation' })
      .getByRole('link', { name: 'Inbox' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
    const conversations = page.getByRole('navigation', { name: 'Conversations' });
    await conversations.getByRole('button').first().click();
    await expect(conversations).toHaveCount(0);
    await expect(page.locator('[data-original]')).toHaveText('¿Dónde está el refugio?');
    await expectNoSidewaysScroll(page, 'a conversation');
    await page.getByRole('textbox', { name: 'Reply in English' }).fill('The shelter is at the library.');
    await page.getByRole('button', { name: 'Translate' }).click();
    await page.getByRole('button', { name: /^Send \(1 credit\)$/ }).click();
    await expect(page.getByText('Reply sent.')).toBeVisible();
    await page.getByRole('button', { name: 'All conversations' }).click();
    await expect(page.getByRole('navigation', { name: 'Conversations' })).toBeVisible();
  });
});
