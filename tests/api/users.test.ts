import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { anonymous, asUser } from '../support/as-user';
import { createGroup, createProperty, createUser, grantUserRole, uniqueEmail, type Role } from '../factories';
import { mailsInOutbox } from '../support/mail-files';
import { USER_DOCS } from '../../resources/users/user.documents';
import { INVITES_PER_HOUR, USER_MESSAGES } from '../../resources/users/user-rules';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

type Body = { data?: any; errors?: { message: string; extensions?: { code?: string; fields?: any } }[] };
const gql = async (who: string, query: string, variables: Record<string, unknown> = {}) =>
  (await (await asUser(app, who)).gql(query, variables)).body as Body;
const pub = async (query: string, variables: Record<string, unknown>) =>
  (await anonymous(app).gql(query, variables)).body as Body;
const codeOf = (b: Body) => b.errors?.[0]?.extensions?.code;

/** The token in the newest invitation mail to this address. */
async function linkTokenFor(email: string): Promise<string> {
  const mails = await mailsInOutbox(app.services.mailer.outboxDir!, email);
  const match = /accept-invitation\?token=([0-9]+\.[A-Za-z0-9_-]{43})/.exec(mails.at(-1) ?? '');
  if (!match) throw new Error(`no invitation mail to ${email}`);
  return match[1];
}

const countRows = async (sql: string, params: unknown[]) =>
  (await app.db.query<{ n: number }>(`select count(*)::int as n from ${sql}`, params))[0].n;

async function propertyWithAdmin(status = 'ONBOARDING') {
  const { id } = await createProperty(app, { status: status as never });
  const admin = await createUser(app, { role: 'property_admin', propertyId: id });
  return { id, admin: admin.email };
}

const invite = (who: string, input: Record<string, unknown>) =>
  gql(who, USER_DOCS.invite, { input: { firstName: 'Ines', lastName: 'Invitee', ...input } });

const memberIdOf = async (email: string, where: { propertyId?: number; groupId?: number }) =>
  (
    await app.db.query<{ id: number }>(
      'select m.id from memberships m join users u on u.id = m.user_id where u.email = $1 and (m.property_id = $2 or m.property_group_id = $3)',
      [email, where.propertyId ?? null, where.groupId ?? null],
    )
  )[0].id;

