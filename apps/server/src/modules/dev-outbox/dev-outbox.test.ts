import { describe, expect, it } from 'vitest';
import { recordOutboxMessage } from '../../providers/outbox/repo.js';
import { createOutboxSmsProvider, OUTBOX_FROM_NUMBER } from '../../providers/sms/outbox.js';
import { createTestApp } from '../../test/app.js';

describe('dev outbox', async () => {
  const { app, db } = await createTestApp();

  it('stores what the outbox SMS provider sends', async () => {
    const result = await createOutboxSmsProvider(db).send({ to: '+15551230000', body: 'first' });
    expect(result.providerMessageId).toMatch(/^outbox-/);
    const [latest] = (await app.inject({ url: '/dev/api/outbox' })).json();
    expect(latest).toMatchObject({
      channel: 'sms',
      to: '+15551230000',
      from: OUTBOX_FROM_NUMBER,
      body: 'first',
    });
  });

  it('lists SMS and emails newest first with to, body and created_at', async () => {
    await recordOutboxMessage(db, {
      channel: 'email',
      to: 'admin@demo.test',
      from: 'support@messagestation.test',
      subject: 'Reset your password',
      body: 'Open the link',
      createdAt: new Date('2030-01-01T00:00:02Z'),
    });
    await recordOutboxMessage(db, {
      channel: 'sms',
      to: '+15551230001',
      from: OUTBOX_FROM_NUMBER,
      body: 'older',
      createdAt: new Date('2030-01-01T00:00:01Z'),
    });
    const response = await app.inject({ url: '/dev/api/outbox?limit=2' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      expect.objectContaining({
        channel: 'email',
        to: 'admin@demo.test',
        subject: 'Reset your password',
        body: 'Open the link',
        created_at: '2030-01-01T00:00:02.000Z',
      }),
      expect.objectContaining({ channel: 'sms', to: '+15551230001', body: 'older', subject: null }),
    ]);
  });

  it('refuses a bad limit', async () => {
    expect((await app.inject({ url: '/dev/api/outbox?limit=0' })).statusCode).toBe(400);
  });
});
