// Settings → Translation: an admin whose station speaks German and Korean (which no
// offline engine covers) sees the create form warn, adds the station's own DeepL key (the server
// reaches the loopback fake in e2e/fake-deepl.mjs), tests it, saves it, and a message then
// translates into both.
import { expect, test } from './fixtures';
import { signIn } from './helpers';

const DEEPL_KEY = process.env.E2E_DEEPL_KEY ?? 'e2e-deepl-key:fx';

test.describe('translation engines', () => {
  test.use({ stationOptions: { languages: ['en', 'de', 'ko'], smsEnabled: false } });

  test("an admin adds the station's DeepL key, tests and saves it, and German and Korean translate", async ({
    page,
    station,
  }) => {
    await signIn(page, station.admin.email, station.admin.password);

    // Before: the create form says nothing covers German and Korean, and where to fix it.
    await page.goto('/admin/messages');
    await page.getByRole('button', { name: 'Add Message' }).click();
    const before = page.getByRole('dialog', { name: 'New Message' });
    await expect(
      before.getByText('No translation engine covers English → German and Korean', { exact: false }),
    ).toBeVisible();
    await before.getByRole('link', { name: 'Add an engine in Settings → Translation' }).click();

    // Settings → Translation, opened by the link.
    await expect(page.getByRole('tab', { name: 'Translation' })).toHaveAttribute('aria-selected', 'true');
    const coverage = page.getByRole('table');
    await expect(coverage.getByRole('row', { name: /^German/ })).toContainText('No engine');

    await page.getByRole('combobox', { name: 'Add an engine' }).click();
    await page.getByRole('option', { name: 'DeepL' }).click();
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const deepl = page.getByRole('region', { name: 'DeepL' });
    const key = deepl.getByLabel(/^API key/);

    // A wrong key: the test says so in plain words.
    await key.fill('not-the-key');
    await deepl.getByRole('button', { name: 'Test' }).click();
    await expect(
      deepl.getByText(/Test failed \(English → German\): the engine refused the API key/),
    ).toBeVisible();

    await key.fill(DEEPL_KEY);
    await deepl.getByRole('button', { name: 'Test' }).click();
    await expect(
      deepl.getByText('Works: “Good morning.” → “[DE] Good morning.” (English → German).'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Save translation engines' }).click();
    await expect(page.getByText('Translation engines saved.')).toBeVisible();
    // Only the key's last four characters come back.
    await expect(key).toHaveValue('');
    await expect(
      deepl.getByText(`A key ending in ${DEEPL_KEY.slice(-4)} is saved.`, { exact: false }),
    ).toBeVisible();
    await expect(coverage.getByRole('row', { name: /^German/ })).toContainText('DeepL (your station)');
    await expect(coverage.getByRole('row', { name: /^Korean/ })).toContainText('DeepL (your station)');

    // A message into German and Korean: both translate, by DeepL.
    const title = `Flood watch ${Date.now()}`;
    await page.goto('/admin/messages');
    await page.getByRole('button', { name: 'Add Message' }).click();
    const form = page.getByRole('dialog', { name: 'New Message' });
    const targets = form.getByRole('group', { name: 'Target Languages' });
    await expect(targets).toContainText('GermanDeepL');
    await expect(targets).toContainText('KoreanDeepL');
    await expect(form.getByText(/No translation engine covers/)).toHaveCount(0);
    await expect(form.getByRole('checkbox', { name: 'German' })).toBeChecked();
    await expect(form.getByRole('checkbox', { name: 'Korean' })).toBeChecked();
    await form.getByRole('textbox', { name: /^Title/ }).fill(title);
    await form.getByRole('textbox', { name: /^Original Text/ }).fill('River levels are rising.');
    await form.getByRole('button', { name: 'Create Message' }).click();
    await expect(form).toBeHidden();

    const row = page.getByRole('row').filter({ hasText: title });
    for (const language of ['de', 'ko']) {
      await expect(row.locator(`[data-language="${language}"][data-status="completed"]`)).toHaveCount(1, {
        timeout: 20_000,
      });
    }
    await row.getByRole('button', { name: 'Details' }).click();
    const detail = page.getByRole('dialog', { name: title });
    await detail.getByRole('tab', { name: 'Translations' }).click();
    await expect(detail.locator('[data-translation="de"]')).toContainText('[DE] River levels are rising.');
    await expect(detail.locator('[data-translation="ko"]')).toContainText('[KO] River levels are rising.');
  });
});