describe('inviting and accepting (issue 28)', () => {
  it('a property admin invites; the link sets a password; the first sign-in lands on first login and starts onboarding', async () => {
    const { id } = await createProperty(app, { status: 'PROSPECTIVE' });
    const admin = (await createUser(app, { role: 'property_admin', propertyId: id })).email;
    const email = uniqueEmail('invitee');
    const res = await invite(admin, { propertyId: id, email: email.toUpperCase(), role: 'property_editor' });
    expect(res.errors).toBeUndefined();
    expect(res.data.inviteUser.message).toBe(USER_MESSAGES.invited(email));
    const [p] = await app.db.query<{ status: string }>('select status from properties where id = $1', [id]);
    expect(p.status).toBe('INVITED');
    expect(await countRows('users where email = $1', [email])).toBe(0); // nothing made until the link is opened

    const list = await gql(admin, USER_DOCS.list, { input: { propertyId: id } });
    const row = list.data.scopeUsers.nodes.find((n: any) => n.email === email);
    expect(row).toMatchObject({ status: 'invited', role: 'property_editor', name: 'Ines Invitee', expired: false });

    const token = await linkTokenFor(email);
    const [stored] = await app.db.query<{ token_hash: string }>('select token_hash from invitations where email = $1', [
      email,
    ]);
    expect(stored.token_hash).not.toContain(token.split('.')[1]);
    const info = await pub(USER_DOCS.invitation, { token });
    expect(info.data.invitation).toMatchObject({ email, role: 'property_editor', needsPassword: true });

    const weak = await pub(USER_DOCS.accept, { token, password: 'short' });
    expect(codeOf(weak)).toBe('InvalidPasswordException');
    expect(await countRows('users where email = $1', [email])).toBe(0);

    const password = 'Invited#2026x';
    const ok = await pub(USER_DOCS.accept, { token, password });
    expect(ok.data.acceptInvitation.message).toBe(USER_MESSAGES.accepted);
    // Neither the link's secret nor the password reaches a log line.
    expect(JSON.stringify(app.logs)).not.toContain(token.split('.')[1]);
    expect(JSON.stringify(app.logs)).not.toContain(password);
    const again = await pub(USER_DOCS.accept, { token, password });
    expect(again.errors![0]).toMatchObject({
      message: USER_MESSAGES.linkUsed,
      extensions: { code: 'INVITATION_USED' },
    });

    const [user] = await app.db.query<{ flags: string[]; email_verified: boolean }>(
      'select flags, email_verified from users where email = $1',
      [email],
    );
    expect(user).toEqual({ flags: ['FIRST_LOGIN'], email_verified: true });
    await asUser(app, email, { password, fresh: true }); // Login + the emailed code, as the portal does
    const [after] = await app.db.query<{ status: string }>('select status from properties where id = $1', [id]);
    expect(after.status).toBe('ONBOARDING');
    const actions = await app.db.query<{ action: string }>(
      'select action from audit_log where property_id = $1 order by id',
      [id],
    );
    expect(actions.map((a) => a.action)).toEqual([
      'property.create',
      'membership.grant',
      'user.invite',
      'property.invite',
      'user.invite.accept',
      'property.onboard',
    ]);
    const active = await gql(admin, USER_DOCS.list, { input: { propertyId: id, status: 'active' } });
    expect(active.data.scopeUsers.nodes.map((n: any) => n.email)).toContain(email);
  });

  it('an expired link, a wrong secret, a revoked link and a malformed one are refused and make nothing', async () => {
    const { id, admin } = await propertyWithAdmin();
    const email = uniqueEmail('expiring');
    await invite(admin, { propertyId: id, email, role: 'property_viewer' });
    const token = await linkTokenFor(email);
    const [idPart, secret] = token.split('.');
    const wrong = `${idPart}.${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
    for (const t of [wrong, 'nonsense', `999999.${secret}`]) {
      const res = await pub(USER_DOCS.accept, { token: t, password: 'Invited#2026x' });
      expect(res.errors![0]).toMatchObject({
        message: USER_MESSAGES.linkInvalid,
        extensions: { code: 'INVITATION_INVALID' },
      });
    }
    await app.db.query(`update invitations set expires_at = now() - interval '1 minute' where email = $1`, [email]);
    const expired = await pub(USER_DOCS.accept, { token, password: 'Invited#2026x' });
    expect(expired.errors![0].message).toBe(USER_MESSAGES.linkExpired);
    const listed = await gql(admin, USER_DOCS.list, { input: { propertyId: id } });
    expect(listed.data.scopeUsers.nodes.find((n: any) => n.email === email).expired).toBe(true);

    // Resend gives a new week and a new link; the old one stops working.
    const invitationId = listed.data.scopeUsers.nodes.find((n: any) => n.email === email).invitationId;
    expect((await gql(admin, USER_DOCS.resend, { invitationId })).data.resendInvitation.message).toBe(
      USER_MESSAGES.resent(email),
    );
    const fresh = await linkTokenFor(email);
    expect(fresh).not.toBe(token);
    const old = await pub(USER_DOCS.invitation, { token });
    expect(codeOf(old)).toBe('INVITATION_INVALID');
    expect((await pub(USER_DOCS.invitation, { token: fresh })).data.invitation.email).toBe(email);

    expect((await gql(admin, USER_DOCS.revoke, { invitationId })).data.revokeInvitation.message).toBe(
      USER_MESSAGES.revoked(email),
    );
    const revoked = await pub(USER_DOCS.accept, { token: fresh, password: 'Invited#2026x' });
    expect(codeOf(revoked)).toBe('INVITATION_INVALID');
    expect(await countRows('users where email = $1', [email])).toBe(0);
    expect(await countRows('memberships where property_id = $1', [id])).toBe(1);
  });

  it("an invitation is as good as its sender's authority now: removed, their links stop; a resend by a current admin revives it", async () => {
    const { id, admin } = await propertyWithAdmin();
    const other = await createUser(app, { role: 'property_admin', propertyId: id });
    const email = uniqueEmail('orphan');
    await invite(admin, { propertyId: id, email, role: 'property_editor' });
    const token = await linkTokenFor(email);
    await gql(other.email, USER_DOCS.remove, { memberId: await memberIdOf(admin, { propertyId: id }) });
    const refused = await pub(USER_DOCS.accept, { token, password: 'Invited#2026x' });
    expect(refused.errors![0]).toMatchObject({
      message: USER_MESSAGES.inviterGone,
      extensions: { code: 'INVITATION_INVALID' },
    });
    expect(await countRows('users where email = $1', [email])).toBe(0);
    const invitationId = (await app.db.query<{ id: number }>('select id from invitations where email = $1', [email]))[0]
      .id;
    await gql(other.email, USER_DOCS.resend, { invitationId });
    const ok = await pub(USER_DOCS.accept, { token: await linkTokenFor(email), password: 'Invited#2026x' });
    expect(ok.data.acceptInvitation.message).toBe(USER_MESSAGES.accepted);
  });

  it('inviting an existing account adds the role to it, with no second account and no new password', async () => {
    const { id, admin } = await propertyWithAdmin();
    const other = await createProperty(app);
    const existing = await createUser(app, { role: 'property_viewer', propertyId: other.id });
    const res = await invite(admin, { propertyId: id, email: existing.email, role: 'property_editor' });
    expect(res.data.inviteUser.message).toBe(USER_MESSAGES.invited(existing.email)); // the same words as for a new address
    const token = await linkTokenFor(existing.email);
    expect((await pub(USER_DOCS.invitation, { token })).data.invitation.needsPassword).toBe(false);
    await pub(USER_DOCS.accept, { token });
    expect(await countRows('users where email = $1', [existing.email])).toBe(1);
    expect(await countRows('memberships m join users u on u.id = m.user_id where u.email = $1', [existing.email])).toBe(
      2,
    );
    await asUser(app, existing.email, { password: existing.password, fresh: true });
  });

  it('refuses a second open invitation and a current member, and limits invitations an hour', async () => {
    const { id, admin } = await propertyWithAdmin();
    const email = uniqueEmail('twice');
    await invite(admin, { propertyId: id, email, role: 'property_viewer' });
    const twice = await invite(admin, { propertyId: id, email, role: 'property_viewer' });
    expect(twice.errors?.[0]).toMatchObject({
      message: USER_MESSAGES.alreadyInvited(email),
      extensions: { code: 'REFUSED' },
    });
    const member = await invite(admin, { propertyId: id, email: admin, role: 'property_viewer' });
    expect(member.errors?.[0].message).toBe(USER_MESSAGES.alreadyMember(admin));

    const invitationId = (await app.db.query<{ id: number }>('select id from invitations where email = $1', [email]))[0]
      .id;
    for (let i = 1; i < INVITES_PER_HOUR.address; i++) await gql(admin, USER_DOCS.resend, { invitationId });
    const limited = await gql(admin, USER_DOCS.resend, { invitationId });
    expect(limited.errors?.[0]).toMatchObject({
      message: USER_MESSAGES.tooMany,
      extensions: { code: 'TOO_MANY_REQUESTS' },
    });
    expect(await countRows('invitation_sends where email = $1', [email])).toBe(INVITES_PER_HOUR.address);
  });

  it('bad input gets field messages; unknown fields and wrong types are refused', async () => {
    const { id, admin } = await propertyWithAdmin();
    const res = await invite(admin, { propertyId: id, email: 'not-an-email', firstName: '', role: 'property_viewer' });
    expect(res.errors?.[0].extensions?.fields).toMatchObject({
      email: ['Enter a valid email'],
      firstName: ['Enter a first name'],
    });
    const unknown = await invite(admin, {
      propertyId: id,
      email: uniqueEmail(),
      role: 'property_viewer',
      isStaff: true,
    });
    expect(codeOf(unknown)).toBe('BAD_USER_INPUT');
    const huge = await invite(admin, {
      propertyId: id,
      email: uniqueEmail(),
      role: 'property_viewer',
      lastName: 'x'.repeat(5000),
    });
    expect(codeOf(huge)).toBe('BAD_USER_INPUT');
    expect(await countRows('invitations where property_id = $1', [id])).toBe(0);
  });
});

describe('status moves and states (issue 28)', () => {
  it("only the invitee's first sign-in starts onboarding; another member's sign-in moves nothing", async () => {
    const { id } = await createProperty(app, { status: 'PROSPECTIVE' });
    const staff = await createUser(app, { isStaff: true });
    const viewer = await createUser(app, { role: 'property_viewer', propertyId: id });
    const email = uniqueEmail('onboard');
    await invite(staff.email, { propertyId: id, email, role: 'property_admin' });
    await pub(USER_DOCS.accept, { token: await linkTokenFor(email), password: 'Invited#2026x' });
    await asUser(app, viewer.email, { password: viewer.password, fresh: true });
    const status = async () =>
      (await app.db.query<{ status: string }>('select status from properties where id = $1', [id]))[0].status;
    expect(await status()).toBe('INVITED');
    await asUser(app, email, { password: 'Invited#2026x', fresh: true });
    expect(await status()).toBe('ONBOARDING');
  });

  it('a user locked out from two addresses is listed once, as locked; a disabled member is not invited again', async () => {
    const { id, admin } = await propertyWithAdmin();
    const locked = await createUser(app, { role: 'property_editor', propertyId: id });
    for (const address of ['10.0.0.1', '10.0.0.2'])
      await app.db.query(
        `insert into login_throttle (email, address, failures, lock_level, locked_until) values ($1, $2, 5, 1, now() + interval '1 hour')`,
        [locked.email, address],
      );
    const rows = (await gql(admin, USER_DOCS.list, { input: { propertyId: id } })).data.scopeUsers.nodes.filter(
      (n: any) => n.email === locked.email,
    );
    expect(rows.map((r: any) => r.status)).toEqual(['locked']);
    const memberId = await memberIdOf(locked.email, { propertyId: id });
    await gql(admin, USER_DOCS.setDisabled, { memberId, disabled: true });
    const again = await invite(admin, { propertyId: id, email: locked.email, role: 'property_viewer' });
    expect(again.errors?.[0].message).toBe(USER_MESSAGES.disabledMember(locked.email));
  });
});

describe('who may grant what (issue 28: no privilege escalation)', () => {
  let own: number;
  let other: number;
  let group: number;
  let groupProperty: number;
  const inviter: Record<string, string> = {};

  beforeAll(async () => {
    group = (await createGroup(app)).id;
    own = (await createProperty(app, { groupId: group })).id;
    groupProperty = own;
    other = (await createProperty(app)).id;
    for (const role of ['property_admin', 'property_editor', 'property_viewer', 'supplier'] as Role[])
      inviter[role] = (await createUser(app, { role, propertyId: own })).email;
    for (const role of ['property_group_admin', 'property_group_editor', 'property_group_viewer'] as Role[])
      inviter[role] = (await createUser(app, { role, groupId: group })).email;
    inviter.staff = (await createUser(app, { isStaff: true })).email;
  });

  // inviter × granted role × target: what the API answers.
  const CASES: [string, string, 'own' | 'other' | 'group', string | null][] = [
    ['property_admin', 'property_admin', 'own', null],
    ['property_admin', 'property_viewer', 'own', null],
    ['property_admin', 'property_group_admin', 'own', 'REFUSED'],
    ['property_admin', 'staff', 'own', 'REFUSED'],
    ['property_admin', 'property_viewer', 'other', 'NOT_FOUND'],
    ['property_admin', 'property_group_viewer', 'group', 'NOT_FOUND'],
    ['property_editor', 'property_viewer', 'own', 'FORBIDDEN'],
    ['property_viewer', 'property_viewer', 'own', 'FORBIDDEN'],
    ['supplier', 'property_viewer', 'own', 'FORBIDDEN'],
    ['property_group_admin', 'property_admin', 'own', null],
    ['property_group_admin', 'property_group_admin', 'group', null],
    ['property_group_admin', 'property_admin', 'group', 'REFUSED'],
    ['property_group_admin', 'staff', 'group', 'REFUSED'],
    ['property_group_admin', 'property_viewer', 'other', 'NOT_FOUND'],
    ['property_group_editor', 'property_group_viewer', 'group', 'NOT_FOUND'],
    ['property_group_editor', 'property_viewer', 'own', 'FORBIDDEN'],
    ['property_group_viewer', 'property_viewer', 'own', 'FORBIDDEN'],
    ['staff', 'property_admin', 'other', null],
    ['staff', 'property_group_editor', 'group', null],
    ['staff', 'staff', 'own', 'REFUSED'],
  ];
  for (const [who, role, target, code] of CASES) {
    it(`${who} granting ${role} on the ${target} ${target === 'group' ? '' : 'property '}→ ${code ?? 'allowed'}`, async () => {
      const email = uniqueEmail('grant');
      const scope = target === 'group' ? { propertyGroupId: group } : { propertyId: target === 'own' ? own : other };
      const res = await invite(inviter[who], { ...scope, email, role });
      if (code === null) expect(res.errors).toBeUndefined();
      else expect(codeOf(res)).toBe(code);
      expect(await countRows('invitations where email = $1', [email])).toBe(code === null ? 1 : 0);
    });
  }

  it("nobody changes their own access, and a property admin cannot touch the group's members", async () => {
    const self = await memberIdOf(inviter.property_admin, { propertyId: own });
    for (const [doc, vars] of [
      [USER_DOCS.changeRole, { memberId: self, role: 'property_viewer' }],
      [USER_DOCS.setDisabled, { memberId: self, disabled: true }],
      [USER_DOCS.remove, { memberId: self }],
    ] as const) {
      const res = await gql(inviter.property_admin, doc, vars);
      expect(res.errors?.[0]).toMatchObject({ message: USER_MESSAGES.self, extensions: { code: 'REFUSED' } });
    }
    const groupMember = await memberIdOf(inviter.property_group_editor, { groupId: group });
    const res = await gql(inviter.property_admin, USER_DOCS.remove, { memberId: groupMember });
    expect(codeOf(res)).toBe('NOT_FOUND');
    expect(await countRows('memberships where id = $1', [groupMember])).toBe(1);
    void groupProperty;
  });
});

describe('changing, disabling and removing (issue 28)', () => {
  it('the last admin cannot be demoted, disabled or removed; with a second admin they can', async () => {
    const { id, admin } = await propertyWithAdmin();
    const staff = (await createUser(app, { isStaff: true })).email;
    const adminMember = await memberIdOf(admin, { propertyId: id });
    for (const [doc, vars] of [
      [USER_DOCS.changeRole, { memberId: adminMember, role: 'property_editor' }],
      [USER_DOCS.setDisabled, { memberId: adminMember, disabled: true }],
      [USER_DOCS.remove, { memberId: adminMember }],
    ] as const) {
      const res = await gql(staff, doc, vars);
      expect(res.errors?.[0]).toMatchObject({ message: USER_MESSAGES.lastAdmin, extensions: { code: 'REFUSED' } });
    }
    const second = await createUser(app, { role: 'property_admin', propertyId: id });
    const res = await gql(second.email, USER_DOCS.changeRole, { memberId: adminMember, role: 'property_editor' });
    expect(res.errors).toBeUndefined();
    const [row] = await app.db.query<{ role: string }>('select role from memberships where id = $1', [adminMember]);
    expect(row.role).toBe('property_editor');
    const [audit] = await app.db.query<{ action: string; changes: unknown }>(
      'select action, changes from audit_log where property_id = $1 order by id desc limit 1',
      [id],
    );
    expect(audit).toEqual({
      action: 'user.role',
      changes: [{ field: 'role', before: 'property_admin', after: 'property_editor' }],
    });
  });

  it("disabling ends the user's sessions at once and grants nothing until enabled; removing ends them too", async () => {
    const { id, admin } = await propertyWithAdmin();
    const editor = await createUser(app, { role: 'property_editor', propertyId: id });
    const session = await asUser(app, editor.email, { fresh: true });
    const read = 'query ($id: Int!) { viewer { property(id: $id) { id } } }';
    expect((await session.gql(read, { id })).body.data!.viewer.property.id).toBe(id);
    const memberId = await memberIdOf(editor.email, { propertyId: id });
    const off = await gql(admin, USER_DOCS.setDisabled, { memberId, disabled: true });
    expect(off.data.setUserDisabled.message).toBe(USER_MESSAGES.disabled('Fay Factory'));
    expect(codeOf((await session.gql(read, { id })).body)).toBe('UNAUTHENTICATED');
    const again = await asUser(app, editor.email, { fresh: true, password: editor.password }).catch((e) => e);
    // Still an account (other properties may be theirs), but this property is not theirs while disabled.
    if (!(again instanceof Error)) expect(codeOf((await again.gql(read, { id })).body)).toBe('NOT_FOUND');
    const listed = await gql(admin, USER_DOCS.list, { input: { propertyId: id, status: 'disabled' } });
    expect(listed.data.scopeUsers.nodes.map((n: any) => n.email)).toEqual([editor.email]);
    await gql(admin, USER_DOCS.setDisabled, { memberId, disabled: false });
    const back = await asUser(app, editor.email, { fresh: true });
    expect((await back.gql(read, { id })).body.data!.viewer.property.id).toBe(id);
    expect((await gql(admin, USER_DOCS.remove, { memberId })).data.removeUser.message).toBe(
      USER_MESSAGES.removed('Fay Factory'),
    );
    expect(codeOf((await back.gql(read, { id })).body)).toBe('UNAUTHENTICATED');
    expect(await countRows('memberships where id = $1', [memberId])).toBe(0);
    const actions = await app.db.query<{ action: string }>(
      `select action from audit_log where property_id = $1 and action like 'user.%' order by id`,
      [id],
    );
    expect(actions.map((a) => a.action)).toEqual(['user.disable', 'user.enable', 'user.remove']);
  });

  it("another tenant's member and invitation ids answer like missing ones, with nothing changed", async () => {
    const mine = await propertyWithAdmin();
    const theirs = await propertyWithAdmin();
    const theirMember = await memberIdOf(theirs.admin, { propertyId: theirs.id });
    const email = uniqueEmail('theirs');
    await invite(theirs.admin, { propertyId: theirs.id, email, role: 'property_viewer' });
    const invitationId = (await app.db.query<{ id: number }>('select id from invitations where email = $1', [email]))[0]
      .id;
    for (const [doc, vars] of [
      [USER_DOCS.changeRole, { memberId: theirMember, role: 'property_viewer' }],
      [USER_DOCS.setDisabled, { memberId: theirMember, disabled: true }],
      [USER_DOCS.remove, { memberId: theirMember }],
      [USER_DOCS.resend, { invitationId }],
      [USER_DOCS.revoke, { invitationId }],
    ] as const)
      expect(codeOf(await gql(mine.admin, doc, vars))).toBe('NOT_FOUND');
    expect(codeOf(await gql(mine.admin, USER_DOCS.list, { input: { propertyId: theirs.id } }))).toBe('NOT_FOUND');
    const [m] = await app.db.query<{ role: string; disabled_at: Date | null }>(
      'select role, disabled_at from memberships where id = $1',
      [theirMember],
    );
    expect(m).toEqual({ role: 'property_admin', disabled_at: null });
  });
});

describe('the users list (spec §3 user sort)', () => {
  it('sorts by the five keys both ways and filters by role; the group page shows what each reaches', async () => {
    const group = (await createGroup(app)).id;
    const a = (await createProperty(app, { groupId: group, name: 'Alpha Lodge' })).id;
    const groupAdmin = await createUser(app, { role: 'property_group_admin', groupId: group, firstName: 'Zed' });
    await createUser(app, { role: 'property_viewer', propertyId: a, firstName: 'Amy' });
    await grantUserRole(app, (await createUser(app, { firstName: 'Bo' })).email, 'property_editor', { propertyId: a });
    for (const sort of ['created_at', 'id', 'name', 'role', 'status'])
      for (const direction of ['asc', 'desc']) {
        const res = await gql(groupAdmin.email, USER_DOCS.list, { input: { propertyGroupId: group, sort, direction } });
        expect(res.errors).toBeUndefined();
        expect(res.data.scopeUsers.nodes).toHaveLength(3);
      }
    const byName = await gql(groupAdmin.email, USER_DOCS.list, {
      input: { propertyGroupId: group, sort: 'name', direction: 'desc' },
    });
    expect(byName.data.scopeUsers.nodes.map((n: any) => n.name)).toEqual(['Zed Factory', 'Bo Factory', 'Amy Factory']);
    expect(byName.data.scopeUsers.nodes.map((n: any) => n.propertyName)).toEqual([null, 'Alpha Lodge', 'Alpha Lodge']);
    expect(byName.data.scopeUsers.grantableRoles).toEqual([
      'property_group_admin',
      'property_group_editor',
      'property_group_viewer',
    ]);
    const viewers = await gql(groupAdmin.email, USER_DOCS.list, {
      input: { propertyGroupId: group, role: 'property_viewer' },
    });
    expect(viewers.data.scopeUsers.nodes.map((n: any) => n.name)).toEqual(['Amy Factory']);
    const bad = await gql(groupAdmin.email, USER_DOCS.list, { input: { propertyGroupId: group, sort: 'email' } });
    expect(codeOf(bad)).toBe('BAD_USER_INPUT');
  });

  it("Property.user is the property's first user, migrated once they have a password", async () => {
    const { id } = await createProperty(app);
    const staff = (await createUser(app, { isStaff: true })).email;
    const q = 'query ($id: Int!) { viewer { property(id: $id) { user { email isMigrated } } } }';
    expect((await gql(staff, q, { id })).data.viewer.property.user).toBeNull();
    const first = await createUser(app, { role: 'property_admin', propertyId: id });
    await createUser(app, { role: 'property_editor', propertyId: id });
    expect((await gql(staff, q, { id })).data.viewer.property.user).toEqual({ email: first.email, isMigrated: true });
    await app.db.query('update users set password_hash = null where email = $1', [first.email]);
    expect((await gql(staff, q, { id })).data.viewer.property.user).toEqual({ email: first.email, isMigrated: false });
  });
});
