// The public API v1 from an integration's side: an admin creates a scoped key on the
// Users page and copies it from the one view that shows it; the integration adds a contact on
// attested consent, writes an emergency, waits for its translation, sends it once per
// Idempotency-Key and reads the progress; the station's webhook endpoint hears the send complete
// and the delivery is in the log; the key shows its last use, and once revoked is refused.
// The reference page /docs/api works under the Content-Security-Policy.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { untranslatedNotice } from '@message-station/shared';
import { request } from '@playwright/test';
import { expect, test } from './fixtures';

test.describe('public API v1', () => {
  test.use({ stationOptions: { languages: ['en', 'es'], smsEnabled: true } });

  test('a key made on Users sends an emergency through the API, once; revoked, it is refused', async ({
    page,
    station,
    login,
    baseURL,
  }) => {
    // The integration's own receiver, on loopback: it hears the station's send.completed events.
    const received: string[] = [];
    const receiver = http.createServer((incoming, response) => {
      let body = '';
      incoming.on('data', (chunk: Buffer) => {
        body += chunk.toString('utf8');
      });
      incoming.on('end', () => {
        received.push(body);
        response.end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    await login(station.admin);
    await page.goto('/admin/webhooks');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const endpoint = page.getByRole('dialog', { name: 'Add webhook endpoint' });
    await endpoint
      .getByLabel(/Endpoint URL/)
      .fill(`http://127.0.0.1:${(receiver.address() as AddressInfo).port}/message-station`);
    await endpoint.getByRole('checkbox', { name: /send\.completed/ }).check();
    await endpoint.getByRole('button', { name: 'Add endpoint' }).click();
    await page
      .getByRole('dialog', { name: 'Endpoint added: copy its signing secret' })
      .getByRole('button', { name: 'Done' })
      .click();

    await page.goto('/admin/users');
    const card = page.getByRole('region', { name: 'API keys for integrations' });
    await expect(card.getByText('No API keys yet. Create one to connect an integration.')).toBeVisible();
    await card.getByRole('button', { name: 'Create API key' }).click();
    const form = page.getByRole('dialog', { name: 'Create API key' });
    await form.getByRole('textbox', { name: /^Name/ }).fill('School information system');
    for (const scope of ['messages:read', 'messages:write', 'sms:send', 'contacts:write', 'reports:read']) {
      await form.getByRole('checkbox', { name: new RegExp(scope) }).check();
    }
    await form.getByRole('button', { name: 'Create key' }).click();
    const shown = page.getByRole('dialog', { name: 'Your new API key' });
    const key = await shown.getByRole('textbox', { name: 'API key' }).inputValue();
    expect(key).toMatch(/^mssk-[0-9a-f]{64}$/);
    await shown.getByRole('button', { name: 'I have copied the key' }).click();
    await expect(shown).toBeHidden();
    const row = card.getByRole('row').filter({ hasText: 'School information system' });
    await expect(row.getByText(`${key.slice(0, 13)}…`)).toBeVisible();
    await expect(page.getByText(key)).toHaveCount(0);

    const api = await request.newContext({
      baseURL,
      extraHTTPHeaders: { authorization: `Bearer ${key}` },
    });
    const stamp = String(Date.now() % 1000).padStart(3, '0');
    const contact = await api.post('/api/v1/contacts', {
      data: {
        name: 'Dana Parent',
        phone: `9495553${stamp}`,
        message_preferences: { emergency: { subscribed: true, language: 'es' } },
        consent_attested: true,
        consent_text: 'Yes, text me emergency alerts. Reply STOP to end.',
      },
    });
    expect(contact.status(), await contact.text()).toBe(201);
    expect(await contact.json()).toMatchObject({ status: 'active', language: 'es' });

    const created = await api.post('/api/v1/messages', {
      data: {
        title: `Evacuation ${stamp}`,
        original: 'The river is rising. Move to higher ground now.',
        original_language: 'en',
        target_languages: ['es'],
        message_type: 'emergency',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const message = (await created.json()) as { id: string };
    await expect
      .poll(async () => (await (await api.get(`/api/v1/messages/${message.id}/translations`)).json()).final, {
        timeout: 20_000,
      })
      .toBe(true);

    const sendUrl = `/api/v1/messages/${message.id}/send-sms`;
    const headers = { 'idempotency-key': `evacuation-${stamp}` };
    const first = await api.post(sendUrl, { headers, data: {} });
    expect(first.status(), await first.text()).toBe(200);
    const sent = await first.json();
    expect(sent).toMatchObject({ sent_count: 1 });
    const retry = await (await api.post(sendUrl, { headers, data: {} })).json();
    expect(retry.send_id).toBe(sent.send_id);
    await expect
      .poll(async () => (await (await api.get(`/api/v1/messages/${message.id}/deliveries`)).json()).sent, {
        timeout: 15_000,
      })
      .toBe(1);
    // A key sends unattended (decision 0050): nobody reviewed the offline engine's Spanish, so the
    // Spanish subscriber gets the original with the vetted line saying it is not translated.
    await page.goto('/dev/outbox');
    const text = page.getByText(`${station.displayName}: The river is rising.`).first();
    await expect(text).toBeVisible({ timeout: 15_000 });
    await expect(text).toContainText(untranslatedNotice('es', 'en'));
    await expect(page.getByText(`${station.displayName}: El río`)).toHaveCount(0);

    // The send the API made is the one the webhook reports, and its delivery is in the log.
    await expect.poll(() => received.length, { timeout: 20_000 }).toBe(1);
    expect(JSON.parse(received[0] ?? '{}')).toMatchObject({
      type: 'send.completed',
      data: { message_id: message.id },
    });
    await page.goto('/admin/webhooks');
    const delivery = page.locator('[data-delivery-id]').filter({ hasText: 'send.completed' });
    await expect(delivery).toContainText('Delivered');

    await page.goto('/admin/users');
    // Noted at most once a minute: at the first call, moments ago.
    await expect(row.getByRole('cell', { name: /^(Just now|1 minute ago)$/ })).toBeVisible();
    await row.getByRole('button', { name: 'More actions for School information system' }).click();
    await page.getByRole('menuitem', { name: 'Revoke School information system' }).click();
    await page
      .getByRole('dialog', { name: 'Revoke API key' })
      .getByRole('button', { name: 'Revoke key' })
      .click();
    await expect(row).toHaveCount(0);
    const refused = await api.get('/api/v1/me');
    expect(refused.status()).toBe(401);
    expect(refused.headers()['www-authenticate']).toContain('Bearer');
    await api.dispose();
    receiver.close();
  });

  test('the API reference is served here and works under the Content-Security-Policy', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Content-Security-Policy/i.test(message.text()))
        violations.push(message.text());
    });
    page.on('pageerror', (error) => violations.push(`page error: ${error.message}`));
    const outside: string[] = [];
    page.on('request', (sent) => {
      if (!new URL(sent.url()).hostname.match(/^(localhost|127\.0\.0\.1)$/)) outside.push(sent.url());
    });
    await page.goto('/docs');
    await page.getByRole('link', { name: 'Open the API reference' }).click();
    await expect(page).toHaveURL(/\/docs\/api$/);
    await expect(page.getByRole('heading', { name: /Message Station API v1/ })).toBeVisible();
    await expect(page.getByText('/api/v1/messages/{id}/send-sms').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(violations).toEqual([]);
    expect(outside).toEqual([]);
  });
});
