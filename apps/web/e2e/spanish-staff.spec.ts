// The staff journey in Spanish: a new station signs up, sends an SMS to a contact and
// reads its dashboard, messages, contacts and billing, and no screen shows an English sentence.
import fs from 'node:fs';
import path from 'node:path';
import { LANGUAGES } from '@message-station/shared';
import { expect, type Page, test } from '@playwright/test';
import { giveOwnAddress } from './helpers';

const LOCALES = path.resolve(import.meta.dirname, '../src/locales');

/** Every text of a locale file by its key path (plural forms are keys of their own). */
function flatten(value: unknown, prefix = '', into = new Map<string, string>()): Map<string, string> {
  if (typeof value === 'string') into.set(prefix, value);
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) flatten(child, `${prefix}.${key}`, into);
  }
  return into;
}

const readLocale = (language: string, file: string) =>
  flatten(JSON.parse(fs.readFileSync(path.join(LOCALES, language, file), 'utf8')));

/** Word boundaries that know accented letters and CJK: "Sent" is not found inside "Sentido". */
const wordPattern = (text: string) =>
  new RegExp(`(?<![\\p{L}\\p{N}])${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'u');

/**
 * The English the web could show: each en text that Spanish words differently, cut at its
 * {{placeholders}} and <tags> into the fixed pieces a screen would show. A piece that Spanish
 * texts also use (brand names, SMS, STOP, "Email") is left out.
 */
function englishPieces(): string[] {
  const english = new Set<string>();
  const spanish: string[] = [];
  for (const file of fs.readdirSync(path.join(LOCALES, 'en'))) {
    const en = readLocale('en', file);
    const es = readLocale('es', file);
    spanish.push(...es.values());
    for (const [key, text] of en) {
      if (es.get(key) === text) continue;
      for (const piece of text.split(/\{\{[^}]*\}\}|<[^>]*>|\$t\([^)]*\)/)) {
        const trimmed = piece.replace(/^[\s.,:;·()[\]\-–—!?"'“”«»/|…]+|[\s.,:;·()[\]\-–—"'“”«»/|…]+$/gu, '');
        // Two letters in a row, and a sentence or a word long enough not to be an abbreviation.
        if (/\p{L}{2}/u.test(trimmed) && (trimmed.length >= 4 || trimmed.includes(' '))) english.add(trimmed);
      }
    }
  }
  // Language names in their own language ("English" in the language menu) are meant to be so.
  const spanishText = [...spanish, ...LANGUAGES.map((language) => language.nativeName)].join('\n');
  return [...english].filter(
    (piece) => !(spanishText.includes(piece) && wordPattern(piece).test(spanishText)),
  );
}

/** Server-built English once seen on Spanish pages, whatever the catalogue holds. */
const SERVER_ENGLISH = [
  'SMS sent to',
  'ago',
  'Invalid',
  'attempts left',
  'Message is too long',
  'Low SMS credits',
  'Add Credits',
];

const FORBIDDEN = [...new Set([...englishPieces(), ...SERVER_ENGLISH])];

/**
 * Fails on any English piece in the page's text or in a visible placeholder, title or aria-label.
 * `content` is what the user typed (station name, message, contact), which may be any language.
 */
async function expectNoEnglish(page: Page, screen: string, content: string[]) {
  const texts = await page.evaluate(() => {
    // innerText on purpose: what is rendered, without hidden elements' text.
    // biome-ignore lint/performance/useDomNodeTextContent: the check is about visible text
    const found = [document.body.innerText];
    for (const element of document.querySelectorAll<HTMLElement>('[placeholder], [title], [aria-label]')) {
      if (!element.checkVisibility()) continue;
      // The language switcher's name starts with "Language" in both languages on purpose, so that
      // it can always be found again (LanguageSwitcher.tsx): "Language: Español".
      if (element.getAttribute('aria-label')?.startsWith('Language')) continue;
      for (const name of ['placeholder', 'title', 'aria-label']) {
        const value = element.getAttribute(name);
        if (value) found.push(value);
      }
    }
    return found;
  });
  let text = texts.join('\n');
  for (const typed of content) text = text.split(typed).join('\n');
  const english = FORBIDDEN.filter((piece) => text.includes(piece) && wordPattern(piece).test(text));
  expect(english, `English on ${screen}`).toEqual([]);
}

test('a station signs up and works in Spanish, and no screen shows English', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'es-US' });
  await giveOwnAddress(context);
  const page = await context.newPage();
  const run = Date.now();
  const stationName = `Radio Prueba ${run}`;
  const email = `admin-es-${run}@e2e.test`;
  const password = 'clave-segura-2025';
  const adminPhone = `415556${String(run).slice(-4)}`;
  const contactPhone = `628556${String(run).slice(-4)}`;
  const contactName = 'Lucía Gómez';
  const title = `Cierre de calle ${run}`;
  const body = 'La calle Mayor está cerrada hasta las cinco de la tarde.';
  const content = [stationName, email, contactName, title, body];

  // Signup, six steps, with the UI switched to Español.
  await page.goto('/signup');
  await page.getByRole('banner').getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitem', { name: 'Español' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cree su estación' })).toBeVisible();
  await expectNoEnglish(page, 'signup: account', content);
  await page.getByLabel(/^Nombre completo/).fill('Elena Ejemplo');
  await page.getByLabel(/^Correo electrónico/).fill(email);
  await page.getByLabel(/^Correo de facturación/).fill(email);
  await page.getByLabel(/^Contraseña/).fill(password);
  await page.getByLabel(/^Confirmar contraseña/).fill(password);
  await page.getByLabel(/^Número de teléfono/).pressSequentially(adminPhone);
  await page.getByRole('button', { name: 'Continuar' }).click();

  await page.getByLabel(/^Nombre de la estación/).fill(stationName);
  await expect(page.getByLabel(/^Nombre visible/)).toHaveValue(stationName);
  await expectNoEnglish(page, 'signup: station', content);
  await page.getByRole('button', { name: 'Continuar' }).click();

  // A Spanish-only station: the new-message form then offers every language (a message needs one
  // target) and says why.
  await page.getByRole('checkbox', { name: 'Español' }).check();
  await page.getByRole('checkbox', { name: /^Inglés/ }).uncheck();
  await expectNoEnglish(page, 'signup: branding', content);
  await page.getByRole('button', { name: 'Continuar' }).click();

  await expect(page.getByRole('heading', { name: 'Tipos de mensaje' })).toBeVisible();
  await expectNoEnglish(page, 'signup: message types', content);
  await page.getByRole('button', { name: 'Continuar' }).click();

  await page.getByRole('checkbox', { name: /^He leído y acepto los Términos del servicio/ }).check();
  await expectNoEnglish(page, 'signup: terms', content);
  // The bot check before the code is texted (decision 0054), in Spanish too.
  await page.getByRole('checkbox', { name: /No soy un robot/ }).click();
  await expect(page.getByText(/Verificado/).first()).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Aceptar y continuar' }).click();

  const notice = page.getByText(/Modo de prueba: su código es \d{6}/);
  await expect(notice).toBeVisible();
  await expectNoEnglish(page, 'signup: verification', content);
  const code = /\d{6}/.exec((await notice.textContent()) ?? '')?.[0] ?? '';
  await page.getByLabel('Dígito 1 del código de verificación').click();
  await page.keyboard.type(code);
  await page.getByRole('button', { name: 'Verificar', exact: true }).click();

  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('banner').getByText(stationName)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Actividad reciente' })).toContainText('No hay actividad');
  await expectNoEnglish(page, 'dashboard (new station)', content);

  // SMS is off for a new station: turn it on in Settings.
  await page.goto('/admin/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Configuración' })).toBeVisible();
  await expect(page.getByLabel('Nombre visible')).toHaveValue(stationName);
  await expectNoEnglish(page, 'settings: branding', content);
  await page.getByRole('tab', { name: 'Configuración de SMS' }).click();
  await page.getByRole('switch', { name: 'Activar SMS' }).check();
  await expectNoEnglish(page, 'settings: SMS', content);
  await page.getByRole('button', { name: 'Guardar la configuración de SMS' }).click();
  await expect(page.getByText('Se guardó la configuración de SMS.')).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Activar SMS' })).toBeChecked();

  // A contact added by staff, who confirms with YES.
  await page.goto('/admin/sms-contacts');
  await expect(page.getByRole('heading', { level: 1, name: 'Contactos SMS' })).toBeVisible();
  await page.getByRole('button', { name: 'Añadir contacto' }).click();
  const add = page.getByRole('dialog', { name: 'Añadir contacto' });
  await add.getByLabel(/^Nombre$/).fill(contactName);
  await add.getByLabel(/^Número de teléfono/).pressSequentially(contactPhone);
  await add.getByRole('group', { name: 'Emergencia' }).getByRole('checkbox', { name: 'Suscribir' }).check();
  await add.getByRole('checkbox', { name: /^Confirmo que esta persona aceptó/ }).check();
  await expectNoEnglish(page, 'add contact', content);
  await add.getByRole('button', { name: 'Añadir contacto' }).click();
  await expect(add).toBeHidden();
  const contactRow = page.getByRole('row').filter({ hasText: contactName });
  await expect(contactRow.getByText('Pendiente', { exact: true })).toBeVisible();

  await page.goto('/dev/outbox');
  await page.getByRole('textbox', { name: 'De' }).pressSequentially(contactPhone);
  await page.getByRole('textbox', { name: 'Mensaje' }).fill('YES');
  await page.getByRole('button', { name: 'Enviar', exact: true }).click();
  await expect(page.getByText('La estación respondió')).toBeVisible();

  await page.goto('/admin/sms-contacts');
  await expect(contactRow.getByText('Activo', { exact: true })).toBeVisible();
  await expectNoEnglish(page, 'SMS contacts', content);

  // A message, opened and sent to the contact.
  await page.goto('/admin/messages');
  await page.getByRole('button', { name: 'Agregar mensaje' }).click();
  const form = page.getByRole('dialog', { name: 'Nuevo mensaje' });
  await form.getByRole('textbox', { name: /^Título/ }).fill(title);
  await form.getByRole('combobox', { name: 'Tipo' }).selectOption('emergency');
  await form.getByRole('textbox', { name: /^Texto original/ }).fill(body);
  await expect(form.getByLabel('Idioma original')).toHaveValue('es');
  await expect(
    form.getByText('Su estación tiene un solo idioma (Español): elija cualquiera al que traducir.'),
  ).toBeVisible();
  // Chips hide their checkbox: click the pill itself.
  await form.getByRole('group', { name: 'Idiomas de destino' }).getByText('Inglés', { exact: true }).click();
  await expectNoEnglish(page, 'new message', content);
  await form.getByRole('button', { name: 'Crear mensaje' }).click();
  await expect(form).toBeHidden();
  const messageRow = page.getByRole('row').filter({ hasText: title });
  await expect(messageRow.locator('[data-language="en"][data-status="completed"]')).toHaveCount(1, {
    timeout: 20_000,
  });
  // The English translation is the user's content too.
  const messages = (await (await page.request.get('/admin/api/messages')).json()) as {
    title: string;
    translations: { translated_text: string | null }[];
  }[];
  for (const translation of messages.find((message) => message.title === title)?.translations ?? []) {
    if (translation.translated_text) content.push(translation.translated_text);
  }
  expect(content).toHaveLength(6);
  await expectNoEnglish(page, 'messages', content);

  await messageRow.getByRole('button', { name: 'Detalles' }).click();
  const detail = page.getByRole('dialog', { name: title });
  await expect(detail.getByText(body).first()).toBeVisible();
  await expectNoEnglish(page, 'message details', content);
  await detail.getByRole('button', { name: 'Enviar SMS' }).click();
  const confirm = page.getByRole('alertdialog');
  const costs = confirm.getByRole('table', { name: 'Costo del SMS por idioma' });
  await expect(costs).toBeVisible();
  await expectNoEnglish(page, 'send confirmation', content);
  const credits = Number(
    (await costs.getByRole('row').last().getByRole('cell').last().textContent())?.replace(/\D/g, ''),
  );
  expect(credits).toBeGreaterThan(0);
  await confirm.getByRole('button', { name: 'Enviar a 1 destinatario' }).click();
  await expect(page.getByText('SMS enviado correctamente a 1 suscriptor', { exact: true })).toBeVisible();
  await expectNoEnglish(page, 'message sent', content);

  // The dashboard words the send; billing charged what the confirmation showed.
  await page.goto('/admin/dashboard');
  const activity = page.getByRole('region', { name: 'Actividad reciente' });
  await expect(activity.getByText(/a 1 suscriptor$/)).toBeVisible();
  await expectNoEnglish(page, 'dashboard', content);

  await page.goto('/admin/billing');
  const history = page.getByRole('region', { name: 'Historial de facturación' });
  const sendLine = history.getByRole('row').filter({ hasText: `SMS «${title}» a 1 suscriptor` });
  await expect(sendLine).toContainText(`\u2212${credits}`);
  await expect(history.getByRole('row').filter({ hasText: 'Créditos de la prueba gratuita' })).toHaveCount(1);
  await expectNoEnglish(page, 'billing', content);

  await page.goto('/admin/messages');
  await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(1);
  await expectNoEnglish(page, 'messages after sending', content);

  await page.goto('/admin/users');
  await expect(page.getByRole('row').filter({ hasText: email })).toContainText('Usted');
  await expectNoEnglish(page, 'users', content);
  await page.goto('/admin/machines');
  await expect(page.getByRole('heading', { level: 2, name: 'Conectados ahora (0)' })).toBeVisible();
  await expectNoEnglish(page, 'machines', content);
  await context.close();
});
