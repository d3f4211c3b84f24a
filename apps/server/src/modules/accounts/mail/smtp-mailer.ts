import { createTransport } from 'nodemailer';
import type { Mailer } from './mail.port';

/** Sends mail through the SMTP server of `SMTP_URL` (`smtp://user:pass@host:port` or `smtps://…`). */
export function createSmtpMailer(options: { url: string; from: string }): Mailer {
  const transport = createTransport(options.url);
  return {
    driver: 'smtp',
    async send(message) {
      await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: { 'X-FNO-Desk-Mail': message.kind },
      });
    },
    async close() {
      transport.close();
    },
  };
}
