import type { Queryable } from '../db/client';
import type { Viewer } from '../context';
import { passwordHasExpired } from '../../resources/auth/password-policy';

export type IdentityRow = {
  id: number;
  uuid: string;
  email: string;
  first_name: string;
  last_name: string;
  position: string | null;
  phone_primary: string | null;
  phone_secondary: string | null;
  email_verified: boolean;
  is_staff: boolean;
  flags: string[];
  password_reset_at: Date | null;
  role: string | null;
  property_group_id: number | null;
};

const perRequest = new WeakMap<object, Map<number, Promise<IdentityRow>>>();

/** loadIdentity once per request: UserAttributes asks for attributes and user together. */
export function identityFor(ctx: { db: Queryable; cookies: object }, userId: number): Promise<IdentityRow> {
  let cache = perRequest.get(ctx.cookies);
  if (!cache) perRequest.set(ctx.cookies, (cache = new Map()));
  let row = cache.get(userId);
  if (!row) cache.set(userId, (row = loadIdentity(ctx.db, userId)));
  return row;
}

/** The user with the role that names them: staff, else a group role, else their first property role. */
export async function loadIdentity(db: Queryable, userId: number): Promise<IdentityRow> {
  const [row] = await db.query<IdentityRow>(
    `select u.id, u.uuid, u.email, u.first_name, u.last_name, u.position, u.phone_primary, u.phone_secondary,
            u.email_verified, u.is_staff, u.flags, u.password_reset_at,
            case when u.is_staff then 'staff' else m.role end as role, m.property_group_id
     from users u
     left join lateral (
       select role, property_group_id from live_memberships where user_id = u.id
       order by (property_group_id is null), id limit 1
     ) m on true
     where u.id = $1`,
    [userId],
  );
  return row;
}

export function toUser(row: IdentityRow) {
  const isFirstLogin = row.flags.includes('FIRST_LOGIN');
  return {
    uuid: row.uuid,
    role: row.role ?? 'supplier',
    propertyGroupId: row.property_group_id,
    firstName: row.first_name,
    lastName: row.last_name,
    name: `${row.first_name} ${row.last_name}`.trim(),
    email: row.email,
    emailVerified: row.email_verified,
    position: row.position,
    isFirstLogin,
    isStaff: row.is_staff,
    passwordHasExpired: passwordHasExpired(row.password_reset_at, isFirstLogin),
    phonePrimary: row.phone_primary,
    phoneSecondary: row.phone_secondary,
  };
}

/** Identity attributes as name/value pairs (spec §3), the shape CurrentUser.cognitoAttributes carries. */
export function toAttributes(row: IdentityRow): { name: string; value: string }[] {
  const pairs: [string, string | null][] = [
    ['sub', row.uuid],
    ['given_name', row.first_name],
    ['family_name', row.last_name],
    ['email', row.email],
    ['email_verified', String(row.email_verified)],
    ['phone_number', row.phone_primary],
    ['custom:phone_secondary', row.phone_secondary],
    ['custom:position', row.position],
    ['custom:flags', row.flags.join(',')],
    ['custom:last_password_reset', row.password_reset_at ? new Date(row.password_reset_at).toISOString() : null],
  ];
  return pairs
    .filter((p): p is [string, string] => p[1] !== null && p[1] !== '')
    .map(([name, value]) => ({ name, value }));
}

export type { Viewer };
