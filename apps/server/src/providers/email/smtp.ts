// Email over SMTP with nodemailer (any relay: the station's mail server, SES, Postmark, Mailgun...).
import nodemailer from 'nodemailer';
import type { TEmailProvider } from './types.js';

export function createSmtpEmailProvider(smtpUrl: string, from: string): TEmailProvider {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    name: 'smtp',
    async send(email) {
      const info = await transport.sendMail({
        from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html,
        replyTo: email.replyTo,
      });
      return { id: info.messageId };
    },
  };
}
