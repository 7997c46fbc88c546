// A station's first day on a phone (390 × 844), once in English and once in Spanish: it signs up
// through the real wizard (the Spanish one with Spanish as its primary language), enables SMS from
// the first-run checklist's link, a first subscriber joins in the other language, and the admin
// sends a first emergency from a phrasebook entry in New alert (decisions 0050 and 0082): the taps
// from the dashboard are counted by tap(), the field typing aside. The subscriber gets the entry's
// vetted text in their language (dev outbox). No screen scrolls sideways.
import { PHRASEBOOK, renderPhrase, type TLanguageCode } from '@message-station/shared';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { expectNoSidewaysScroll, giveOwnAddress, joinForEmergencies, tapCounter } from './helpers';

const PHONE = { width: 390, height: 844 };
/** New alert → the entry → its values → Send → confirm. */
const MOST_TAPS = 5;
const ENTRY = PHRASEBOOK.find((entry) => entry.id === 'tornado_emergency');
const FIELDS = { place: 'Moore', time: '11:45 PM' };

const WORDS = {
  en: {
    other: 'es',
    continue: 'Continue',
    fullName: /^Full Name/,
    email: /^Email/,
    billingEmail: /^Billing Email/,
    password: /^Password/,
    confirmPassword: /^Confirm Password/,
    phone: /^Phone Number/,
    stationName: /^Station Name/,
    stationId: /^Station ID/,
    otherLanguage: /^Spanish/,
    messageTypes: 'Message types',
    terms: /I have read and agree to the Terms of Service/,
    robot: /not a robot/i,
    robotDone: /verified/i,
    accept: 'Accept & Continue',
    code: /Test mode: your code is \d{6}/,
    digit: 'Digit 1 of the verification code',
    verify: 'Verify',
    openSms: 'Open SMS settings',
    enableSms: 'Enable SMS',
    saveSms: 'Save SMS Settings',
    savedSms: 'SMS settings saved.',
    newAlert: 'New alert',
    fieldsDone: 'Use these values',
    vetted: 'Vetted in all nine languages',
    send: 'Send to 1 recipient',
    sent: 'SMS sent successfully to 1 subscriber.',
  },
  es: {
    other: 'en',
    continue: 'Continuar',
    fullName: /^Nombre completo/,
    email: /^Correo electrónico/,
    billingEmail: /^Correo de facturación/,
    password: /^Contraseña/,
    confirmPassword: /^Confirmar contraseña/,
    phone: /^Número de teléfono/,
    stationName: /^Nombre de la estación/,
    stationId: /^ID de la estación/,
    otherLanguage: /^Inglés/,
    messageTypes: 'Tipos de mensaje',
    terms: /^He leído y acepto los Términos del servicio/,
    robot: /No soy un robot/,
    robotDone: /Verificado/,
    accept: 'Aceptar y continuar',
    code: /Modo de prueba: su código es \d{6}/,
    digit: 'Dígito 1 del código de verificación',
    verify: 'Verificar',
    openSms: 'Abrir configuración de SMS',
    enableSms: 'Activar SMS',
    saveSms: 'Guardar la configuración de SMS',
    savedSms: 'Se guardó la configuración de SMS.',
    newAlert: 'Nueva alerta',
    fieldsDone: 'Usar estos valores',
    vetted: 'Revisada en los nueve idiomas',
    send: 'Enviar a 1 destinatario',
    sent: 'SMS enviado correctamente a 1 suscriptor.',
  },
} as const;

type TWords = (typeof WORDS)[keyof typeof WORDS];

