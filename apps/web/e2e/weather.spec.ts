// Weather alerts: an admin follows a county on the Weather alerts page; the National
// Weather Service (its loopback fake, e2e/fake-nws.mjs, serving a recorded real tornado warning)
// issues a warning there, and it becomes a draft emergency message, translated into the station's
// languages, that staff open from the alert list.
import { expect, test } from './fixtures';

const nwsPort = Number(process.env.E2E_NWS_PORT ?? 3119);

test.describe('weather alerts', () => {
  test.use({ stationOptions: { languages: ['en', 'es'], smsEnabled: true } });

  test('a tornado warning for a followed county appears as a translated draft', async ({
    page,
    station,
    login,
    request,
  }) => {
    await login(station.admin);
    await page.goto('/admin/weather');
    await expect(page.getByText('No alert received yet')).toBeVisible();
    await page.getByRole('combobox', { name: 'State', exact: true }).click();
    await page.getByRole('option', { name: 'Oklahoma' }).click();
    await page.getByRole('combobox', { name: 'Counties and zones in this state' }).click();
    await page.getByRole('option', { name: 'Coal (OKC029)' }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByText('Followed counties and zones (1)')).toBeVisible();
    await page.getByRole('switch', { name: /^Draft messages from weather alerts/ }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Weather alert settings saved.')).toBeVisible();

    // NWS issues the warning (a recorded one, moved to now, under an id of this run's own).
    const issued = await request.post(`http://127.0.0.1:${nwsPort}/__fake/alerts`, {
      data: { fixture: 'tornado-warning-ok', new_id: true },
    });
    expect(issued.status(), await issued.text()).toBeLessThan(300);
    // Checked now, or by the poller first: either way the alert lands in the list once.
    await page.getByRole('button', { name: 'Check now' }).click();
    const row = page.getByRole('row').filter({ hasText: 'Tornado Warning' });
    await expect(row).toHaveCount(1, { timeout: 20_000 });
    await expect(row.getByText('Extreme')).toBeVisible();
    await expect(row.getByText('Draft', { exact: true })).toBeVisible();

    await row.getByRole('button', { name: 'Open message' }).click();
    await expect(page).toHaveURL(/\/admin\/messages$/);
    const detail = page.getByRole('dialog');
    await expect(detail.getByText(/Tornado Warning issued/).first()).toBeVisible();
    // Translated like any message, by the station's engine (here Apertium: "refugio" is "shelter").
    await detail.getByRole('tab', { name: 'Translations' }).click();
    const translations = detail.getByRole('tabpanel', { name: 'Translations' });
    await expect(translations.getByText('Spanish', { exact: true })).toBeVisible();
    await expect(translations.getByText('Completed')).toBeVisible({ timeout: 20_000 });
    await expect(translations.getByText(/refugio/)).toBeVisible();
  });
});
