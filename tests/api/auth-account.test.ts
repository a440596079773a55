import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { AuthClient, b64, mailsTo } from '../support/auth-client';
import { asUser } from '../support/as-user';
import { ACCOUNT_MESSAGES } from '../../resources/auth/auth.messages';
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

const UPDATE =
  'mutation UpdateUserAttributes($attributes: [AttributeInput!]!) { updateUserAttributes(attributes: $attributes) { success message } }';
const VERIFY =
  'mutation VerifyCurrentUserAttribute($attributeName: String!) { verifyCurrentUserAttribute(attributeName: $attributeName) { success message } }';
const VERIFY_SUBMIT = `mutation VerifyCurrentUserAttributeSubmit($attributeName: String!, $verificationCode: String!) {
  verifyCurrentUserAttributeSubmit(attributeName: $attributeName, verificationCode: $verificationCode) { success message } }`;
const UPDATE_WITH_PASSWORD = `mutation UpdateUserAttributes($attributes: [AttributeInput!]!, $currentPassword: String) {
  updateUserAttributes(attributes: $attributes, currentPassword: $currentPassword) { success message } }`;
const ME =
  'query { viewer { user { firstName lastName email emailVerified position phonePrimary phoneSecondary isFirstLogin } } }';

describe('own account', () => {
  it('saves names, position and phones (with +61, leading zeros trimmed) and clears FIRST_LOGIN', async () => {
    const email = 'group.viewer@coastal.example';
    await app.db.query("update users set flags = '{FIRST_LOGIN}' where email = $1", [email]);
    const c = await asUser(app, email, { password: DEMO_PASSWORD, fresh: true });
    const res = await c.gql(UPDATE, {
      attributes: [
        { name: 'given_name', value: 'Gianna' },
        { name: 'family_name', value: 'Viewer' },
        { name: 'custom:position', value: 'Revenue Manager' },
        { name: 'phone_number', value: '0412 345 678' },
        { name: 'custom:phone_secondary', value: '+61 2 9000 0000' },
        { name: 'custom:flags', value: '' },
      ],
    });
    expect(res.body.data?.updateUserAttributes).toEqual({ success: true, message: 'Changes saved successfully.' });
    expect((await c.gql(ME)).body.data?.viewer.user).toEqual({
      firstName: 'Gianna',
      lastName: 'Viewer',
      email,
      emailVerified: true,
      position: 'Revenue Manager',
      phonePrimary: '+61412345678',
      phoneSecondary: '+61290000000',
      isFirstLogin: false,
    });
    const audit = await app.db.query<{ before: any; after: any }>(
      "select before, after from audit_log where action = 'user.update_attributes' order by id desc limit 1",
    );
    expect(audit[0].before.first_name).toBe('Gia');
    expect(audit[0].after.first_name).toBe('Gianna');
  });

  it('refuses unknown attributes, adding flags, overlong values, and callers who are signed out', async () => {
    const c = await asUser(app, 'editor@harbourview.example', { password: DEMO_PASSWORD, fresh: true });
    expect(
      (await c.gql(UPDATE, { attributes: [{ name: 'custom:role', value: 'staff' }] })).body.errors?.[0].message,
    ).toBe('Unknown attribute: custom:role');
    expect(
      (await c.gql(UPDATE, { attributes: [{ name: 'custom:flags', value: 'FIRST_LOGIN' }] })).body.errors?.[0]
        .extensions?.code,
    ).toBe('FORBIDDEN');
    const long = await c.gql(UPDATE, {
      attributes: [
        { name: 'phone_number', value: '0'.repeat(26) },
        { name: 'given_name', value: '' },
      ],
    });
    expect(long.body.errors?.[0]).toMatchObject({
      message: "Couldn't save changes.",
      extensions: {
        code: 'BAD_USER_INPUT',
        fields: { phone_number: ['Phone number must be 25 characters or less'], given_name: ['Enter your first name'] },
      },
    });
    const [row] = await app.db.query<{ first_name: string }>(
      "select first_name from users where email = 'editor@harbourview.example'",
    );
    expect(row.first_name).toBe('Eli');
    expect(
      (await new AuthClient(app).gql(UPDATE, { attributes: [{ name: 'given_name', value: 'X' }] })).body.errors?.[0]
        .extensions?.code,
    ).toBe('UNAUTHENTICATED');
  });

  it('a new email needs the current password, stays pending until its link is confirmed, and the old address is told', async () => {
    const c = await asUser(app, 'admin@harbourview.example', { password: DEMO_PASSWORD, fresh: true });
    const NEW = 'ava.new@harbourview.example';
    // A session alone (a stolen id_token, say) cannot move the account.
    const bare = await c.gql(UPDATE, { attributes: [{ name: 'email', value: 'Ava.New@HarbourView.example' }] });
    expect(bare.body.errors?.[0]).toMatchObject({
      extensions: { code: 'BAD_USER_INPUT', fields: { currentPassword: [ACCOUNT_MESSAGES.currentPasswordNeeded] } },
    });
    const wrong = await c.gql(UPDATE_WITH_PASSWORD, {
      attributes: [{ name: 'email', value: NEW }],
      currentPassword: b64('Not-the-password#1'),
    });
    expect(wrong.body.errors?.[0].extensions?.code).toBe('NotAuthorizedException');
    expect(await mailsTo(app, NEW)).toHaveLength(0);

    const res = await c.gql(UPDATE_WITH_PASSWORD, {
      attributes: [{ name: 'email', value: 'Ava.New@HarbourView.example' }],
      currentPassword: b64(DEMO_PASSWORD),
    });
    expect(res.body.data?.updateUserAttributes.success).toBe(true);
    // Until confirmed, the account keeps its address: sign-in and reset still go to the old one.
    expect((await c.gql(ME)).body.data?.viewer.user).toMatchObject({
      email: 'admin@harbourview.example',
      emailVerified: true,
    });
    const notice = (await mailsTo(app, 'admin@harbourview.example')).at(-1)!;
    expect(notice).toContain('asked to change its email address to a***@h***.example');
    expect((await c.gql(VERIFY, { attributeName: 'email' })).body.data?.verifyCurrentUserAttribute).toEqual({
      success: true,
      message: `A confirmation email has been sent to ${NEW}.`,
    });
    const mails = await mailsTo(app, NEW);
    expect(mails).toHaveLength(2);
    const first = /verify-email\?code=([A-Za-z0-9_-]+)/.exec(mails[0])![1];
    const link = /verify-email\?code=([A-Za-z0-9_-]+)/.exec(mails[1])![1];
    expect(mails[1]).toContain('http://localhost:3000/verify-email?code=');
    // The resend replaced the first link.
    expect(
      (await c.gql(VERIFY_SUBMIT, { attributeName: 'email', verificationCode: first })).body.errors?.[0].message,
    ).toBe("Couldn't verify your email.");
    expect(
      (await c.gql(VERIFY_SUBMIT, { attributeName: 'email', verificationCode: link })).body.data
        ?.verifyCurrentUserAttributeSubmit.success,
    ).toBe(true);
    expect((await c.gql(ME)).body.data?.viewer.user).toMatchObject({ email: NEW, emailVerified: true });
    expect(
      (await c.gql(VERIFY_SUBMIT, { attributeName: 'email', verificationCode: link })).body.errors?.[0].message,
    ).toBe("Couldn't verify your email.");
    await app.db.query("update users set email = 'admin@harbourview.example' where email = $1", [NEW]);
  });

  it('answers an address that has an account exactly like a free one, and changes nothing', async () => {
    const c = await asUser(app, 'editor@harbourview.example', { password: DEMO_PASSWORD, fresh: true });
    const taken = await c.gql(UPDATE_WITH_PASSWORD, {
      attributes: [{ name: 'email', value: 'staff@extranet.example' }],
      currentPassword: b64(DEMO_PASSWORD),
    });
    const free = await c.gql(UPDATE_WITH_PASSWORD, {
      attributes: [{ name: 'email', value: 'eli.free@harbourview.example' }],
      currentPassword: b64(DEMO_PASSWORD),
    });
    expect(taken.body).toEqual(free.body);
    expect((await mailsTo(app, 'staff@extranet.example')).at(-1)).toContain('which already has an account');
    const [row] = await app.db.query<{ email: string }>(
      "select email from users where email = 'editor@harbourview.example'",
    );
    expect(row.email).toBe('editor@harbourview.example');
  });

  it('refuses every attribute change to a user whose password has expired', async () => {
    const c = await asUser(app, 'expired@harbourview.example', { password: DEMO_PASSWORD, fresh: true });
    const res = await c.gql(UPDATE, { attributes: [{ name: 'given_name', value: 'Still' }] });
    expect(res.body.errors?.[0].extensions?.code).toBe('PASSWORD_EXPIRED');
    const email = await c.gql(UPDATE_WITH_PASSWORD, {
      attributes: [{ name: 'email', value: 'elsewhere@harbourview.example' }],
      currentPassword: b64(DEMO_PASSWORD),
    });
    expect(email.body.errors?.[0].extensions?.code).toBe('PASSWORD_EXPIRED');
    expect(await mailsTo(app, 'elsewhere@harbourview.example')).toHaveLength(0);
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
        stream.on('end', () => {
          received.push(data);
          done();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    try {
      const mailer = createMailer(
        { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'no-reply@extranet.example', DATA_DIR: '/nonexistent' },
        createLogger('silent'),
      );
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