/** The wizard's six steps on the phone; the station's ID as step 2 derived it. */
async function signUp(page: Page, ui: 'en' | 'es', words: TWords, run: number): Promise<string> {
  const email = `phone-${ui}-${run}@e2e.test`;
  const password = 'phone-pass-2025';
  await giveOwnAddress(page.context());
  await page.goto('/signup');
  if (ui === 'es') {
    await page.getByRole('banner').getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitem', { name: 'Español' }).click();
  }
  await page.getByLabel(words.fullName).fill('Pat Phone');
  await page.getByLabel(words.email).fill(email);
  await page.getByLabel(words.billingEmail).fill(email);
  await page.getByLabel(words.password).fill(password);
  await page.getByLabel(words.confirmPassword).fill(password);
  await page.getByLabel(words.phone).pressSequentially(`415558${String(run).slice(-4)}`);
  await expectNoSidewaysScroll(page, `signup step 1 (${ui})`);
  await page.getByRole('button', { name: words.continue }).click();

  await page.getByLabel(words.stationName).fill(`Phone ${ui} ${run}`);
  const stationId = page.getByLabel(words.stationId);
  await expect(stationId).toHaveValue(/\w+/);
  const id = await stationId.inputValue();
  await expectNoSidewaysScroll(page, `signup step 2 (${ui})`);
  await page.getByRole('button', { name: words.continue }).click();

  // Step 3: the primary language is the wizard's; the other one is added beside it.
  if (ui === 'es') {
    await expect(page.getByRole('combobox', { name: /^Idioma principal/ })).toHaveValue('es');
  }
  const other = page.getByRole('checkbox', { name: words.otherLanguage });
  if (!(await other.isChecked())) await other.check();
  await expect(other).toBeChecked();
  await expectNoSidewaysScroll(page, `signup step 3 (${ui})`);
  await page.getByRole('button', { name: words.continue }).click();

  await expect(page.getByRole('heading', { name: words.messageTypes })).toBeVisible();
  await page.getByRole('button', { name: words.continue }).click();
  await page.getByRole('checkbox', { name: words.terms }).check();
  await page.getByRole('checkbox', { name: words.robot }).click();
  await expect(page.getByText(words.robotDone).first()).toBeVisible({ timeout: 20_000 });
  await expectNoSidewaysScroll(page, `signup step 5 (${ui})`);
  await page.getByRole('button', { name: words.accept }).click();

  const notice = page.getByText(words.code);
  await expect(notice).toBeVisible();
  const code = /\d{6}/.exec((await notice.textContent()) ?? '')?.[0] ?? '';
  await expectNoSidewaysScroll(page, `signup step 6 (${ui})`);
  await page.getByLabel(words.digit).click();
  await page.keyboard.type(code);
  await page.getByRole('button', { name: words.verify, exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  return id;
}

/** A subscriber on their own phone joins for emergencies in `language`. */
async function join(browser: Browser, stationId: string, digits: string, language: string) {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await joinForEmergencies(page, { id: stationId }, digits, language);
  await expectNoSidewaysScroll(page, 'the joined page');
  await context.close();
}

/** The texts the dev outbox holds for this phone number. */
async function outboxFor(page: Page, digits: string): Promise<string[]> {
  const outbox = (await (await page.request.get('/dev/api/outbox?limit=500')).json()) as {
    to: string;
    body: string;
  }[];
  return outbox.filter((sms) => sms.to === `+1${digits}`).map((sms) => sms.body);
}

test.describe('a new station on a phone', () => {
  test.use({ viewport: PHONE, timezoneId: 'America/Chicago' });

  for (const ui of ['en', 'es'] as const) {
    test(`signs up, enables SMS, gets a subscriber and sends a phrasebook emergency (UI in ${ui})`, async ({
      page,
      browser,
    }) => {
      if (!ENTRY) throw new Error('The phrasebook has no tornado_emergency entry.');
      const words = WORDS[ui];
      const run = Date.now();
      const stationId = await signUp(page, ui, words, run);
      await expectNoSidewaysScroll(page, `the first dashboard (${ui})`);

      // SMS on, from the checklist's link.
      await page.getByRole('link', { name: words.openSms }).click();
      await expect(page).toHaveURL(/\/admin\/settings\?tab=sms$/);
      await page.getByRole('switch', { name: words.enableSms }).check();
      await page.getByRole('button', { name: words.saveSms }).click();
      await expect(page.getByText(words.savedSms)).toBeVisible();
      await expectNoSidewaysScroll(page, `SMS settings (${ui})`);

      const subscriber = `628561${String(run).slice(-4)}`;
      await join(browser, stationId, subscriber, words.other);

      await page.goto('/admin/dashboard');
      const newAlert = page.getByRole('banner').getByRole('link', { name: words.newAlert });
      await expect(newAlert).toBeVisible();
      await expectNoSidewaysScroll(page, `the dashboard (${ui})`);

      // Every tap from here on counts; typing the entry's fields does not.
      const { tap, count } = tapCounter();
      await tap(newAlert);
      await expect(page).toHaveURL(/\/admin\/alert$/);
      await expectNoSidewaysScroll(page, `the empty compose (${ui})`);
      await tap(page.getByRole('button', { name: ENTRY.title[ui] }));
      await expect(page.getByText(words.vetted)).toBeVisible();
      const fields = page.locator(`[data-phrase-fields="${ENTRY.id}"]`);
      for (const [field, value] of Object.entries(FIELDS)) {
        await fields.locator(`[data-field="${field}"]`).fill(value);
      }
      await tap(page.getByRole('button', { name: words.fieldsDone }));
      const theirs = renderPhrase(ENTRY, words.other as TLanguageCode, FIELDS);
      await expect(page.locator(`[data-compose-language="${words.other}"]`).getByText(theirs)).toBeVisible();
      const send = page.getByRole('button', { name: words.send });
      await expect(send).toBeEnabled({ timeout: 15_000 });
      await expectNoSidewaysScroll(page, `the compose with the entry (${ui})`);
      await tap(send);
      const confirm = page.getByRole('alertdialog');
      await expectNoSidewaysScroll(page, `the send confirmation (${ui})`);
      await tap(confirm.getByRole('button', { name: words.send }));
      await expect(page.getByText(words.sent)).toBeVisible();

      expect(count()).toBeLessThanOrEqual(MOST_TAPS);
      test.info().annotations.push({ type: 'taps', description: `${count()} taps (UI ${ui})` });

      // The subscriber gets the entry's vetted text in their language.
      await expect
        .poll(() => outboxFor(page, subscriber), { timeout: 15_000 })
        .toContainEqual(expect.stringContaining(theirs));
    });
  }
});
