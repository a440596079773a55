import { z } from 'zod';
import type { Queryable } from '../db/client';
import { hashPassword } from '../auth/password-hash';
import { runCommandIn, type CommandEnv } from '../commands/run-command';
import type { HistoryEntry } from '../commands/history';
import { GROUP_ROLES, PROPERTY_ROLES } from '../../resources/domain';
import { newPropertySchema } from '../../resources/properties/new-property';

/** Operations an operator runs on a fresh install (CLI) and the seed reuses. Each validates its input. */

export class OperatorError extends Error {}

/** Who runs an operation at the CLI or in the seed: an operator at the machine, no signed-in user. */
export const OPERATOR: CommandEnv = { actor: { userId: null }, correlationId: null };

/** An operation as a command in the caller's transaction: its checks and write, then its one history record. */
const operation = <R>(
  tx: Queryable,
  env: CommandEnv,
  write: (tx: Queryable) => Promise<R>,
  history: (result: R) => HistoryEntry,
) => runCommandIn(tx, env, { authorize: () => null, write, history });

const email = z.string().trim().toLowerCase().email('must be a valid email address').max(254);

export const createUserInput = z.object({
  email,
  firstName: z.string().trim().min(1, 'is required').max(100),
  lastName: z.string().trim().min(1, 'is required').max(100),
  password: z.string().min(8, 'must be at least 8 characters').max(256),
  staff: z.boolean().default(false),
  emailVerified: z.boolean().default(true),
  flags: z.array(z.enum(['FIRST_LOGIN'])).default([]),
  position: z.string().max(100).optional(),
});

export async function createUser(
  tx: Queryable,
  input: z.input<typeof createUserInput>,
  env: CommandEnv = OPERATOR,
): Promise<number> {
  const u = parse(createUserInput, input);
  return operation(
    tx,
    env,
    async (tx) => {
      const existing = await tx.query('select 1 from users where email = $1', [u.email]);
      if (existing.length) throw new OperatorError(`A user with the email ${u.email} already exists.`);
      const [row] = await tx.query<{ id: number }>(
        `insert into users (email, first_name, last_name, position, password_hash, password_reset_at, is_staff, email_verified, flags)
     values ($1, $2, $3, $4, $5, now(), $6, $7, $8) returning id`,
        [
          u.email,
          u.firstName,
          u.lastName,
          u.position ?? null,
          await hashPassword(u.password),
          u.staff,
          u.emailVerified,
          u.flags,
        ],
      );
      return row.id;
    },
    (id) => ({
      action: 'user.create',
      subjectType: 'User',
      subjectId: id,
      label: `User: ${u.email}`,
      before: null,
      after: { email: u.email, staff: u.staff },
    }),
  );
}

export const grantRoleInput = z.discriminatedUnion('target', [
  z.object({ target: z.literal('property'), email, role: z.enum(PROPERTY_ROLES), propertyId: z.number().int().min(1) }),
  z.object({ target: z.literal('group'), email, role: z.enum(GROUP_ROLES), propertyGroupId: z.number().int().min(1) }),
]);

export async function grantRole(
  tx: Queryable,
  input: z.input<typeof grantRoleInput>,
  env: CommandEnv = OPERATOR,
): Promise<void> {
  const g = parse(grantRoleInput, input);
  await operation(
    tx,
    env,
    async (tx) => {
      const [user] = await tx.query<{ id: number }>('select id from users where email = $1', [g.email]);
      if (!user) throw new OperatorError(`No user has the email ${g.email}.`);
      if (g.target === 'property') {
        const found = await tx.query('select 1 from properties where id = $1', [g.propertyId]);
        if (!found.length) throw new OperatorError(`No property has the id ${g.propertyId}.`);
        await tx.query(
          `insert into memberships (user_id, property_id, role) values ($1, $2, $3)
       on conflict (user_id, property_id) where property_id is not null do update set role = excluded.role`,
          [user.id, g.propertyId, g.role],
        );
      } else {
        const found = await tx.query('select 1 from property_groups where id = $1', [g.propertyGroupId]);
        if (!found.length) throw new OperatorError(`No property group has the id ${g.propertyGroupId}.`);
        await tx.query(
          `insert into memberships (user_id, property_group_id, role) values ($1, $2, $3)
       on conflict (user_id, property_group_id) where property_group_id is not null do update set role = excluded.role`,
          [user.id, g.propertyGroupId, g.role],
        );
      }
      return user.id;
    },
    (userId) => ({
      action: 'membership.grant',
      subjectType: 'User',
      subjectId: userId,
      propertyId: g.target === 'property' ? g.propertyId : null,
      label: `User: ${g.email}`,
      before: null,
      after: g,
    }),
  );
}

/** The CLI's and the portal's one schema for a new property. */
export const createPropertyInput = newPropertySchema;

