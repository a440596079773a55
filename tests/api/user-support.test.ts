import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { anonymous, asUser } from '../support/as-user';
import { b64, latestCode, mailsTo } from '../support/auth-client';
import { createProperty, createUser, uniqueEmail } from '../factories';
import { apiKeyFor, booking, receipt, sellingProperty } from '../support/reservations';
import { SUPPORT_DOCS } from '../../resources/users/support.documents';
import {
  BOOKING_REF_SEARCH,
  SUPPORT_ACTIONS,
  SUPPORT_MESSAGES,
  VIEW_AS_MINUTES,
  VIEW_AS_TEXTS,
  type SupportAction,
} from '../../resources/users/support';

let app: TestApp;
let staff: string;
beforeAll(async () => {
  app = await createTestApp();
  staff = (await createUser(app, { isStaff: true })).email;
});
afterAll(() => app.close());

type Body = { data?: any; errors?: { message: string; extensions?: { code?: string } }[] };
const gql = async (who: string, query: string, variables: Record<string, unknown> = {}) =>
  (await (await asUser(app, who)).gql(query, variables)).body as Body;
const act = (who: string, userId: number, action: SupportAction) => gql(who, SUPPORT_DOCS.action, { userId, action });
const codeOf = (b: Body) => b.errors?.[0]?.extensions?.code;
const records = async (userId: number, action: string) =>
  app.db.query<{ actor_user_id: number; after: any; before: any }>(
    `select actor_user_id, before, after from audit_log where subject_type = 'User' and subject_id = $1 and action = $2 order by id`,
    [String(userId), action],
  );
const idOf = async (email: string) =>
  (await app.db.query<{ id: number }>('select id from users where email = $1', [email]))[0].id;

async function supplier() {
  const { id: propertyId } = await createProperty(app);
  const user = await createUser(app, { role: 'property_admin', propertyId });
  return { ...user, propertyId };
}

/** Six wrong passwords from one address: the way a supplier locks themself out. */
async function lockOut(email: string) {
  const client = anonymous(app);
  for (let i = 0; i < 6; i++) await client.login(email, 'Wrong#password1');
}

