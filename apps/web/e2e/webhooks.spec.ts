// Outbound webhooks: an admin adds an endpoint (a receiver in this test, on loopback) for
// new subscribers, copies its secret, a person joins on the station's page, and the receiver gets
// the subscriber.joined event signed as Stripe signs (checked with Stripe's own verifier); the
// delivery is in the log with its payload and attempt.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { expect, test } from './fixtures';
import { joinForEmergencies } from './helpers';

type TReceived = { headers: http.IncomingHttpHeaders; body: string; at: number };

test.describe('outbound webhooks', () => {
  test.use({ stationOptions: { languages: ['en', 'es'], smsEnabled: true } });

  test('a new subscriber reaches the endpoint, signed, and shows in the delivery log', async ({
    page,
    station,
    login,
  }) => {
    const received: TReceived[] = [];
    const receiver = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({
          headers: request.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          at: Date.now(),
        });
        response.end('thanks');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
    try {
      await login(station.admin);
      await page.goto('/admin/webhooks');
      await expect(page.getByText('No webhook endpoints yet.')).toBeVisible();
      await page.getByRole('button', { name: 'Add endpoint' }).click();
      const form = page.getByRole('dialog', { name: 'Add webhook endpoint' });
      await form.getByLabel(/Endpoint URL/).fill(url);
      await form.getByRole('checkbox', { name: /subscriber\.joined/ }).check();
      await form.getByRole('button', { name: 'Add endpoint' }).click();
      const shown = page.getByRole('dialog', { name: 'Endpoint added: copy its signing secret' });
      const secret = (await shown.locator('[data-webhook-secret] code').textContent()) ?? '';
      expect(secret).toMatch(/^whsec_/);
      await shown.getByRole('button', { name: 'Done' }).click();

      const digits = `415555${String(Date.now() % 10_000).padStart(4, '0')}`;
      const visitor = await page.context().newPage();
      await joinForEmergencies(visitor, station, digits, 'es');
      await visitor.close();

      await expect.poll(() => received.length, { timeout: 20_000 }).toBe(1);
      const [got] = received as [TReceived];
      const event = new Stripe('sk_test_e2e').webhooks.constructEvent(
        got.body,
        got.headers['messagestation-signature'] as string,
        secret,
      ) as unknown as { type: string; data: { phone: string; source: string } };
      expect(event.type).toBe('subscriber.joined');
      expect(event.data).toMatchObject({ phone: `+1${digits}`, source: 'web_join' });

      await page.reload();
      const row = page.locator('[data-delivery-id]').first();
      await expect(row).toContainText('subscriber.joined');
      await expect(row).toContainText('Delivered');
      await row.getByRole('button').click();
      const drawer = page.getByRole('dialog', { name: 'Delivery' });
      await expect(drawer.getByText(`"phone": "+1${digits}"`)).toBeVisible();
      await expect(drawer.getByText('thanks')).toBeVisible();
    } finally {
      receiver.close();
    }
  });
});
