// Admin on a phone (decision 0043): an admin with only a phone (390 × 844) sends an emergency.
// The menu leads to Messages; the message is created full-screen, its translation arrives live,
// the Send SMS confirmation is the desktop's (recipients, credits, emergency note, charge warning)
// and the Spanish text reaches the subscriber (dev outbox). The page never scrolls sideways. A
// desktop-only page says it needs a larger display, inside the phone layout; and a machine's Play
// and Stop work from the phone.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startAgent } from './agent';
import { expect, test } from './fixtures';
import { expectNoSidewaysScroll, joinForEmergencies } from './helpers';

const PHONE = { width: 390, height: 844 };
const MACHINE = 'Phone Desk';

let running: ChildProcess | null = null;
test.afterEach(() => {
  running?.kill('SIGTERM');
  running = null;
});

test.describe('the admin area on a phone', () => {
  test.use({ viewport: PHONE, stationOptions: { languages: ['en', 'es'], smsEnabled: true } });

  test('an admin sends an emergency from a phone and the Spanish text reaches the subscriber', async ({
    page,
    station,
    login,
  }) => {
    const last4 = String(Date.now() % 10_000).padStart(4, '0');
    const subscriber = `628557${last4}`;
    await joinForEmergencies(page, station, subscriber, 'es');

    await login(station.admin);
    await page.goto('/admin/dashboard');
    await expect(page.getByText(`Welcome back, ${station.admin.fullName}`)).toBeVisible();
    await expectNoSidewaysScroll(page, 'the dashboard');

    // The navigation waits behind the menu button; choosing a page closes it.
    const menu = page.getByRole('button', { name: 'Menu' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('navigation', { name: 'Admin navigation' })).toBeHidden();
    await menu.click();
    const nav = page.getByRole('navigation', { name: 'Admin navigation' });
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    await nav.getByRole('link', { name: 'Messages' }).click();
    await expect(page).toHaveURL(/\/admin\/messages$/);
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
    await expect(page.getByRole('status', { name: 'Live updates: Live' })).toBeVisible();
    await expectNoSidewaysScroll(page, 'Messages');

    // The form takes the whole screen.
    const title = `Flood ${last4}`;
    const text = 'The river road is flooded between Elm and Oak. Avoid the area.';
    await page.getByRole('button', { name: 'Add Message' }).click();
    const form = page.getByRole('dialog', { name: 'New Message' });
    await expect(form).toBeVisible();
    expect((await form.boundingBox())?.width).toBe(PHONE.width);
    await form.getByRole('textbox', { name: /^Title/ }).fill(title);
    await form.getByRole('combobox', { name: 'Type' }).selectOption('emergency');
    await form.getByRole('textbox', { name: /^Original Text/ }).fill(text);
    await expect(form.getByRole('checkbox', { name: 'Spanish' })).toBeChecked();
    await expectNoSidewaysScroll(page, 'the message form');
    await form.getByRole('button', { name: 'Create Message' }).click();
    await expect(form).toBeHidden();

    // A card, not a table row; the Spanish translation arrives live (Apertium).
    const card = page.getByRole('article', { name: title });
    await expect(card.getByText('Emergency', { exact: true })).toBeVisible();
    await expect(card.locator('[data-language="es"][data-status="completed"]')).toHaveCount(1, {
      timeout: 15_000,
    });
    await expect(card.locator('[data-send-state]')).toHaveText('Not sent');
    await expectNoSidewaysScroll(page, 'the message list');

    // The detail, full-screen, with its translation on its tab.
    await card.getByRole('button', { name: 'Details' }).click();
    const detail = page.getByRole('dialog', { name: title });
    await expect(detail.getByRole('table', { name: 'SMS Preview' })).toBeVisible();
    expect((await detail.boundingBox())?.width).toBe(PHONE.width);
    await detail.getByRole('tab', { name: 'Translations' }).click();
    const spanish = detail.locator('[data-translation="es"][data-status="completed"] [lang="es"]');
    await expect(spanish).toBeVisible();
    const spanishText = ((await spanish.textContent()) ?? '').trim();
    expect(spanishText.length).toBeGreaterThan(10);
    await expectNoSidewaysScroll(page, 'the translations');

    // The desktop's confirmation: who receives it, what it costs, that an emergency goes at once.
    await detail.getByRole('button', { name: 'Send SMS' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(
      confirm.getByText(
        'Send this message by SMS to every active subscriber of Emergency messages? SMS credits will be charged for every segment sent.',
      ),
    ).toBeVisible();
    await expect(confirm.getByText('Recipients: 1')).toBeVisible();
    await expect(confirm.getByRole('table', { name: 'SMS cost by language' })).toContainText('Spanish');
    await expect(confirm.getByText(/^This send uses \d+ of the station's 50 SMS credits\.$/)).toBeVisible();
    await expect(
      confirm.getByText(
        'Emergency messages go out at once, also to recipients outside 8 AM–9 PM local time.',
      ),
    ).toBeVisible();
    await expect(
      confirm.getByText('SMS credits will be charged when you confirm. This cannot be undone.'),
    ).toBeVisible();
    // Apertium's Spanish, which nobody reviewed: a new station requires review of emergencies, so
    // the admin ticks "Send anyway" for it (decision 0050).
    await expect(confirm.getByRole('button', { name: 'Send to 1 recipient' })).toBeDisabled();
    await confirm.getByRole('checkbox', { name: 'Send anyway: the Spanish text' }).check();
    await expectNoSidewaysScroll(page, 'the send confirmation');
    await confirm.getByRole('button', { name: 'Send to 1 recipient' }).click();
    await expect(detail.getByText(/SMS sent successfully to 1 subscriber/)).toBeVisible();
    await expect(detail.getByRole('tab', { name: 'Delivery' })).toHaveAttribute('aria-selected', 'true');

    // The subscriber's phone receives the Spanish text.
    await expect
      .poll(
        async () => {
          const outbox = (await (await page.request.get('/dev/api/outbox?limit=500')).json()) as {
            to: string;
            body: string;
          }[];
          return outbox.filter((sms) => sms.to === `+1${subscriber}`).map((sms) => sms.body);
        },
        { timeout: 15_000 },
      )
      .toContainEqual(expect.stringContaining(`${station.displayName}: ${spanishText}`));
  });

  test('a desktop-only page says so inside the phone layout and leads back to the phone pages', async ({
    page,
    station,
    login,
  }) => {
    await login(station.admin);
    await page.goto('/admin/users');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Admin Mode Requires Larger Display' }),
    ).toBeVisible();
    await expect(page.getByText(/minimum recommended width of 769px/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();
    await expectNoSidewaysScroll(page, 'the larger-display notice');
    await page.getByRole('main').getByRole('link', { name: 'Machines' }).click();
    await expect(page).toHaveURL(/\/admin\/machines$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Machines' })).toBeVisible();
  });

  test('a machine shows on Machines and plays and stops a message from the phone', async ({
    page,
    baseURL,
    station,
    user,
    login,
  }) => {
    await login(station.admin);
    const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrf_token')?.value ?? '';
    const headers = { 'x-csrf-token': csrf };
    const title = `Shelter ${Date.now() % 10_000}`;
    const created = await page.request.post('/admin/api/messages', {
      headers,
      data: {
        title,
        original:
          'The community center on Oak Street is open as a warming shelter tonight. Bring blankets, medicine and a phone charger. Pets are welcome in carriers.',
        original_language: 'en',
        target_languages: ['es'],
        message_type: 'emergency',
      },
    });
    expect(created.status()).toBe(201);

    // An API key for the standard user, as an admin makes one on the Users page.
    const people = (await (await page.request.get('/admin/api/users')).json()) as {
      id: string;
      email: string;
    }[];
    const staff = people.find((person) => person.email === user.email);
    const issued = await page.request.post(`/admin/api/users/${staff?.id}/api-key`, { headers });
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'ms-e2e-phone-agent-'));
    running = startAgent({
      baseURL: baseURL as string,
      station: station.id,
      apiKey: (await issued.json()).api_key as string,
      home,
      exportDir: path.join(home, 'exports'),
      machine: MACHINE,
    }).agent;

    // The machine appears live, as a card.
    await page.goto('/admin/machines');
    await expect(page.getByRole('article', { name: MACHINE })).toBeVisible({ timeout: 20_000 });
    await expectNoSidewaysScroll(page, 'Machines');

    await page.goto('/admin/messages');
    await page.getByRole('article', { name: title }).getByRole('button', { name: 'Details' }).click();
    const detail = page.getByRole('dialog', { name: title });
    await detail.getByLabel('Machine').click();
    await page.getByRole('option', { name: MACHINE }).click();
    await expectNoSidewaysScroll(page, 'the machine controls');
    const play = detail.getByRole('button', { name: 'Play' });
    await play.scrollIntoViewIfNeeded();
    await play.click();
    const playing = detail.getByRole('status').filter({ hasText: `Playing on ${MACHINE}` });
    await expect(playing).toBeVisible({ timeout: 15_000 });
    await detail.getByRole('button', { name: 'Stop' }).click();
    await expect(playing).toBeHidden();
  });
});
