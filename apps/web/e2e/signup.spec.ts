import { expect, test } from '@playwright/test';
import { expectNoSidewaysScroll, giveOwnAddress } from './helpers';

test.describe('signup wizard', () => {
  // A station in Colorado: step 3 starts from the browser's time zone.
  test.use({ timezoneId: 'America/Denver' });
  test.beforeEach(async ({ context }) => {
    await giveOwnAddress(context);
  });

  test('a new station signs up in six steps, verifies its phone, and signs in again', async ({ page }) => {
    const run = Date.now();
    const stationName = `E2E Radio ${run}`;
    const email = `admin-${run}@e2e.test`;
    const password = 'signup-pass-2025';
    const phoneDigits = `415555${String(run).slice(-4)}`;

    await page.goto('/');
    await page.getByRole('link', { name: 'Create Your Station' }).first().click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Create Your Station' })).toBeVisible();

    // 1 Admin account
    await page.getByLabel(/^Full Name/).fill('Erin Example');
    await page.getByLabel(/^Email/).fill(email);
    await page.getByLabel(/^Billing Email/).fill(email);
    await page.getByLabel(/^Password/).fill(password);
    await page.getByLabel(/^Confirm Password/).fill(password);
    await page.getByLabel(/^Phone Number/).pressSequentially(phoneDigits);
    await expect(page.getByLabel(/^Phone Number/)).toHaveValue(
      `(${phoneDigits.slice(0, 3)}) ${phoneDigits.slice(3, 6)}-${phoneDigits.slice(6)}`,
    );
    await page.getByRole('button', { name: 'Continue' }).click();

    // 2 Station identity: the ID is derived live
    await page.getByLabel(/^Station Name/).fill(stationName);
    await expect(page.getByLabel(/^Station ID/)).toHaveValue(`e2eradio${run}`.slice(0, 20));
    await expect(page.getByLabel(/^Display Name/)).toHaveValue(stationName);
    await page.getByRole('button', { name: 'Continue' }).click();

    // 3 Branding: defaults, and the time zone of the computer signing up
    await expect(page.getByRole('checkbox', { name: 'English' })).toBeChecked();
    await expect(page.getByRole('combobox', { name: 'Time Zone' })).toHaveValue('America/Denver');
    await page.getByRole('checkbox', { name: /^Spanish/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();

    // 4 Message types: defaults
    await expect(page.getByRole('heading', { name: 'Message types' })).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();

    // 5 Terms
    await expect(page.getByText('1. Description of the Service')).toBeVisible();
    await page.getByRole('checkbox', { name: /I have read and agree to the Terms of Service/ }).check();
    // The bot check before the code is texted (decision 0054): solved in the browser.
    await page.getByRole('checkbox', { name: /not a robot/i }).click();
    await expect(page.getByText(/verified/i).first()).toBeVisible({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Accept & Continue' }).click();

    // 6 Phone verification with the code the test-mode server shows
    const notice = page.getByText(/Test mode: your code is \d{6}/);
    await expect(notice).toBeVisible();
    const code = /\d{6}/.exec((await notice.textContent()) ?? '')?.[0] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    await expect(page.getByText(`ending in ${phoneDigits.slice(-4)}`, { exact: false })).toBeVisible();
    await page.getByLabel('Digit 1 of the verification code').click();
    await page.keyboard.type(code);
    await page.getByRole('button', { name: 'Verify', exact: true }).click();

    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole('banner').getByText(stationName)).toBeVisible();
    await expect(page.getByRole('banner').getByText(email)).toBeVisible();

    // A first visit: greeted as new, with the checklist read from the station's data (SMS is off
    // at signup; Spanish was chosen in step 3), and the trial's end date among the alerts.
    await expect(page.getByText('Welcome, Erin Example', { exact: true })).toBeVisible();
    const checklist = page.getByRole('region', { name: 'Get your station ready' });
    await expect(checklist).toBeVisible();
    const enableSms = checklist.locator('[data-first-run-step="sms_enabled"]');
    await expect(enableSms).toHaveAttribute('data-done', 'false');
    await expect(enableSms.getByText('Enable SMS')).toBeVisible();
    await expect(enableSms.getByText('Not done yet')).toBeVisible();
    await expect(checklist.locator('[data-first-run-step="languages"]')).toHaveAttribute('data-done', 'true');
    await expect(checklist.getByRole('img', { name: /QR code of the join link .*\/join\// })).toBeVisible();
    await expect(page.getByText(/^Free trial ends on \w+ \d{1,2}, \d{4}\.$/)).toBeVisible();
    await expect(page.getByText(/Low SMS credits/)).toHaveCount(0);

    // The station keeps that zone: Settings shows it, where schedules take their times from.
    await page.goto('/admin/settings');
    await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue('America/Denver');

    // The SMS with the code went to the phone entered in step 1
    await page.goto('/dev/outbox');
    await expect(page.getByRole('heading', { level: 1, name: 'Dev Outbox' })).toBeVisible();
    const sms = page
      .getByRole('article')
      .filter({ hasText: `+1${phoneDigits}` })
      .filter({ hasText: code });
    await expect(sms.first()).toBeVisible();
    await expect(sms.first().getByText('SMS', { exact: true })).toBeVisible();

    // Logout, then sign in again with the new account
    await page.goto('/admin/dashboard');
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/admin/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole('banner').getByText(stationName)).toBeVisible();
    await expect(page.getByText('Welcome back, Erin Example', { exact: true })).toBeVisible();
  });

  test('a taken station name is said on step 2, with a free ID one click away', async ({ page }) => {
    await page.goto('/signup');
    await page.getByLabel(/^Full Name/).fill('Erin Example');
    await page.getByLabel(/^Email/).fill('erin@e2e.test');
    await page.getByLabel(/^Billing Email/).fill('erin@e2e.test');
    await page.getByLabel(/^Password/).fill('signup-pass-2025');
    await page.getByLabel(/^Confirm Password/).fill('signup-pass-2025');
    await page.getByLabel(/^Phone Number/).pressSequentially('4155550199');
    await page.getByRole('button', { name: 'Continue' }).click();

    // The seeded station's ID, from a name with an accent: "Démo" reads as "demo".
    await page.getByLabel(/^Station Name/).fill('Démo');
    await expect(page.getByLabel(/^Station ID/)).toHaveValue('demo');
    const taken = page.getByText(
      'Station ID "demo" is already taken. Please choose a different station name.',
    );
    await expect(taken).toBeVisible();
    await expect(
      page.getByText(/^Add your city or a number to the station name\. demo\d+ is free\.$/),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: 'Station identity' })).toBeVisible();
    await expect(taken).toBeVisible();

    await page.getByRole('button', { name: /^Use “Démo \d+”$/ }).click();
    await expect(page.getByLabel(/^Station ID/)).toHaveValue(/^demo\d+$/);
    await expect(page.getByText('This ID is free.')).toBeVisible();
    await expect(taken).toBeHidden();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('checkbox', { name: 'English' })).toBeChecked();
  });

  test('step 1 explains its errors in Spanish', async ({ page }) => {
    await page.goto('/signup');
    await page.getByRole('banner').getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitem', { name: 'Español' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Cree su estación' })).toBeVisible();

    await page.getByRole('button', { name: 'Continuar' }).click();
    for (const text of [
      'El nombre completo es obligatorio.',
      'El correo electrónico es obligatorio.',
      'El correo de facturación es obligatorio.',
      'La contraseña es obligatoria.',
      'El número de teléfono es obligatorio.',
    ]) {
      await expect(page.getByText(text, { exact: true })).toBeVisible();
    }

    await page.getByLabel(/^Contraseña/).fill('corta');
    await page.getByLabel(/^Confirmar contraseña/).fill('distinta');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByText('La contraseña debe tener al menos 8 caracteres.')).toBeVisible();
    await expect(page.getByText('Las contraseñas no coinciden.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Cuenta de administrador' })).toBeVisible();
  });

  test('signed up in Spanish on a phone (390 × 844), the station writes in Spanish', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const run = Date.now();
    const stationName = `Radio Teléfono ${run}`;
    const email = `telefono-${run}@e2e.test`;
    const password = 'clave-segura-2025';
    await page.goto('/signup');
    await page.getByRole('banner').getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitem', { name: 'Español' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Cree su estación' })).toBeVisible();

    await page.getByLabel(/^Nombre completo/).fill('Elena Ejemplo');
    await page.getByLabel(/^Correo electrónico/).fill(email);
    await page.getByLabel(/^Correo de facturación/).fill(email);
    await page.getByLabel(/^Contraseña/).fill(password);
    await page.getByLabel(/^Confirmar contraseña/).fill(password);
    await page.getByLabel(/^Número de teléfono/).pressSequentially(`415557${String(run).slice(-4)}`);
    await expectNoSidewaysScroll(page, 'signup step 1 in Spanish');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByLabel(/^Nombre de la estación/).fill(stationName);
    await page.getByRole('button', { name: 'Continuar' }).click();

    // Step 3: the primary language starts as the wizard's, Spanish, and is one of the languages.
    const primary = page.getByRole('combobox', { name: /^Idioma principal/ });
    await expect(primary).toHaveValue('es');
    // The nine, by their names in Spanish.
    await expect(primary.locator('option')).toHaveCount(9);
    await expect(primary.locator('option[value="de"]')).toHaveText('Alemán');
    await expect(page.getByRole('checkbox', { name: 'Español' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Español' })).toBeDisabled();
    await expect(page.getByRole('checkbox', { name: /^Inglés/ })).toBeChecked();
    await expectNoSidewaysScroll(page, 'signup step 3 in Spanish');
    await page.getByRole('button', { name: 'Continuar' }).click();

    await expect(page.getByRole('heading', { name: 'Tipos de mensaje' })).toBeVisible();
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByRole('checkbox', { name: /^He leído y acepto los Términos del servicio/ }).check();
    await page.getByRole('checkbox', { name: /No soy un robot/ }).click();
    await expect(page.getByText(/Verificado/).first()).toBeVisible({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Aceptar y continuar' }).click();
    const notice = page.getByText(/Modo de prueba: su código es \d{6}/);
    await expect(notice).toBeVisible();
    const code = /\d{6}/.exec((await notice.textContent()) ?? '')?.[0] ?? '';
    await page.getByLabel('Dígito 1 del código de verificación').click();
    await page.keyboard.type(code);
    await page.getByRole('button', { name: 'Verificar', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);

    // Settings says it: Spanish is the primary language, English beside it.
    await page.goto('/admin/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Configuración' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: /^Idioma principal/ })).toHaveValue('es');
    await expect(page.getByRole('checkbox', { name: /^Inglés/ })).toBeChecked();
    await expectNoSidewaysScroll(page, 'settings of the new station');
  });
});
