// Decision 0050, "Emergency templates": an admin starts a Tornado Warning from the vetted
// phrasebook, types the county, state and time once, sees the message in every language at once
// (the values inserted as typed), creates it, finds Spanish and French finished and marked as the
// phrasebook's, and sends it: the Spanish subscriber's text (dev outbox) carries "Coal County" as
// typed. No engine is asked, so nothing waits for review although new stations require review of
// emergencies.
import { expect, test } from './fixtures';
import { expectNoAxeViolations, joinForEmergencies } from './helpers';

type TOutboxSms = { to: string; body: string };

test.describe('emergency templates', () => {
  // A station of its own (English, Spanish, French) with SMS on, so the send reaches the outbox.
  test.use({ stationOptions: { languages: ['en', 'es', 'fr'], smsEnabled: true } });

  test('an admin sends a Tornado Warning from the phrasebook and the Spanish subscriber gets "Coal County" as typed', async ({
    page,
    station,
    login,
  }) => {
    const last4 = String(Date.now() % 10_000).padStart(4, '0');
    const subscriber = `628558${last4}`;
    await joinForEmergencies(page, station, subscriber, 'es');

    await login(station.admin);
    await page.goto('/admin/messages');
    await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
    await expect(page.getByRole('status', { name: 'Live updates: Live' })).toBeVisible();

    // The templates, grouped, searched by name.
    await page.getByRole('button', { name: 'Emergency templates' }).click();
    const picker = page.getByRole('dialog', { name: 'Emergency templates' });
    await expect(picker.getByRole('heading', { name: 'Wireless Emergency Alert types' })).toBeVisible();
    await expect(picker.getByRole('heading', { name: 'Station alerts' })).toBeVisible();
    await picker.getByRole('searchbox', { name: 'Search emergency templates' }).fill('tornado');
    await expect(picker.getByRole('heading', { name: 'Station alerts' })).toBeHidden();
    await picker.getByRole('button', { name: 'Tornado Warning', exact: true }).click();

    // Its fields; the message is created as soon as each is filled.
    const create = picker.getByRole('button', { name: 'Create message' });
    await expect(create).toBeDisabled();
    await expect(
      picker.getByText(
        'Written and checked by Message Station in every language. Your field values are inserted exactly as typed and never translated.',
      ),
    ).toBeVisible();
    await picker.getByRole('textbox', { name: /^County/ }).fill('Coal County');
    await picker.getByRole('textbox', { name: /^State/ }).fill('OK');
    await picker.getByRole('textbox', { name: /^Time/ }).fill('11:45 PM');
    await expect(picker.getByRole('combobox', { name: 'Type' })).toHaveValue('emergency');
    await expect(picker.getByRole('checkbox', { name: 'Spanish' })).toBeChecked();
    await expect(picker.getByRole('checkbox', { name: 'French' })).toBeChecked();

    // Every language at once, the values as typed, each with what its SMS costs.
    for (const language of ['en', 'es', 'fr']) {
      const preview = picker.locator(`[data-preview="${language}"]`);
      await expect(preview).toContainText('Coal County');
      await expect(preview).toContainText('OK');
      await expect(preview).toContainText('11:45 PM');
      await expect(preview.locator('[data-sms-cost]')).toContainText(
        /segments?, \d+ credits? per subscriber/,
      );
    }
    await expectNoAxeViolations(page, 'the filled emergency template');
    const spanishPreview = (
      (await picker.locator('[data-preview="es"] [lang="es"]').textContent()) ?? ''
    ).trim();
    await expect(create).toBeEnabled();
    await create.click();
    await expect(picker).toBeHidden();

    // The new message opens: Spanish and French are finished already, the phrasebook's words.
    const detail = page.getByRole('dialog').filter({ has: page.getByRole('tab', { name: 'Translations' }) });
    await expect(detail).toBeVisible();
    await detail.getByRole('tab', { name: 'Translations' }).click();
    for (const language of ['es', 'fr']) {
      const item = detail.locator(`[data-translation="${language}"][data-status="completed"]`);
      await expect(item).toContainText('Coal County');
      await expect(item).toContainText('OK');
      await expect(item.locator('[data-source="phrasebook"]')).toHaveText('Phrasebook');
    }
    await expect(detail.locator('[data-translation="es"] [lang="es"]')).toHaveText(spanishPreview);
    // Vetted already: nothing to mark reviewed.
    await expect(detail.getByRole('button', { name: /^Mark reviewed/ })).toHaveCount(0);

    // The confirmation: the phrasebook's text goes as it is, nothing waits for review.
    await detail.getByRole('button', { name: 'Send SMS' }).click();
    const confirm = page.getByRole('alertdialog');
    const spanishRow = confirm
      .getByRole('table', { name: 'SMS cost by language' })
      .locator('[data-language="es"]');
    await expect(spanishRow).toContainText('Phrasebook');
    await expect(spanishRow).toContainText('gets this translation');
    await expect(confirm.locator('[data-unreviewed-language]')).toHaveCount(0);
    await expectNoAxeViolations(page, 'the send confirmation');
    await confirm.getByRole('button', { name: 'Send to 1 recipient' }).click();
    await expect(detail.getByText(/SMS sent successfully to 1 subscriber/)).toBeVisible();

    // The subscriber's phone receives the Spanish text with the county as typed.
    await expect
      .poll(
        async () => {
          const outbox = (await (await page.request.get('/dev/api/outbox?limit=500')).json()) as TOutboxSms[];
          return outbox.filter((sms) => sms.to === `+1${subscriber}`).map((sms) => sms.body);
        },
        { timeout: 15_000 },
      )
      .toContainEqual(expect.stringContaining(`${station.displayName}: ${spanishPreview}`));
    const outbox = (await (await page.request.get('/dev/api/outbox?limit=500')).json()) as TOutboxSms[];
    const spanishSms = outbox.find((sms) => sms.to === `+1${subscriber}`)?.body ?? '';
    expect(spanishSms).toContain('Coal County');
    expect(spanishSms).toContain('OK');
  });
});
