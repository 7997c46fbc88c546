// Staff can trust what is sent in their name. The glossary keeps a street's name in
// every language. A hand correction survives an edit that
// leaves the original alone; after the original changes it is kept beside the new translation,
// flagged, and the SMS waits for staff's choice; the Send confirmation names what nobody reviewed.
import { expect, test } from './fixtures';
import { joinForEmergencies } from './helpers';

test.describe('translation review', () => {
  test.use({ stationOptions: { languages: ['en', 'es', 'fr'], smsEnabled: true } });

  test('a correction survives an unrelated edit, is flagged after the original changes, and the send waits for the choice', async ({
    page,
    station,
    login,
  }) => {
    const stamp = String(Date.now() % 10_000).padStart(4, '0');
    await joinForEmergencies(page, station, `9495553${stamp.slice(1)}`, 'es');
    await joinForEmergencies(page, station, `9495554${stamp.slice(1)}`, 'fr');
    await login(station.admin);

    // The glossary keeps the street's name in every language.
    await page.goto('/admin/settings?tab=translation');
    const glossary = page.getByRole('region', { name: 'Glossary' });
    await glossary.getByRole('button', { name: 'Add term' }).click();
    await glossary.getByRole('textbox', { name: 'Term 1', exact: true }).fill('Oak Avenue');
    await glossary.getByRole('button', { name: 'Save glossary' }).click();
    await expect(glossary.getByText('Glossary saved. The next translations use it.')).toBeVisible();

    const title = `Oak Avenue ${stamp}`;
    await page.goto('/admin/messages');
    await page.getByRole('button', { name: 'Add Message' }).click();
    const form = page.getByRole('dialog', { name: 'New Message' });
    await form.getByRole('textbox', { name: /^Title/ }).fill(title);
    await form.getByRole('combobox', { name: 'Type' }).selectOption('emergency');
    await form.getByRole('textbox', { name: /^Original Text/ }).fill('Oak Avenue is closed.');
    const targets = form.getByRole('group', { name: 'Target Languages' });
    for (const language of ['Spanish', 'French']) {
      if (!(await form.getByRole('checkbox', { name: language }).isChecked())) {
        await targets.getByText(language, { exact: true }).click();
      }
      await expect(form.getByRole('checkbox', { name: language })).toBeChecked();
    }
    await form.getByRole('button', { name: 'Create Message' }).click();
    await expect(form).toBeHidden();

    const row = page.getByRole('row').filter({ hasText: title });
    for (const language of ['es', 'fr']) {
      await expect(row.locator(`[data-language="${language}"][data-status="completed"]`)).toHaveCount(1, {
        timeout: 20_000,
      });
    }
    await row.getByRole('button', { name: 'Details' }).click();
    const detail = page.getByRole('dialog', { name: title });
    await detail.getByRole('tab', { name: 'Translations' }).click();
    const spanish = detail.locator('[data-translation="es"]');
    await expect(spanish.getByText('Offline engine (not reviewed)', { exact: true })).toBeVisible();
    // Apertium alone writes "Avenida de roble"; the glossary kept the name, also in French (through Spanish).
    await expect(spanish).toContainText('Oak Avenue');
    await expect(detail.locator('[data-translation="fr"]')).toContainText('Oak Avenue');

    // Correct the Spanish by hand.
    const correction = 'La avenida Oak está cerrada.';
    await detail.getByRole('button', { name: 'Edit the Spanish translation' }).click();
    await detail.getByRole('textbox', { name: 'Spanish translation' }).fill(correction);
    await detail.getByRole('button', { name: 'Save Translation' }).click();
    await expect(spanish.getByText('Written by staff', { exact: true })).toBeVisible();

    // An edit of the title only: the correction stays.
    await detail.getByRole('button', { name: 'Edit', exact: true }).click();
    await detail.getByRole('textbox', { name: /^Title/ }).fill(`${title} (update)`);
    await detail.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(detail.getByText('Message updated and re-translated successfully')).toBeVisible();
    const updated = page.getByRole('dialog', { name: `${title} (update)` });
    // Editing went back to the Content tab.
    await updated.getByRole('tab', { name: 'Translations' }).click();
    const spanishNow = updated.locator('[data-translation="es"]');
    await expect(spanishNow.getByText(correction)).toBeVisible();
    await expect(spanishNow.getByText('Written by staff', { exact: true })).toBeVisible();

    // An edit of the original: the new translation arrives and the correction is kept, flagged.
    await updated.getByRole('button', { name: 'Edit', exact: true }).click();
    await updated.getByRole('textbox', { name: /^Content/ }).fill('Oak Avenue is closed until Friday.');
    await updated.getByRole('button', { name: 'Save', exact: true }).click();
    await updated.getByRole('tab', { name: 'Translations' }).click();
    await expect(spanishNow.getByText('The original changed since your correction')).toBeVisible({
      timeout: 20_000,
    });
    await expect(spanishNow.getByText(correction)).toBeVisible();
    await expect(spanishNow.getByRole('button', { name: 'Use the new translation' })).toBeEnabled({
      timeout: 20_000,
    });
    await page.screenshot({ path: test.info().outputPath('stale-correction.png'), fullPage: true });

    // The send waits for the choice.
    await updated.getByRole('button', { name: 'Send SMS' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(
      confirm.getByText(
        'The original changed after staff corrected the translation into Spanish. Open the translation and keep the correction or use the new translation before sending.',
      ),
    ).toBeVisible();
    await expect(confirm.getByRole('button', { name: /^Send to/ })).toHaveCount(0);
    await confirm.getByRole('button', { name: 'Cancel' }).click();

    // Staff keep their correction; the confirmation shows French, which nobody reviewed, with its
    // back-translation, and sends once the admin ticks "Send anyway" for it (decision 0050).
    await spanishNow.getByRole('button', { name: 'Keep my correction' }).click();
    await expect(spanishNow.getByText('Written by staff', { exact: true })).toBeVisible();
    await expect(spanishNow.getByText('The original changed since your correction')).toHaveCount(0);
    await updated.getByRole('button', { name: 'Send SMS' }).click();
    const french = confirm.locator('[data-unreviewed-language="fr"]');
    await expect(french.getByText('French: not reviewed')).toBeVisible();
    await expect(confirm.locator('[data-unreviewed-language="es"]')).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('send-confirmation.png'), fullPage: true });
    await expect(confirm.getByRole('button', { name: 'Send to 2 recipients' })).toBeDisabled();
    await french.getByRole('checkbox', { name: 'Send anyway: the French text' }).check();
    await confirm.getByRole('button', { name: 'Send to 2 recipients' }).click();
    await expect(page.getByText(/SMS sent successfully to 2 subscribers/)).toBeVisible();

    // What the Spanish subscriber received is the kept correction.
    await page.goto('/dev/outbox');
    await expect(page.getByText(`${station.displayName}: ${correction}`).first()).toBeVisible({
      timeout: 15_000,
    });
  });
});
