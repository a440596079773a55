import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { AuthClient, mailsTo } from '../support/auth-client';
import { createTestApp, type TestApp } from '../support/test-app';
import { DEMO_PASSWORD } from '../../server/db/seed';
import { createMailer } from '../../server/mail/mailer';
import { createLogger } from '../../server/logger';
import { signInCodeMail } from '../../server/mail/templates';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const UPDATE = 'mutation UpdateUserAttributes($attributes: [AttributeInput!]!) { updateUserAttributes(attributes: $attributes) { success message } }';
const VERIFY = 'mutation VerifyCurrentUserAttribute($attributeName: String!) { verifyCurrentUserAttribute(attributeName: $attributeName) { success message } }';
const VERIFY_SUBMIT = `mutation VerifyCurrentUserAttributeSubmit($attributeName: String!, $verificationCode: String!) {
  verifyCurrentUserAttributeSubmit(attributeName: $attributeName, verificationCode: $verificationCode) { success message } }`;
const ME = 'query { viewer { user { firstName lastName email emailVerified position phonePrimary phoneSecondary isFirstLogin } } }';

describe('own account', () => {
  it('saves names, position and phones (with +61, leading zeros trimmed) and clears FIRST_LOGIN', async () => {
    const email = 'group.viewer@coastal.example';
    await app.db.query("update users set flags = '{FIRST_LOGIN}' where email = $1", [email]);
    const c = new AuthClient(app);
    await c.signIn(email, DEMO_PASSWORD);
    const res = await c.gql(UPDATE, { attributes: [
      { name: 'given_name', value: 'Gianna' }, { name: 'family_name', value: 'Viewer' }, { name: 'custom:position', value: 'Revenue Manager' },
      { name: 'phone_number', value: '0412 345 678' }, { name: 'custom:phone_secondary', value: '+61 2 9000 0000' }, { name: 'custom:flags', value: '' },
    ] });
    expect(res.body.data?.updateUserAttributes).toEqual({ success: true, message: 'Changes saved successfully.' });
    expect((await c.gql(ME)).body.data?.viewer.user).toEqual({
      firstName: 'Gianna', lastName: 'Viewer', email, emailVerified: true, position: 'Revenue Manager',
      phonePrimary: '+61412345678', phoneSecondary: '+61290000000', isFirstLogin: false,
    });
    const audit = await app.db.query<{ before: any; after: any }>("select before, after from audit_log where action = 'user.update_attributes' order by id desc limit 1");
    expect(audit[0].before.first_name).toBe('Gia');
    expect(audit[0].after.first_name).toBe('Gianna');
  });

  it('refuses unknown attributes, adding flags, overlong values, and callers who are signed out', async () => {
    const c = new AuthClient(app);
    await c.signIn('editor@harbourview.example', DEMO_PASSWORD);
    expect((await c.gql(UPDATE, { attributes: [{ name: 'custom:role', value: 'staff' }] })).body.errors?.[0].message).toBe('Unknown attribute: custom:role');
    expect((await c.gql(UPDATE, { attributes: [{ name: 'custom:flags', value: 'FIRST_LOGIN' }] })).body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const long = await c.gql(UPDATE, { attributes: [{ name: 'phone_number', value: '0'.repeat(26) }, { name: 'given_name', value: '' }] });
    expect(long.body.errors?.[0]).toMatchObject({
      message: "Couldn't save changes.",
      extensions: { code: 'BAD_USER_INPUT', fields: { phone_number: ['Phone number must be 25 characters or less'], given_name: ['Enter your first name'] } },
    });
    const [row] = await app.db.query<{ first_name: string }>("select first_name from users where email = 'editor@harbourview.example'");
    expect(row.first_name).toBe('Eli');
    expect((await new AuthClient(app).gql(UPDATE, { attributes: [{ name: 'given_name', value: 'X' }] })).body.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('unverifies a changed email, mails a confirmation link, and confirms it with the code once', async () => {
    const c = new AuthClient(app);
    await c.signIn('admin@harbourview.example', DEMO_PASSWORD);
    const res = await c.gql(UPDATE, { attributes: [{ name: 'email', value: 'Ava.New@HarbourView.example' }] });
    expect(res.body.data?.updateUserAttributes.success).toBe(true);
    expect((await c.gql(ME)).body.data?.viewer.user).toMatchObject({ email: 'ava.new@harbourview.example', emailVerified: false });
    expect((await c.gql(VERIFY, { attributeName: 'email' })).body.data?.verifyCurrentUserAttribute).toEqual({
      success: true, message: 'A confirmation email has been sent to ava.new@harbourview.example.',
    });
    const mails = await mailsTo(app, 'ava.new@harbourview.example');
    expect(mails).toHaveLength(2);
    const first = /verify-email\?code=([A-Za-z0-9_-]+)/.exec(mails[0])![1];
    const link = /verify-email\?code=([A-Za-z0-9_-]+)/.exec(mails[1])![1];
    expect(mails[1]).toContain('http://localhost:3000/verify-email?code=');
    // The resend replaced the first link.
    expect((await c.gql(VERIFY_SUBMIT, { attributeName: 'email', verificationCode: first })).body.errors?.[0].message).toBe("Couldn't verify your email.");
    expect((await c.gql(VERIFY_SUBMIT, { attributeName: 'email', verificationCode: link })).body.data?.verifyCurrentUserAttributeSubmit.success).toBe(true);
    expect((await c.gql(ME)).body.data?.viewer.user.emailVerified).toBe(true);
    expect((await c.gql(VERIFY_SUBMIT, { attributeName: 'email', verificationCode: link })).body.errors?.[0].message).toBe("Couldn't verify your email.");
    await app.db.query("update users set email = 'admin@harbourview.example' where email = 'ava.new@harbourview.example'");
  });

  it('refuses to take another user\'s email', async () => {
    const c = new AuthClient(app);
    await c.signIn('editor@harbourview.example', DEMO_PASSWORD);
    const res = await c.gql(UPDATE, { attributes: [{ name: 'email', value: 'staff@extranet.example' }] });
    expect(res.body.errors?.[0].extensions?.fields).toEqual({ email: ['That email address is already in use.'] });
  });
});

describe('mail over SMTP', () => {
  it('delivers through a real SMTP server on loopback', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, done) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => { received.push(data); done(); });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    try {
      const mailer = createMailer({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'no-reply@extranet.example', DATA_DIR: '/nonexistent' }, createLogger('silent'));
      mailer.send(signInCodeMail('someone@hotel.example', '246810'));
      await mailer.idle();
      expect(mailer.outboxDir).toBeNull();
      expect(received).toHaveLength(1);
      expect(received[0]).toMatch(/^To: someone@hotel.example$/m);
      expect(received[0]).toContain('Your verification code is 246810. It is valid for ten minutes.');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
