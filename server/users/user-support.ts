import { CONTACT_TITLES, type ContactType } from '../../resources/contacts/contact-types';
import type { AppContext } from '../context';
import type { Queryable } from '../db/client';
import { userError } from '../errors';
import { idArg } from '../input-args';
import { requireStaffAbility } from '../auth/authorize';
import { ROLE_LABELS } from '../../resources/users/user-rules';
import { BOOKING_REF_SEARCH, SUPPORT_MESSAGES, SUPPORT_SEARCH_LIMIT } from '../../resources/users/support';
import { CODES_SENT_PER_HOUR, WRONG_CODES_PER_HOUR } from '../auth/code-budget';

/**
 * What staff see of a user on the support page (issue 30): who they are, where they have access,
 * whether they can sign in now and why not, and what was done to their account. Staff only; to
 * anyone else the page's operations answer NOT_FOUND, as for something that is not there.
 */
export const requireSupportStaff = (ctx: AppContext) => requireStaffAbility(ctx, 'manage', 'UserSupport');

export type SupportTarget = {
  id: number;
  email: string;
  name: string;
  is_staff: boolean;
  email_verified: boolean;
  pending_email: string | null;
  has_password: boolean;
};

const TARGET_SQL = `select id, email, coalesce(nullif(trim(first_name || ' ' || last_name), ''), email) as name,
  is_staff, email_verified, pending_email, password_hash is not null as has_password from users where id = $1`;

/** The user a support operation is about: NOT_FOUND for an unknown id (or a malformed one). */
export async function supportTarget(db: Queryable, userId: unknown, lock = false): Promise<SupportTarget> {
  const id = idArg('userId', userId);
  const [row] = await db.query<SupportTarget>(`${TARGET_SQL}${lock ? ' for update' : ''}`, [id]);
  if (!row) throw userError(SUPPORT_MESSAGES.notFound, 'NOT_FOUND');
  return row;
}

export type SupportLock = {
  kind: 'password' | 'codeLocked' | 'wrongCodes' | 'codesSent';
  count: number;
  until: string | null;
};

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

/** Why this email cannot sign in right now (empty: it can), the same rules sign-in applies. */
export async function locksOf(db: Queryable, email: string): Promise<SupportLock[]> {
  const [row] = await db.query<{
    addresses: number;
    password_until: Date | null;
    code_until: Date | null;
    wrong: number;
    sent: number;
  }>(
    `select
       (select count(*)::int from login_throttle where email = $1 and locked_until > now()) as addresses,
       (select max(locked_until) from login_throttle where email = $1 and locked_until > now()) as password_until,
       (select max(locked_until) from auth_challenges
         where email = $1 and purpose = 'LOGIN' and consumed_at is null and locked_until > now()) as code_until,
       (select coalesce(sum(attempts), 0)::int from auth_challenges
         where email = $1 and purpose = 'LOGIN' and created_at > now() - interval '1 hour') as wrong,
       (select count(*)::int from auth_challenges
         where email = $1 and purpose = 'LOGIN' and created_at > now() - interval '1 hour') as sent`,
    [email],
  );
  const locks: SupportLock[] = [];
  if (row.addresses) locks.push({ kind: 'password', count: row.addresses, until: iso(row.password_until) });
  if (row.code_until) locks.push({ kind: 'codeLocked', count: 1, until: iso(row.code_until) });
  if (row.wrong >= WRONG_CODES_PER_HOUR) locks.push({ kind: 'wrongCodes', count: row.wrong, until: null });
  if (row.sent >= CODES_SENT_PER_HOUR) locks.push({ kind: 'codesSent', count: row.sent, until: null });
  return locks;
}

type MembershipRow = {
  id: number;
  role: string;
  property_id: number | null;
  property_name: string | null;
  property_group_id: number | null;
  group_name: string | null;
  disabled_at: Date | null;
};
type InvitationRow = {
  id: number;
  role: string;
  property_id: number | null;
  property_group_id: number | null;
  scope_name: string;
  expires_at: Date;
};
type HistoryRow = { id: number; at: Date; action: string; label: string; actor: string | null; changes: unknown };

/** Query.supportUser: the user's page. */
export async function supportUser(ctx: AppContext, args: { userId: unknown }) {
  await requireSupportStaff(ctx);
  const user = await supportTarget(ctx.db, args.userId);
  const [memberships, invitations, [seen], history, locks] = await Promise.all([
    ctx.db.query<MembershipRow>(
      `select m.id, m.role, m.property_id, p.name as property_name, m.property_group_id, g.name as group_name, m.disabled_at
         from memberships m
         left join properties p on p.id = m.property_id
         left join property_groups g on g.id = m.property_group_id
        where m.user_id = $1 order by coalesce(p.name, g.name), m.id`,
      [user.id],
    ),
    ctx.db.query<InvitationRow>(
      `select i.id, i.role, i.property_id, i.property_group_id, coalesce(p.name, g.name) as scope_name, i.expires_at
         from invitations i
         left join properties p on p.id = i.property_id
         left join property_groups g on g.id = i.property_group_id
        where i.email = $1 and i.accepted_at is null and i.revoked_at is null order by i.id`,
      [user.email],
    ),
    ctx.db.query<{ last: Date | null; live: number }>(
      `select max(created_at) as last,
              count(*) filter (where revoked_at is null and expires_at > now())::int as live
         from sessions where user_id = $1`,
      [user.id],
    ),
    ctx.db.query<HistoryRow>(
      `select a.id, a.at, a.action, a.subject_label as label, u.email as actor, a.changes
         from audit_log a left join users u on u.id = a.actor_user_id
        where a.subject_type = 'User' and a.subject_id in ($1, $2)
        order by a.id desc limit 20`,
      [String(user.id), user.email],
    ),
    locksOf(ctx.db, user.email),
  ]);
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    isStaff: user.is_staff,
    emailVerified: user.email_verified,
    pendingEmail: user.pending_email,
    hasPassword: user.has_password,
    isSelf: user.id === ctx.viewer!.id,
    lastSignInAt: iso(seen?.last ?? null),
    activeSessions: seen?.live ?? 0,
    locks,
    memberships: memberships.map((m) => ({
      id: m.id,
      role: m.role,
      roleLabel: ROLE_LABELS[m.role as keyof typeof ROLE_LABELS] ?? m.role,
      propertyId: m.property_id,
      propertyGroupId: m.property_group_id,
      scopeName: m.property_name ?? m.group_name ?? '',
      disabled: m.disabled_at != null,
    })),
    invitations: invitations.map((i) => ({
      id: i.id,
      roleLabel: ROLE_LABELS[i.role as keyof typeof ROLE_LABELS] ?? i.role,
      propertyId: i.property_id,
      propertyGroupId: i.property_group_id,
      scopeName: i.scope_name ?? '',
      expiresAt: iso(i.expires_at),
      expired: new Date(i.expires_at) <= new Date(),
    })),
    history: history.map((h) => ({
      id: h.id,
      at: iso(h.at),
      action: h.action,
      label: h.label,
      actor: h.actor,
      changes: h.changes,
    })),
  };
}

