import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { createSmtpEmailProvider } from './smtp.js';

describe('SMTP email provider', async () => {
  const received: { from: string; to: string[]; raw: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('delivers plain text and HTML with Reply-To over SMTP to a loopback server', async () => {
    const provider = createSmtpEmailProvider(
      `smtp://127.0.0.1:${port}`,
      'Message Station <no-reply@messagestation.test>',
    );
    const result = await provider.send({
      to: 'help@messagestation.test',
      replyTo: 'dana@example.org',
      subject: 'Hello from the contact form',
      text: 'Plain body',
      html: '<p>HTML body</p>',
    });
    expect(result.id).toMatch(/@/);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      from: 'no-reply@messagestation.test',
      to: ['help@messagestation.test'],
    });
    const raw = received[0]?.raw ?? '';
    expect(raw).toContain('Subject: Hello from the contact form');
    expect(raw).toContain('Reply-To: dana@example.org');
    expect(raw).toContain('Plain body');
    expect(raw).toContain('<p>HTML body</p>');
    expect(raw).toMatch(/multipart\/alternative/);
  });
});
