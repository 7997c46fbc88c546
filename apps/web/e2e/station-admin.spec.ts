import fs from 'node:fs';
import path from 'node:path';
import { expect, type TStation, test } from './fixtures';
import { acceptInvitation, joinForEmergencies as join, signIn } from './helpers';

// Each journey runs on a station of its own (the `station` fixture), so none depends on what
// another changed and any one of them passes alone.
const LOGO = path.resolve(import.meta.dirname, '../public/logo-128.png');

/** The logo's address on this station: /api/stations/{id}/logo?v=… */
const logoSrc = (station: TStation) => new RegExp(`/api/stations/${station.id}/logo\\?v=\\d+`);

test.describe('station administration', () => {
  test('an admin rebrands the station, adds Korean and enables SMS; the top bar and join page follow', async ({
    page,
    station,
    login,
  }) => {
    const rebranded = `${station.name} Alerts`;
    await login(station.admin);
    await page.goto('/admin/settings');
    await expect(page.getByLabel('Station Name')).toHaveValue(station.name);
    await page.getByLabel('Display Name').fill(rebranded);
    await page.getByLabel('Brand Color').fill('#0b7a75');
    await page.getByRole('checkbox', { name: 'Korean' }).check();
    // The logo is previewed, and waits for Save Station Branding like everything else on the tab.
    await page.locator('input[type="file"]').setInputFiles(LOGO);
    await expect(page.getByRole('img', { name: 'New station logo, not saved yet' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('img', { name: /logo/ })).not.toHaveAttribute(
      'src',
      logoSrc(station),
    );

    // SMS is switched on in its tab; the branding edits wait, marked unsaved, for their own Save.
    await page.getByRole('tab', { name: /^SMS Settings/ }).click();
    await expect(page).toHaveURL(/\/admin\/settings\?tab=sms$/);
    await page.getByRole('switch', { name: 'Enable SMS' }).check();
    await page.getByRole('button', { name: 'Save SMS Settings' }).click();
    await expect(page.getByText('SMS settings saved.')).toBeVisible();
    await expect(
      page.getByText('Unsaved changes in Station Branding: save them on their tab.'),
    ).toBeVisible();
    await page.getByRole('tab', { name: 'Station Branding (unsaved changes)' }).click();
    await expect(page.getByLabel('Display Name')).toHaveValue(rebranded);
    await page.getByRole('button', { name: 'Save Station Branding' }).click();
    await expect(page.getByText('Station branding saved.')).toBeVisible();
    // No reload: the top bar follows, and the page stays on its tab.
    await expect(page.getByRole('banner').getByText(rebranded)).toBeVisible();
    await expect(page.getByRole('banner').getByRole('img', { name: /logo/ })).toHaveAttribute(
      'src',
      logoSrc(station),
    );
    await expect(page).toHaveURL(/\/admin\/settings\?tab=branding$/);

    // A reload keeps the tab, and what was saved.
    await page.goto('/admin/settings?tab=sms');
    await expect(page.getByRole('tab', { name: 'SMS Settings' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('switch', { name: 'Enable SMS' })).toBeChecked();

    // The join page carries the new name, logo and languages.
    await page.goto(`/join/${station.id}`);
    await expect(page.getByText(`Get text message alerts from ${rebranded}`)).toBeVisible();
    await expect(page.getByRole('img', { name: rebranded })).toHaveAttribute('src', logoSrc(station));
    await page.getByRole('checkbox', { name: /Emergency/ }).check();
    await expect(
      page.getByRole('combobox', { name: 'Emergency: receive in' }).getByRole('option'),
    ).toHaveText(['English', 'Español', '中文', '한국어']);
  });

  test('an admin invites a colleague, who accepts and then signs in', async ({
    page,
    browser,
    station,
    login,
  }) => {
    const casey = `casey-${station.id}@e2e.test`;
    await login(station.admin);
    await page.goto('/admin/users');
    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New User' });
    await dialog.getByLabel('Full Name').fill('Casey Colleague');
    await dialog.getByLabel('Email').fill(casey);
    await dialog.getByLabel('Phone Number').fill('4155550177');
    await dialog.getByRole('button', { name: 'Add User' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Invitation sent to ${casey}.`)).toBeVisible();
    const pending = page.getByRole('region', { name: /Pending invitations/ });
    await expect(pending.getByRole('cell', { name: casey, exact: true })).toBeVisible();

    await acceptInvitation(browser, casey, 'casey-pass-1');
    await page.reload();
    await expect(page.getByRole('cell', { name: casey, exact: true })).toBeVisible();
    await expect(page.getByRole('cell', { name: '(415) 555-0177' })).toBeVisible();
    await expect(page.getByRole('region', { name: /Pending invitations/ })).toHaveCount(0);

    const colleague = await (await browser.newContext()).newPage();
    await colleague.goto('/admin/login');
    await colleague.getByLabel('Email').fill(casey);
    await colleague.getByLabel('Password').fill('casey-pass-1');
    await colleague.getByRole('button', { name: 'Sign In' }).click();
    await expect(colleague).toHaveURL(/\/admin\/dashboard$/);
    await colleague.goto('/admin/users');
    await expect(colleague.getByText('Access Denied')).toBeVisible();
  });

  test('an admin buys credits through the test checkout and sees the breakdown change', async ({
    page,
    station,
    baseURL,
  }) => {
    // The server reached by another address than its PUBLIC_URL (localhost), as from another
    // machine: the Buy link stays on the address in use.
    const site = (baseURL as string).replace('localhost', '127.0.0.1');
    await page.goto(`${site}/admin/login`);
    await page.getByLabel('Email').fill(station.admin.email);
    await page.getByLabel('Password').fill(station.admin.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(`${site}/admin/dashboard`);
    // A new station's free trial holds 50 credits and no purchased ones.
    await page.goto(`${site}/admin/billing`);
    const purchased = page.getByRole('row', { name: /Purchased Credits/ });
    await expect(purchased).toContainText('0');
    const buy = page.getByRole('link', { name: /Buy 500 credits for \$10/ });
    const href = (await buy.getAttribute('href')) as string;
    expect(href).toContain('client_reference_id=');
    expect(new URL(href).origin).toBe(site);
    await page.goto(href);
    await page.getByRole('button', { name: /^Pay \$10/ }).click();
    await expect(page.getByText('Payment recorded')).toBeVisible();
    await page.getByRole('link', { name: 'Back to Billing' }).click();
    await expect(page.getByRole('row', { name: /Purchased Credits/ })).toContainText('500');
    await expect(page.getByRole('row', { name: /Total Available/ })).toContainText('550');
    await expect(page.getByText('Purchased 500 credits')).toBeVisible();
  });

  test('the service operator views the station as its admin and leaves again', async ({
    page,
    station,
    user,
  }) => {
    await signIn(page, 'superadmin@demo.test');
    await page.goto('/admin/superadmin');
    await expect(page.getByRole('heading', { name: 'Superadmin Dashboard' })).toBeVisible();
    const row = page.getByRole('row', { name: new RegExp(station.id) });
    await row.getByRole('button', { name: 'View as Admin' }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    const bar = page.getByRole('region', { name: 'Station view' });
    await expect(bar).toContainText(`Viewing as: ${station.displayName}`);
    await page.goto('/admin/users');
    await expect(page.getByRole('cell', { name: user.email })).toBeVisible();
    await bar.getByRole('button', { name: 'Exit View' }).click();
    await expect(bar).toBeHidden();
    await expect(page.getByRole('banner').getByText('Message Station Operations')).toBeVisible();
    // Back on the list of stations, ready for the next one.
    await expect(page).toHaveURL(/\/admin\/superadmin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Superadmin Dashboard' })).toBeVisible();
    await expect(row.getByRole('button', { name: 'View as Admin' })).toBeEnabled();
    await expect(page.getByText(`Viewing as: ${station.displayName}`)).toBeHidden();
  });

  test('an admin who follows a dead link stays in the admin area and finds the way back', async ({
    page,
    station,
  }) => {
    // Signed out, an unknown admin path asks to sign in first, as every admin page does.
    await page.goto('/admin/reports-2019');
    await expect(page).toHaveURL(/\/admin\/login$/);
    await page.getByLabel('Email').fill(station.admin.email);
    await page.getByLabel('Password').fill(station.admin.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/admin\/reports-2019$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Admin navigation' })).toBeVisible();
    await expect(page.getByRole('banner').getByText(station.displayName)).toBeVisible();
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    // In Spanish, the same page in the same frame.
    await page.goto('/admin/messages/old-link');
    await page
      .getByRole('banner')
      .getByRole('button', { name: /^Language/ })
      .click();
    await page.getByRole('menuitem', { name: 'Español' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeVisible();
    await page.getByRole('link', { name: 'Volver al panel' }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });
});

test.describe('SMS delivery', () => {
  // A station of its own with SMS on (new stations start with it off) and its trial credits.
  test.use({ stationOptions: { languages: ['en', 'es', 'zh'], smsEnabled: true } });

  test('subscribers who joined in Spanish and English receive an emergency in their language; progress and dashboard follow', async ({
    page,
    station,
    login,
  }) => {
    const stamp = String(Date.now() % 10_000).padStart(4, '0');
    const spanish = `9495551${stamp.slice(1)}`;
    const english = `9495552${stamp.slice(1)}`;
    await join(page, station, spanish, 'es');
    await join(page, station, english, 'en');

    await login(station.admin);
    await page.goto('/admin/dashboard');
    const before = await page.getByRole('region', { name: 'Total SMS Sent' }).textContent();

    await page.goto('/admin/messages');
    await page.getByRole('button', { name: 'Add Message' }).click();
    const form = page.getByRole('dialog', { name: 'New Message' });
    await form.getByRole('textbox', { name: /^Title/ }).fill(`Flood ${stamp}`);
    await form.getByRole('combobox', { name: 'Type' }).selectOption('emergency');
    await form
      .getByRole('textbox', { name: /^Original Text/ })
      .fill('The river is rising. Move to higher ground now.');
    await form.getByRole('button', { name: 'Create Message' }).click();
    await expect(form).toBeHidden();

    // Wait for the Spanish translation (Apertium), then send.
    const row = page.getByRole('row').filter({ hasText: `Flood ${stamp}` });
    await expect(row.locator('[data-language="es"][data-status="completed"]')).toHaveCount(1, {
      timeout: 20_000,
    });
    await row.getByRole('button', { name: 'Details' }).click();
    const detail = page.getByRole('dialog', { name: `Flood ${stamp}` });
    await detail.getByRole('button', { name: 'Send SMS' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm.getByRole('table', { name: 'SMS cost by language' })).toContainText('Spanish');
    // Apertium's Spanish, which nobody reviewed: a new station requires review of emergencies, so
    // the admin ticks "Send anyway" for it (decision 0050).
    await confirm.getByRole('checkbox', { name: 'Send anyway: the Spanish text' }).check();
    await confirm.getByRole('button', { name: /^Send to \d+ recipients?$/ }).click();
    await expect(page.getByText(/SMS sent successfully to \d+ subscribers/)).toBeVisible();
    // The detail stays open on its Delivery tab, where the texts are watched going out.
    await expect(detail.getByRole('tab', { name: 'Delivery' })).toHaveAttribute('aria-selected', 'true');
    await expect(detail.getByText('2 of 2 SMS processed')).toBeVisible({ timeout: 15_000 });
    await expect(detail).toBeVisible();

    await page.goto('/dev/outbox');
    await expect(page.getByText(`${station.displayName}: El río`).first()).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText(/Responda STOP para cancelar/).first()).toBeVisible();
    await expect(page.getByText(`${station.displayName}: The river is rising`).first()).toBeVisible();

    // The list says how the send went; the detail's Delivery tab has the progress.
    await page.goto('/admin/messages');
    const sentRow = page.getByRole('row').filter({ hasText: `Flood ${stamp}` });
    await expect(sentRow.locator('[data-send-state]')).toHaveText('Sent 2/2');
    await sentRow.getByRole('button', { name: 'Details' }).click();
    const sentDetail = page.getByRole('dialog', { name: `Flood ${stamp}` });
    await sentDetail.getByRole('tab', { name: 'Delivery' }).click();
    await expect(sentDetail.getByText('2 of 2 SMS processed')).toBeVisible();

    // The report: a row per text, in the language each subscriber chose, none failed.
    const downloading = page.waitForEvent('download');
    await sentDetail.getByRole('button', { name: 'Export report' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^deliveries-[0-9a-f-]{36}\.csv$/);
    const [header, ...texts] = fs
      .readFileSync(await download.path(), 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .map((line) => line.split(','));
    const column = (name: string) => (header ?? []).indexOf(name);
    expect(texts.map((cells) => cells[column('language')]).sort()).toEqual(['en', 'es']);
    expect(texts.map((cells) => cells[column('failure_reason')])).toEqual(['', '']);
    // On screen the same texts, numbers masked to their last four digits.
    const recipients = sentDetail.getByRole('table', { name: 'Recipients' });
    await expect(recipients.getByRole('row')).toHaveCount(3);
    for (const cells of texts) {
      await expect(recipients).toContainText(`•••-•••-${cells[column('phone')]?.slice(-4)}`);
      await expect(recipients).not.toContainText(cells[column('phone')] ?? '');
    }

    // A second Send on the same message asks first; Cancel sends nothing more.
    await sentDetail.getByRole('button', { name: 'Send SMS' }).click();
    const again = page.getByRole('alertdialog');
    await again.getByRole('checkbox', { name: 'Send anyway: the Spanish text' }).check();
    await again.getByRole('button', { name: /^Send to \d+ recipients?$/ }).click();
    await expect(again.getByText(/This message was already sent to 2 subscribers on/)).toBeVisible();
    await expect(again.getByRole('button', { name: 'Send again' })).toBeVisible();
    await again.getByRole('button', { name: 'Cancel' }).click();
    await expect(again).toBeHidden();
    await expect(sentDetail.getByText('2 of 2 SMS processed')).toBeVisible();

    await page.goto('/admin/dashboard');
    await expect(page.getByRole('region', { name: 'Total SMS Sent' })).not.toHaveText(before ?? '');
  });
});