/** Query.supportPeople: people by (part of) their email, each with the places they reach; open invitations too. */
export async function supportPeople(ctx: AppContext, args: { email: unknown }) {
  await requireSupportStaff(ctx);
  const text = typeof args.email === 'string' ? args.email.trim().toLowerCase() : '';
  if (text.length < 3 || text.length > 254) throw userError(SUPPORT_MESSAGES.emailSearch, 'BAD_USER_INPUT');
  const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const users = await ctx.db.query<{
    id: number;
    email: string;
    name: string;
    is_staff: boolean;
    reach: string[] | null;
    reach_count: number;
  }>(
    `select u.id, u.email, coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email) as name, u.is_staff,
            (select array_agg(coalesce(p.name, g.name) order by coalesce(p.name, g.name))
               from (select * from memberships m where m.user_id = u.id limit 5) m
               left join properties p on p.id = m.property_id
               left join property_groups g on g.id = m.property_group_id) as reach,
            (select count(*)::int from memberships m where m.user_id = u.id) as reach_count
       from users u where u.email like $1 order by (u.email = $2) desc, u.email limit $3`,
    [like, text, SUPPORT_SEARCH_LIMIT],
  );
  const invited = await ctx.db.query<{
    id: number;
    email: string;
    property_id: number | null;
    property_group_id: number | null;
    scope_name: string;
    role: string;
  }>(
    `select i.id, i.email, i.property_id, i.property_group_id, coalesce(p.name, g.name) as scope_name, i.role
       from invitations i
       left join properties p on p.id = i.property_id
       left join property_groups g on g.id = i.property_group_id
      where i.email like $1 and i.accepted_at is null and i.revoked_at is null
        and not exists (select 1 from users u where u.email = i.email)
      order by i.email, i.id limit $2`,
    [like, SUPPORT_SEARCH_LIMIT],
  );
  // Key contacts with such an address: the properties they are a contact for (they need no account).
  const contacts = await ctx.db.query<{
    property_id: number;
    property_name: string;
    contact_type: ContactType;
    name: string;
    email: string;
  }>(
    `select c.property_id, p.name as property_name, c.contact_type, c.name, c.email
       from contacts c join properties p on p.id = c.property_id
      where lower(c.email) like $1 order by lower(c.email) = $2 desc, lower(c.email), p.name, c.contact_type limit $3`,
    [like, text, SUPPORT_SEARCH_LIMIT],
  );
  return {
    contacts: contacts.map((c) => ({
      propertyId: c.property_id,
      propertyName: c.property_name,
      contactType: c.contact_type,
      title: CONTACT_TITLES[c.contact_type],
      name: c.name,
      email: c.email,
    })),
    users: users.map((u) => ({
      id: u.id,
      email: u.email,
      name: u.name,
      isStaff: u.is_staff,
      reach: u.reach ?? [],
      reachCount: u.reach_count,
    })),
    invitations: invited.map((i) => ({
      id: i.id,
      email: i.email,
      propertyId: i.property_id,
      propertyGroupId: i.property_group_id,
      scopeName: i.scope_name ?? '',
      roleLabel: ROLE_LABELS[i.role as keyof typeof ROLE_LABELS] ?? i.role,
    })),
  };
}

/** Query.bookingsByReference: the bookings whose hotel or booking reference is this one (staff's one search box). */
export async function bookingsByReference(ctx: AppContext, args: { reference: unknown }) {
  await requireSupportStaff(ctx);
  const ref = typeof args.reference === 'string' ? args.reference.trim() : '';
  if (!BOOKING_REF_SEARCH.test(ref)) return [];
  const rows = await ctx.db.query<{
    property_id: number;
    property_name: string;
    hotel_ref: string;
    guest_name: string;
  }>(
    `select r.property_id, p.name as property_name, r.hotel_ref, r.guest_name
       from reservations r join properties p on p.id = r.property_id
      where upper(r.hotel_ref) = upper($1) or upper(r.booking_ref) = upper($1)
      order by r.booked_at desc limit 10`,
    [ref],
  );
  return rows.map((r) => ({
    propertyId: r.property_id,
    propertyName: r.property_name,
    hotelRef: r.hotel_ref,
    guestName: r.guest_name,
  }));
}
