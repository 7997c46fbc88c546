// The two-way inbox: a Spanish subscriber texts a question; it appears in English in the
// Inbox (live, with the unread badge), the admin answers in English, and the subscriber receives
// the answer in Spanish (the dev outbox). Translations by the station's DeepL key (the loopback fake marks each text with its target: [EN-US], [ES]).
import { expect, test } from './fixtures';
import { joinForEmergencies } from './helpers';

const DEEPL_KEY = process.env.E2E_DEEPL_KEY ?? 'e2e-deepl-key:fx';

test.describe('two-way inbox', () => {
  test.use({ stationOptions: { languages: ['en', 'es'], smsEnabled: true } });

  test("a subscriber's Spanish text appears translated and the English answer reaches them in Spanish", async ({
    page,
    station,
    login,
  }) => {
    const digits = `415555${String(Date.now() % 10_000).padStart(4, '0')}`;
    await joinForEmergencies(page, station, digits, 'es');
    await login(station.admin);

    // The station's own DeepL key translates both ways.
    await page.goto('/admin/settings?tab=translation');
    await page.getByRole('combobox', { name: 'Add an engine' }).click();
    await page.getByRole('option', { name: 'DeepL' }).click();
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page
      .getByRole('region', { name: 'DeepL' })
      .getByLabel(/^API key/)
      .fill(DEEPL_KEY);
    await page.getByRole('button', { name: 'Save translation engines' }).click();
    await expect(page.getByText('Translation engines saved.')).toBeVisible();

    await page.goto('/admin/inbox');
    await expect(page.getByText(/No texts yet/)).toBeVisible();

    // The subscriber texts the station (the dev simulator, in another tab).
    const phone = page.context().newPage();
    const simulator = await phone;
    await simulator.goto('/dev/outbox');
    await simulator.getByRole('textbox', { name: 'From' }).pressSequentially(digits);
    await simulator.getByRole('textbox', { name: 'Message' }).fill('¿A qué hora abre el refugio?');
    await simulator.getByRole('button', { name: 'Send', exact: true }).click();

    // Live: the conversation and the nav's unread badge appear without a reload.
    const nav = page.getByRole('navigation', { name: 'Admin navigation' });
    await expect(nav.getByLabel('1 unread text')).toBeVisible();
    const row = page.getByRole('navigation', { name: 'Conversations' }).getByRole('button').first();
    await expect(row.getByLabel('1 unread')).toBeVisible();
    await row.click();
    await expect(page.locator('[data-translation]')).toHaveText('[EN-US] ¿A qué hora abre el refugio?');
    await expect(page.locator('[data-original]')).toHaveText('¿A qué hora abre el refugio?');
    // Opening it read it.
    await expect(nav.getByLabel('1 unread text')).toHaveCount(0);

    await page.getByRole('textbox', { name: 'Reply in English' }).fill('The shelter opens at 9 tonight.');
    await page.getByRole('button', { name: 'Translate' }).click();
    await expect(page.locator('[data-reply-preview]')).toContainText('[ES] The shelter opens at 9 tonight.');
    await expect(page.locator('[data-reply-cost]')).toContainText('costs 1 credit');
    await page.getByRole('button', { name: 'Send (1 credit)' }).click();
    await expect(page.getByText('Reply sent.')).toBeVisible();
    await expect(page.locator('[data-sent]')).toHaveText('[ES] The shelter opens at 9 tonight.');

    await simulator.reload();
    await expect(simulator.getByText('[ES] The shelter opens at 9 tonight.')).toBeVisible();
  });
});
