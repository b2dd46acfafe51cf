import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { insertCompanyWithAdmin, TEST_PASSWORD } from '../../test/factories/index.ts';
import { post } from '../../test/http.ts';

/** A real SMTP server on loopback receives what the e-mail adapter sends (SMTP_URL). */
const received: { to: string[]; text: string }[] = [];
let smtp: SMTPServer;
let t: TestApp;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let text = '';
      stream.on('data', (c: Buffer) => (text += c.toString('utf8')));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), text });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('e-mail codes over SMTP', () => {
  it('delivers the code to a bound address and logs in with it', async () => {
    await insertCompanyWithAdmin(t.database.db, { company: { type: 4 }, user: { phone: '13400000001', email: 'buyer@example.com', password: TEST_PASSWORD } });
    const r = await post(t.app, '/api/appuser/sendemailcode', { email: 'Buyer@Example.com' });
    expect(r).toMatchObject({ code: 0, message: '验证码已发送' });
    const mail = received.find((m) => m.to.includes('buyer@example.com'));
    expect(mail).toBeTruthy();
    // The body is quoted-printable or base64 encoded; find the six digits either way.
    const decoded = /base64/i.test(mail!.text)
      ? Buffer.from(mail!.text.split(/\r?\n\r?\n/).slice(1).join('').replace(/[^A-Za-z0-9+/=]/g, ''), 'base64').toString('utf8')
      : mail!.text.replace(/=\r?\n/g, '');
    const code = /(\d{6})/.exec(decoded)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const login = await post<{ authToken: string }>(t.app, '/api/appuser/loginbyemail', { email: 'buyer@example.com', code });
    expect(login.code).toBe(0);
    expect(login.data.authToken).toBeTruthy();
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const before = received.length;
    const r = await post(t.app, '/api/appuser/sendemailcode', { email: 'nobody@example.com' });
    expect(r).toMatchObject({ code: 0, message: '验证码已发送' });
    expect(received.length).toBe(before);
  });
});
