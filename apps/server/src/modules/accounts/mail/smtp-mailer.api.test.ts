import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

const received: Received[] = [];
let smtp: SMTPServer;
let t: TestApp;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp({
    env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'FNO Desk <support@fnodesk.example>' },
  });
  await t.app.ready();
});

afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('SMTP mail', () => {
  it('sends the verification mail over SMTP with HTML and text parts', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user',
      payload: {
        firstName: 'Meera',
        lastName: 'Nair',
        mobile: '+919876543210',
        email: 'meera@example.in',
        password: 'Covered-Call-Writer-8',
      },
    });
    expect(res.statusCode).toBe(200);
    // The mail goes out after the answer (the answer takes as long whether or not the e-mail has an account).
    await t.app.accounts.service.settled();
    expect(received).toHaveLength(1);
    const mail = received[0];
    expect(mail?.from).toBe('support@fnodesk.example');
    expect(mail?.to).toEqual(['meera@example.in']);
    expect(mail?.raw).toContain('Subject: Verify your e-mail address for FNO Desk');
    expect(mail?.raw).toContain('text/plain');
    expect(mail?.raw).toContain('text/html');
    expect(mail?.raw).toMatch(/authentication\/confirm-mail\?token=3D[A-Za-z0-9_-]+|confirm-mail\?token=/);
  });

  it('has no dev mailbox when real mail is configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dev/mailbox.json' });
    expect(res.statusCode).toBe(404);
  });
});