describe('staff support tools on a user (issue 30)', () => {
  it("the user's page: memberships, verified, last sign-in, locked state and why", async () => {
    const s = await supplier();
    await lockOut(s.email);
    const res = await gql(staff, SUPPORT_DOCS.user, { userId: s.id });
    expect(res.errors).toBeUndefined();
    const u = res.data.supportUser;
    expect(u).toMatchObject({ email: s.email, isStaff: false, hasPassword: true, activeSessions: 0 });
    expect(u.memberships).toEqual([
      expect.objectContaining({ role: 'property_admin', roleLabel: 'Property admin', propertyId: s.propertyId }),
    ]);
    expect(u.locks).toEqual([expect.objectContaining({ kind: 'password', count: 1 })]);
    expect(new Date(u.locks[0].until).getTime()).toBeGreaterThan(Date.now());
  });

  it('Unlock: the locked supplier signs in with their password at once; one record with staff as actor', async () => {
    const s = await supplier();
    await lockOut(s.email);
    const blocked = await anonymous(app).login(s.email, s.password);
    expect(blocked.body.errors?.[0]?.extensions?.code).toBeDefined();

    const res = await act(staff, s.id, 'unlock');
    expect(res.errors).toBeUndefined();
    expect(res.data.supportAction.message).toBe(SUPPORT_ACTIONS.unlock.done(s.email));
    const [record] = await records(s.id, 'user.unlock');
    expect(record.actor_user_id).toBe(await idOf(staff));
    expect(record.before).toEqual({ locks: ['password'] });
    expect(record.after).toEqual({ locks: [] });
    const page = await gql(staff, SUPPORT_DOCS.user, { userId: s.id });
    expect(page.data.supportUser.locks).toEqual([]);
    expect(page.data.supportUser.history[0]).toMatchObject({ action: 'user.unlock', actor: staff });

    const client = await asUser(app, s.email, { password: s.password, fresh: true });
    expect(client.cookies.has('access_token')).toBe(true);

    // Not locked any more: a second Unlock is refused (and a repeat within a minute would be too).
    const again = await act(staff, s.id, 'unlock');
    expect(codeOf(again)).toBe('REFUSED');
    expect(await records(s.id, 'user.unlock')).toHaveLength(1);
  });

  it('Send a password reset: the emailed code resets the password; a second one within a minute is refused', async () => {
    const s = await supplier();
    const res = await act(staff, s.id, 'passwordReset');
    expect(res.data.supportAction.message).toBe(SUPPORT_ACTIONS.passwordReset.done(s.email));
    const mail = (await mailsTo(app, s.email)).at(-1)!;
    expect(mail).toContain(`/reset-password?email=${encodeURIComponent(s.email)}`);
    const code = await latestCode(app, s.email);
    const client = anonymous(app);
    await client.passAntiSpam('reset_password');
    const reset = await client.gql(
      `mutation R($u: String!, $c: String!, $p: String!) { forgotPasswordSubmit(username: $u, confirmationCode: $c, password: $p) { success } }`,
      { u: b64(s.email), c: code, p: b64('Reset#by-staff-2026') },
    );
    expect(reset.body.errors).toBeUndefined();
    await asUser(app, s.email, { password: 'Reset#by-staff-2026', fresh: true });

    const again = await act(staff, s.id, 'passwordReset');
    expect(codeOf(again)).toBe('REFUSED');
    expect(again.errors![0].message).toMatch(/^That was done a moment ago\. Try again in \d+ s\.$/);
    expect(await records(s.id, 'user.password_reset.send')).toHaveLength(1);
  });

  it('Sign out everywhere: every session is revoked and the old cookies stop working', async () => {
    const s = await supplier();
    const a = await asUser(app, s.email, { fresh: true });
    const b = await asUser(app, s.email, { fresh: true });
    const res = await act(staff, s.id, 'signOut');
    expect(res.data.supportAction.message).toBe(SUPPORT_ACTIONS.signOut.done(s.email, 2));
    const live = await app.db.query('select 1 from sessions where user_id = $1 and revoked_at is null', [s.id]);
    expect(live).toHaveLength(0);
    for (const c of [a, b]) {
      const me = await c.gql('query { viewer { user { email } } }');
      expect(me.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    }
    const [record] = await records(s.id, 'user.sign_out_everywhere');
    expect(record).toMatchObject({ before: { sessions: 2 }, after: { sessions: 0 } });
  });

  it('Resend verification: a new confirmation link to an unverified user; refused once they are verified', async () => {
    const { id: propertyId } = await createProperty(app);
    const u = await createUser(app, { role: 'property_editor', propertyId, emailVerified: false });
    const res = await act(staff, u.id, 'resend');
    expect(res.data.supportAction.message).toBe(SUPPORT_ACTIONS.resend.done(u.email));
    expect((await mailsTo(app, u.email)).at(-1)).toContain('/verify-email?code=');
    const s = await supplier(); // verified
    const refusedRes = await act(staff, s.id, 'resend');
    expect(refusedRes.errors![0].message).toBe(SUPPORT_MESSAGES.alreadyVerified(s.email));
  });

  it('refusals: not staff, unknown user, a staff account, oneself, bad input; nothing changes', async () => {
    const s = await supplier();
    await lockOut(s.email);
    const before = await app.db.query('select * from login_throttle where email = $1', [s.email]);
    const other = await supplier();
    for (const who of [s.email, other.email]) {
      for (const doc of [
        () => act(who, s.id, 'unlock'),
        () => gql(who, SUPPORT_DOCS.user, { userId: s.id }),
        () => gql(who, SUPPORT_DOCS.people, { email: s.email }),
      ])
        expect(codeOf(await doc())).toBe('NOT_FOUND');
    }
    expect(codeOf(await act(staff, 999_999_999, 'unlock'))).toBe('NOT_FOUND');
    const colleague = await createUser(app, { isStaff: true });
    const onStaff = await act(staff, colleague.id, 'signOut');
    expect(onStaff.errors![0].message).toBe(SUPPORT_MESSAGES.staffAccount);
    const self = await act(staff, await idOf(staff), 'passwordReset');
    expect(self.errors![0].message).toBe(SUPPORT_MESSAGES.self);
    const bad = await gql(staff, SUPPORT_DOCS.action, { userId: s.id, action: 'deleteEverything' });
    expect(bad.errors).toBeDefined();
    const huge = await gql(staff, SUPPORT_DOCS.people, { email: 'x'.repeat(10_000) });
    expect(codeOf(huge)).toBe('BAD_USER_INPUT');
    expect(await app.db.query('select * from login_throttle where email = $1', [s.email])).toEqual(before);
    const anyRecord = await app.db.query(
      `select 1 from audit_log where subject_type = 'User' and subject_id = any($1::text[]) and action = any($2::text[])`,
      [[String(s.id), String(colleague.id)], Object.values(SUPPORT_ACTIONS).map((a) => a.history)],
    );
    expect(anyRecord).toHaveLength(0);
  });

  it('a double click is one action: two unlocks at once make one record, the other is refused', async () => {
    const s = await supplier();
    await lockOut(s.email);
    const both = await Promise.all([act(staff, s.id, 'unlock'), act(staff, s.id, 'unlock')]);
    expect(both.filter((b) => !b.errors)).toHaveLength(1);
    expect(both.filter((b) => codeOf(b) === 'REFUSED')).toHaveLength(1);
    expect(await records(s.id, 'user.unlock')).toHaveLength(1);
  });

  it('people by email: a user with the places they reach, and an open invitation', async () => {
    const s = await supplier();
    const [{ name }] = await app.db.query<{ name: string }>('select name from properties where id = $1', [
      s.propertyId,
    ]);
    const found = await gql(staff, SUPPORT_DOCS.people, { email: s.email.slice(0, 12).toUpperCase() });
    expect(found.errors).toBeUndefined();
    expect(found.data.supportPeople.users).toContainEqual(
      expect.objectContaining({ id: s.id, email: s.email, reach: [name], reachCount: 1 }),
    );
    const invitee = uniqueEmail('invitee');
    await gql(s.email, 'mutation I($input: InviteUserInput!) { inviteUser(input: $input) { message } }', {
      input: {
        propertyId: s.propertyId,
        email: invitee,
        role: 'property_viewer',
        firstName: 'Ivy',
        lastName: 'Invitee',
      },
    });
    const invited = await gql(staff, SUPPORT_DOCS.people, { email: invitee });
    expect(invited.data.supportPeople.invitations).toEqual([
      expect.objectContaining({ email: invitee, propertyId: s.propertyId, scopeName: name }),
    ]);
  });

  it("people by email: a property's key contact, who needs no account, with the property they are a contact for", async () => {
    const email = uniqueEmail('contact').toUpperCase();
    const property = await createProperty(app, { status: 'ONBOARDING' });
    await app.db.query(
      `insert into contacts (property_id, contact_type, name, email, phone) values ($1, 'BILLING', 'Bill Ledger', $2, '+61290000000')`,
      [property.id, email],
    );
    const found = await gql(staff, SUPPORT_DOCS.people, { email: email.toLowerCase().slice(0, 20) });
    expect(found.errors).toBeUndefined();
    expect(found.data.supportPeople.contacts).toContainEqual({
      propertyId: property.id,
      propertyName: property.name,
      contactType: 'BILLING',
      title: 'Billing contact',
      name: 'Bill Ledger',
      email,
    });
  });

  it('View as: staff see what the supplier sees, every write is refused with nothing changed, and Stop brings staff back; both in the history', async () => {
    const s = await supplier();
    const browser = await asUser(app, staff, { fresh: true });
    const started = await browser.gql<any>(SUPPORT_DOCS.startViewAs, { userId: s.id });
    expect(started.body.errors).toBeUndefined();
    const me = await browser.gql<any>(
      'query { viewer { user { email isStaff } viewAs { staffEmail userEmail until } } }',
    );
    expect(me.body.data.viewer.user).toEqual({ email: s.email, isStaff: false });
    expect(me.body.data.viewer.viewAs).toMatchObject({ staffEmail: staff, userEmail: s.email });
    const until = new Date(me.body.data.viewer.viewAs.until).getTime() - Date.now();
    expect(until).toBeGreaterThan(25 * 60_000);
    expect(until).toBeLessThanOrEqual(VIEW_AS_MINUTES * 60_000);
    // Reads are the supplier's: their property, and not another's.
    const own = await browser.gql<any>('query ($id: Int!) { viewer { property(id: $id) { id name } } }', {
      id: s.propertyId,
    });
    expect(own.body.data.viewer.property.id).toBe(s.propertyId);
    const other = await supplier();
    const theirs = await browser.gql<any>('query ($id: Int!) { viewer { property(id: $id) { id } } }', {
      id: other.propertyId,
    });
    expect(theirs.body.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    // Writes: refused, nothing changed.
    const before = await app.db.query('select first_name, position from users where id = $1', [s.id]);
    const write = await browser.gql<any>(
      'mutation { updateUserAttributes(attributes: [{ name: "custom:position", value: "Changed while viewing" }]) { success } }',
    );
    expect(write.body.errors?.[0]).toMatchObject({ message: VIEW_AS_TEXTS.readOnly, extensions: { code: 'REFUSED' } });
    const escalate = await browser.gql<any>(SUPPORT_DOCS.action, { userId: other.id, action: 'signOut' });
    expect(escalate.body.errors?.[0].extensions?.code).toBe('REFUSED');
    expect(await app.db.query('select first_name, position from users where id = $1', [s.id])).toEqual(before);

    const stopped = await browser.gql<any>(SUPPORT_DOCS.stopViewAs);
    expect(stopped.body.data.stopViewAs).toEqual({ message: VIEW_AS_TEXTS.stopped(s.email), userId: s.id });
    const back = await browser.gql<any>('query { viewer { user { email } viewAs { staffEmail } } }');
    expect(back.body.data.viewer).toEqual({ user: { email: staff }, viewAs: null });
    const records = await app.db.query<{ action: string; actor_user_id: number; before: any; after: any }>(
      `select action, actor_user_id, before, after from audit_log where subject_type = 'User' and subject_id = $1
        and action like 'user.view_as.%' order by id`,
      [String(s.id)],
    );
    const staffId = await idOf(staff);
    expect(records).toEqual([
      {
        action: 'user.view_as.start',
        actor_user_id: staffId,
        before: null,
        after: { staffUserId: staffId, userId: s.id, minutes: VIEW_AS_MINUTES },
      },
      {
        action: 'user.view_as.stop',
        actor_user_id: staffId,
        before: { staffUserId: staffId, userId: s.id },
        after: null,
      },
    ]);
  });

  it('View as is refused for a staff account, for oneself, and to anyone but staff', async () => {
    const colleague = await createUser(app, { isStaff: true });
    const s = await supplier();
    expect((await gql(staff, SUPPORT_DOCS.startViewAs, { userId: colleague.id })).errors?.[0].message).toBe(
      VIEW_AS_TEXTS.staffRefused,
    );
    expect((await gql(staff, SUPPORT_DOCS.startViewAs, { userId: await idOf(staff) })).errors?.[0].message).toBe(
      SUPPORT_MESSAGES.self,
    );
    expect((await gql(s.email, SUPPORT_DOCS.startViewAs, { userId: colleague.id })).errors?.[0].extensions?.code).toBe(
      'NOT_FOUND',
    );
    expect((await gql(staff, SUPPORT_DOCS.stopViewAs)).errors?.[0].message).toBe(VIEW_AS_TEXTS.notViewing);
    const sessions = await app.db.query('select 1 from sessions where view_as_by is not null and user_id = $1', [
      colleague.id,
    ]);
    expect(sessions).toHaveLength(0);
  });

  it("one search box: a booking's hotel or booking reference, in any case, opens it (staff only)", async () => {
    const sell = await sellingProperty(app);
    const key = await apiKeyFor(app, sell.propertyId);
    const b = booking(sell);
    const made = await receipt(app, key, b);
    for (const reference of [made.hotelRef.toLowerCase(), String(b.bookingRef)]) {
      const res = await gql(staff, SUPPORT_DOCS.bookings, { reference });
      expect(res.data.bookingsByReference).toEqual([
        expect.objectContaining({ propertyId: sell.propertyId, hotelRef: made.hotelRef, guestName: 'Grace Hopper' }),
      ]);
    }
    // A hotel reference may have no digit (the PostgreSQL pass met HXYQKYVN): still a reference.
    expect(BOOKING_REF_SEARCH.test('HXYQKYVN')).toBe(true);
    expect((await gql(staff, SUPPORT_DOCS.bookings, { reference: "x' or 1=1 --" })).data.bookingsByReference).toEqual(
      [],
    );
    const s = await supplier();
    expect((await gql(s.email, SUPPORT_DOCS.bookings, { reference: made.hotelRef })).errors?.[0].extensions?.code).toBe(
      'NOT_FOUND',
    );
  });
});