export async function createProperty(
  tx: Queryable,
  input: z.input<typeof createPropertyInput>,
  env: CommandEnv = OPERATOR,
): Promise<number> {
  const p = parse(createPropertyInput, input);
  return operation(
    tx,
    env,
    async (tx) => {
      if (p.propertyGroupId) await requireGroup(tx, p.propertyGroupId);
      const [row] = await tx.query<{ id: number }>(
        `insert into properties (name, status, suburb, country, currency_code, inventory_provider, property_group_id,
       rates_service_enabled, rate_plans_service_enabled)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
        [
          p.name,
          p.status,
          p.suburb ?? null,
          p.country ?? null,
          p.currencyCode,
          p.inventoryProvider ?? null,
          p.propertyGroupId ?? null,
          p.ratesServiceEnabled,
          p.ratePlansServiceEnabled,
        ],
      );
      return row.id;
    },
    (id) => ({
      action: 'property.create',
      subjectType: 'Property',
      subjectId: id,
      propertyId: id,
      label: `Property: ${p.name}`,
      before: null,
      after: p,
    }),
  );
}

export async function createPropertyGroup(tx: Queryable, name: string, env: CommandEnv = OPERATOR): Promise<number> {
  const n = parse(z.string().trim().min(1, 'is required').max(200), name);
  return operation(
    tx,
    env,
    async (tx) =>
      (await tx.query<{ id: number }>('insert into property_groups (name) values ($1) returning id', [n]))[0].id,
    (id) => ({
      action: 'property_group.create',
      subjectType: 'PropertyGroup',
      subjectId: id,
      label: `Property group: ${n}`,
      before: null,
      after: { name: n },
    }),
  );
}

export async function addPropertyToGroup(
  tx: Queryable,
  propertyGroupId: number,
  propertyId: number,
  env: CommandEnv = OPERATOR,
): Promise<void> {
  await operation(
    tx,
    env,
    async (tx) => {
      await requireGroup(tx, propertyGroupId);
      const updated = await tx.query(
        'update properties set property_group_id = $1, updated_at = now() where id = $2 returning id',
        [propertyGroupId, propertyId],
      );
      if (!updated.length) throw new OperatorError(`No property has the id ${propertyId}.`);
    },
    () => ({
      action: 'property_group.add_property',
      subjectType: 'PropertyGroup',
      subjectId: propertyGroupId,
      propertyId,
      label: `Property group ${propertyGroupId}`,
      changes: [{ field: 'propertyGroupId', before: null, after: propertyGroupId }],
      after: { propertyId },
    }),
  );
}

/** Turns a flag on or off for everyone without an override of their own; `reason` (from the portal) goes in its history. */
export async function setFeatureFlag(
  tx: Queryable,
  key: string,
  enabled: boolean,
  env: CommandEnv = OPERATOR,
  reason?: string,
): Promise<void> {
  const k = parse(z.string().regex(/^[a-z0-9-]{1,100}$/, 'must be lower-case letters, digits and dashes'), key);
  await operation(
    tx,
    env,
    async (tx) => {
      const [before] = await tx.query<{ enabled: boolean }>('select enabled from feature_flags where key = $1', [k]);
      await tx.query(
        `insert into feature_flags (key, enabled) values ($1, $2)
     on conflict (key) do update set enabled = excluded.enabled, updated_at = now()`,
        [k, enabled],
      );
      return before ?? null;
    },
    (before) => ({
      action: 'feature_flag.set',
      subjectType: 'FeatureFlag',
      subjectId: k,
      label: `Feature flag: ${k}`,
      before,
      after: reason ? { enabled, reason } : { enabled },
    }),
  );
}

/**
 * A per-user override of a flag that exists; `enabled` null removes it (the user follows the flag
 * again). `reason` (from the portal) goes in the history; no record when nothing changed.
 */
export async function setUserFeatureFlag(
  tx: Queryable,
  email: string,
  key: string,
  enabled: boolean | null,
  env: CommandEnv = OPERATOR,
  reason?: string,
): Promise<void> {
  await runCommandIn(tx, env, {
    authorize: () => null,
    lock: async (tx) => {
      const [user] = await tx.query<{ id: number }>('select id from users where email = $1 for update', [
        email.trim().toLowerCase(),
      ]);
      if (!user) throw new OperatorError(`No user has the email ${email}.`);
      const [flag] = await tx.query('select 1 from feature_flags where key = $1', [key]);
      if (!flag) throw new OperatorError(`No feature flag is called ${key}.`);
      const [was] = await tx.query<{ enabled: boolean }>(
        'select enabled from feature_flag_overrides where user_id = $1 and key = $2',
        [user.id, key],
      );
      return { userId: user.id, before: was ? was.enabled : null };
    },
    write: (tx, { userId }) =>
      enabled === null
        ? tx.query('delete from feature_flag_overrides where user_id = $1 and key = $2', [userId, key])
        : tx.query(
            `insert into feature_flag_overrides (user_id, key, enabled) values ($1, $2, $3)
     on conflict (user_id, key) do update set enabled = excluded.enabled`,
            [userId, key, enabled],
          ),
    history: (_r, { before }) =>
      before === enabled
        ? null
        : {
            action: 'feature_flag.override',
            subjectType: 'FeatureFlag',
            subjectId: key,
            label: `Feature flag: ${key} for ${email}`,
            before: { email, enabled: before },
            after: reason ? { email, enabled, reason } : { email, enabled },
          },
  });
}

async function requireGroup(tx: Queryable, id: number) {
  const found = await tx.query('select 1 from property_groups where id = $1', [id]);
  if (!found.length) throw new OperatorError(`No property group has the id ${id}.`);
}

function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue.path.length ? `${issue.path.join('.')} ` : '';
  throw new OperatorError(`Invalid ${field || 'value '}${issue.message}`.replace(/\s+/g, ' '));
}
