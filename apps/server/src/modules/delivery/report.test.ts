// The delivery report an admin downloads after a send: one row per text with the recipient's name,
// status, why it failed (a stable reason and the provider's code) and times; another station's
// message is not found; admins only.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { smsContacts } from '../../db/schema/index.js';
import { SmsSendError, type TSmsProvider } from '../../providers/sms/types.js';
import { createTestApp, TestClient } from '../../test/app.js';
import { crowdPhone, stationWithCrowd } from '../../test/crowd.js';
import { createMessage } from '../../test/messages-factory.js';
import { waitUntil } from '../../test/poll.js';
import { failureReason } from './report.js';

const REFUSED = crowdPhone(1);

const sms: TSmsProvider = {
  name: 'twilio',
  async send(message) {
    if (message.to === REFUSED)
      throw new SmsSendError('permanent', 'Twilio 21614: not a mobile number', 21614);
    return { providerMessageId: `SM${message.to.slice(1)}` };
  },
};

function rowsOf(csv: string) {
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const [header, ...lines] = csv.slice(1).trim().split('\r\n');
  const names = (header ?? '').split(',');
  return lines.map((line) => Object.fromEntries(line.split(',').map((cell, i) => [names[i], cell])));
}

describe('delivery report', async () => {
  const { app, db } = await createTestApp({ sms, workers: true });
  const { station, adminEmail } = await stationWithCrowd(db, { slug: 'kreport', count: 3 });
  await db
    .update(smsContacts)
    .set({ name: '=1+2' })
    .where(eq(smsContacts.phone, crowdPhone(2)));
  const admin = new TestClient(app);
  await admin.login(adminEmail);
  const message = await createMessage(db, station.id, {
    original: 'Shelter open at the school.',
    type: 'emergency',
  });
  expect((await admin.post(`/admin/api/messages/${message.id}/send-sms`)).statusCode).toBe(200);
  await waitUntil('every text final', async () => {
    const progress = (await admin.get(`/admin/api/messages/${message.id}/deliveries`)).json();
    return progress.total === 3 && progress.sent + progress.failed === 3;
  });

  it('lists every text with its recipient, status, failure reason and times', async () => {
    const response = await admin.get(`/admin/api/messages/${message.id}/deliveries.csv`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="deliveries-${message.id}.csv"`,
    );
    const rows = rowsOf(response.body);
    expect(rows.map((r) => [r.phone, r.status, r.failure_reason, r.provider_error_code])).toEqual([
      [crowdPhone(0), 'sent', '', ''],
      [crowdPhone(1), 'failed', 'not_mobile', '21614'],
      [crowdPhone(2), 'sent', '', ''],
    ]);
    expect(rows[0]).toMatchObject({ name: 'crowd 0', language: 'en', attempts: '1', segments: '1' });
    expect(rows[0]?.sent_at_utc).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(rows[1]?.sent_at_utc).toBe('');
    // A name that would run as a formula is defused.
    expect(rows[2]?.name).toBe("'=1+2");
  });

  it('lists a page of texts for the detail view, numbers masked, filtered by status and language', async () => {
    const url = `/admin/api/messages/${message.id}/recipients`;
    const all = (await admin.get(url)).json();
    expect(all.total).toBe(3);
    expect(all.recipients).toEqual([
      expect.objectContaining({
        name: 'crowd 0',
        phone_last4: crowdPhone(0).slice(-4),
        stage: 'sent',
        failure_reason: null,
      }),
      expect.objectContaining({
        phone_last4: crowdPhone(1).slice(-4),
        stage: 'failed',
        failure_reason: 'not_mobile',
        provider_error_code: '21614',
        sent_at: null,
      }),
      expect.objectContaining({ name: '=1+2', stage: 'sent', language: 'en' }),
    ]);
    expect(JSON.stringify(all)).not.toContain(crowdPhone(0));
    const failed = (await admin.get(`${url}?stage=failed`)).json();
    expect(failed.total).toBe(1);
    expect((await admin.get(`${url}?language=es`)).json()).toEqual({ total: 0, recipients: [] });
    const second = (await admin.get(`${url}?limit=2&offset=2`)).json();
    expect(second).toMatchObject({ total: 3, recipients: [expect.objectContaining({ name: '=1+2' })] });
    expect((await admin.get(`${url}?stage=lost`)).statusCode).toBe(400);
  });

  it("answers 404 for another station's message and 403 to a standard user", async () => {
    const other = await stationWithCrowd(db, { slug: 'kreportother', count: 0 });
    const otherAdmin = new TestClient(app);
    await otherAdmin.login(other.adminEmail);
    const foreign = await otherAdmin.get(`/admin/api/messages/${message.id}/deliveries.csv`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'message_not_found' });
    const foreignList = await otherAdmin.get(`/admin/api/messages/${message.id}/recipients`);
    expect(foreignList.statusCode).toBe(404);
    const user = new TestClient(app);
    await user.login('user@demo.test');
    expect((await user.get(`/admin/api/messages/${message.id}/deliveries.csv`)).statusCode).toBe(403);
  });

  it('reads the reason from what the dispatcher and the status callbacks store', () => {
    expect(failureReason('Twilio 21211: invalid To')).toEqual({ reason: 'invalid_number', code: '21211' });
    expect(failureReason('Carrier error 30006')).toEqual({ reason: 'landline', code: '30006' });
    expect(failureReason('Carrier error 30999')).toEqual({ reason: 'other', code: '30999' });
    expect(failureReason('Twilio unreachable: connect ECONNREFUSED')).toEqual({
      reason: 'provider_unreachable',
      code: '',
    });
    expect(failureReason(null)).toEqual({ reason: '', code: '' });
  });
});
