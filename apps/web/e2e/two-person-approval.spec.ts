// Two-person approval: the admin of a station with two admins (approval needs two, decision 0077)
// holds emergencies for approval in Settings; a staff member drafts one, which waits ("Awaiting
// approval", Send SMS held); a second person, the other admin, approves it and sends it, and the
// text reaches the subscriber (dev outbox).
import { expect, test } from './fixtures';
import { joinForEmergencies } from './helpers';

test.describe('two-person approval', () => {
  test.use({ stationOptions: { languages: ['en', 'es'], smsEnabled: true } });

  test('approve a draft as a second admin, then send it', async ({
    page,
    browser,
    station,
    user,
    secondAdmin,
    login,
  }) => {
    const stamp = String(Date.now() % 10_000).padStart(4, '0');
    await joinForEmergencies(page, station, `9495556${stamp.slice(1)}`, 'en');

    // The admin holds emergencies for a second person, with no bypass.
    await login(station.admin);
    await page.goto('/admin/settings');
    await page.getByRole('tab', { name: 'Message Types' }).click();
    const emergency = page.locator('[data-message-type="emergency"]');
    await emergency.getByRole('checkbox', { name: /Second admin approves before SMS or Play$/ }).check();
    await emergency.getByRole('checkbox', { name: 'Emergencies go without waiting for approval' }).uncheck();
    await page.getByRole('button', { name: 'Save Message Types' }).click();
    await expect(page.getByText('Message types saved.')).toBeVisible();

    // A staff member drafts an emergency: it waits for approval.
    const staffPage = await (await browser.newContext()).newPage();
    await staffPage.request.get('/auth/session');
    const csrf = (await staffPage.context().cookies()).find((c) => c.name === 'csrf_token')?.value ?? '';
    const signedIn = await staffPage.request.post('/auth/login', {
      headers: { 'x-csrf-token': csrf },
      data: { email: user.email, password: user.password },
    });
    expect(signedIn.ok()).toBe(true);
    const title = `Gas leak ${stamp}`;
    await staffPage.goto('/admin/messages');
    await staffPage.getByRole('button', { name: 'Add Message' }).click();
    const form = staffPage.getByRole('dialog', { name: 'New Message' });
    await form.getByRole('textbox', { name: /^Title/ }).fill(title);
    await form.getByRole('combobox', { name: 'Type' }).selectOption('emergency');
    await form.getByRole('textbox', { name: /^Original Text/ }).fill('Gas leak on Elm Street. Stay indoors.');
    if (!(await form.getByRole('checkbox', { name: 'Spanish' }).isChecked())) {
      await form
        .getByRole('group', { name: 'Target Languages' })
        .getByText('Spanish', { exact: true })
        .click();
    }
    await form.getByRole('button', { name: 'Create Message' }).click();
    await expect(form).toBeHidden();
    const staffRow = staffPage.getByRole('row').filter({ hasText: title });
    await expect(staffRow.getByText('Awaiting approval')).toBeVisible();
    await staffRow.getByRole('button', { name: 'Details' }).click();
    await expect(
      staffPage.getByText('An admin who did not write it will approve or reject it.'),
    ).toBeVisible();
    await staffPage.context().close();

    // The other admin sees it waiting, approves it, and sends it.
    await login(secondAdmin);
    await page.goto('/admin/messages');
    await page.getByTestId('pending-approvals').getByRole('button', { name: title }).click();
    const detail = page.getByRole('dialog', { name: title });
    await expect(
      detail.getByText(`${user.fullName} put this text up for approval`, { exact: false }),
    ).toBeVisible();
    await expect(detail.getByRole('button', { name: 'Send SMS' })).toHaveAttribute('aria-disabled', 'true');
    await page.screenshot({ path: test.info().outputPath('awaiting-approval.png'), fullPage: true });
    await detail.getByRole('textbox', { name: 'Comment' }).fill('Confirmed with the gas company.');
    await detail.getByRole('button', { name: 'Approve' }).click();
    await expect(detail.getByText(`Approved by ${secondAdmin.fullName}`)).toBeVisible();
    await expect(detail.getByRole('button', { name: 'Send SMS' })).not.toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await detail.getByRole('button', { name: 'Send SMS' }).click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: /^Send to \d+ recipients?$/ })
      .click();
    await expect(page.getByText(/SMS sent successfully to 1 subscriber/)).toBeVisible();

    await page.goto('/dev/outbox');
    await expect(page.getByText(`${station.displayName}: Gas leak on Elm Street`).first()).toBeVisible({
      timeout: 15_000,
    });
  });

  test('with one admin the switch is off and says why, and its link leads to Users', async ({
    page,
    station,
    login,
  }) => {
    await login(station.admin);
    await page.goto('/admin/settings');
    await page.getByRole('tab', { name: 'Message Types' }).click();
    const alert = page.locator('[data-message-type="alert"]');
    await expect(
      alert.getByRole('checkbox', { name: /Second admin approves before SMS or Play$/ }),
    ).toBeDisabled();
    await expect(alert.getByText('Needs two admins; this station has 1.')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('approval-needs-two-admins.png'), fullPage: true });
    await alert.getByRole('link', { name: 'Add an admin.' }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(page.getByRole('button', { name: 'Add User' })).toBeVisible();
  });
});
