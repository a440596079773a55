import { randomBytes } from 'node:crypto';
import type { ResourceDef } from '../../resources/define-resource';
import { RESOURCES } from '../../resources/registry';
import {
  createProperty as insertProperty,
  createPropertyGroup,
  createUser as insertUser,
  grantRole,
} from '../../server/ops/operator-ops';
import {
  GROUP_ROLES,
  type GroupRole,
  type InventoryProvider,
  type PropertyRole,
  type PropertyStatus,
} from '../../resources/domain';
import { insertRow } from '../../server/resources/resource-store';
import type { Queryable } from '../../server/db/client';
import type { TestApp } from '../support/test-app';
import { fillPublishableData } from '../support/publishable-data';

/**
 * Test data made through the code paths the seed and the operator CLI use (server/ops/operator-ops.ts,
 * and resource-store's insertRow after the resource's own schema), with overrides and unique values:
 * names and emails carry a per-process counter and a random suffix, so factories never collide with
 * the demo data, each other, or another test file's database.
 */

let counter = 0;
const run = randomBytes(3).toString('hex');
/** `prefix-<counter>-<random>`: unique within the process and unlikely to repeat across runs. */
export const unique = (prefix: string) => `${prefix}-${++counter}-${run}${randomBytes(2).toString('hex')}`;
export const uniqueEmail = (prefix = 'user') => `${unique(prefix).toLowerCase()}@factory.example`;

export type ContactType = 'BILLING' | 'PRIMARY' | 'RESERVATION';

export async function createGroup(app: TestApp, overrides: { name?: string } = {}) {
  const name = overrides.name ?? unique('Group');
  const id = await app.db.transaction((tx) => createPropertyGroup(tx, name));
  return { id, name };
}

export type PropertyOverrides = {
  name?: string;
  status?: PropertyStatus;
  inventoryProvider?: InventoryProvider | null;
  ratesServiceEnabled?: boolean;
  ratePlansServiceEnabled?: boolean;
  groupId?: number | null;
  currencyCode?: string;
  suburb?: string;
  country?: string;
  /** Fill what every publishable section but the contacts is read from (tests/support/publishable-data.ts); nothing by default. */
  complete?: boolean;
  /** Key contacts to add (each made by createContact); none by default. */
  contacts?: ContactType[];
};

/** A property as `create-property` makes it (default: PROSPECTIVE, provider extranet, no group). */
export async function createProperty(app: TestApp, overrides: PropertyOverrides = {}) {
  const name = overrides.name ?? unique('Property');
  const id = await app.db.transaction(async (tx) => {
    const id = await insertProperty(tx, {
      name,
      status: overrides.status,
      suburb: overrides.suburb,
      country: overrides.country,
      currencyCode: overrides.currencyCode,
      inventoryProvider: overrides.inventoryProvider === null ? undefined : (overrides.inventoryProvider ?? 'extranet'),
      propertyGroupId: overrides.groupId ?? undefined,
      ratesServiceEnabled: overrides.ratesServiceEnabled,
      ratePlansServiceEnabled: overrides.ratePlansServiceEnabled,
    });
    if (overrides.complete) await fillPublishableData(tx, id);
    return id;
  });
  for (const type of overrides.contacts ?? []) await createContact(app, id, { type });
  return { id, name };
}

export type ContactOverrides = {
  type?: ContactType;
  name?: string;
  position?: string | null;
  email?: string;
  phone?: string;
  confirmationEmails?: boolean | null;
  vccInEmail?: boolean | null;
};

/** A key contact, inserted as the seed inserts them (the two checkboxes only on the reservations contact). */
export async function createContact(app: TestApp, propertyId: number, overrides: ContactOverrides = {}) {
  const type = overrides.type ?? 'PRIMARY';
  const reservations = type === 'RESERVATION';
  const values = {
    name: overrides.name ?? unique('Pat Contact'),
    position: overrides.position ?? null,
    email: overrides.email ?? uniqueEmail(type.toLowerCase()),
    phone: overrides.phone ?? '+61200000000',
    confirmationEmails:
      overrides.confirmationEmails !== undefined ? overrides.confirmationEmails : reservations ? true : null,
    vccInEmail: overrides.vccInEmail !== undefined ? overrides.vccInEmail : reservations ? false : null,
  };
  const [row] = await app.db.query<{ id: number; version: number }>(
    `insert into contacts (property_id, contact_type, name, position, email, phone, confirmation_emails, vcc_in_email)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning id, version`,
    [
      propertyId,
      type,
      values.name,
      values.position,
      values.email,
      values.phone,
      values.confirmationEmails,
      values.vccInEmail,
    ],
  );
  return { ...row, propertyId, type, ...values };
}

export type Role = PropertyRole | GroupRole;

export type UserOverrides = {
  email?: string;
  firstName?: string;
  lastName?: string;
  /** Default: a unique strong password, returned so the user can sign in for real. */
  password?: string;
  isStaff?: boolean;
  emailVerified?: boolean;
  flags?: 'FIRST_LOGIN'[];
  position?: string;
  /** A role on `propertyId` (property roles) or `groupId` (group roles). */
  role?: Role;
  propertyId?: number;
  groupId?: number;
};

/** A user as `create-user` and `grant-role` make them (password hashed, audit rows written). */
export async function createUser(app: TestApp, overrides: UserOverrides = {}) {
  const email = (
    overrides.email ?? uniqueEmail(overrides.role ?? (overrides.isStaff ? 'staff' : 'user'))
  ).toLowerCase();
  // A letter after the random part: when its 12 hex characters were all digits (1 in 280), the
  // common-password check read it as 'Factory' and refused the sign-in.
  const password = overrides.password ?? `Factory#${randomBytes(6).toString('hex')}x9`;
  const id = await app.db.transaction(async (tx) => {
    const id = await insertUser(tx, {
      email,
      password,
      firstName: overrides.firstName ?? 'Fay',
      lastName: overrides.lastName ?? 'Factory',
      staff: overrides.isStaff ?? false,
      emailVerified: overrides.emailVerified,
      flags: overrides.flags,
      position: overrides.position,
    });
    if (overrides.role) await grant(tx, email, overrides.role, overrides);
    return id;
  });
  return { id, email, password };
}

/** Grants a role as `grant-role` does: a property role on `propertyId`, a group role on `groupId`. */
export async function grantUserRole(
  app: TestApp,
  email: string,
  role: Role,
  on: { propertyId?: number; groupId?: number },
) {
  await app.db.transaction((tx) => grant(tx, email, role, on));
}

async function grant(tx: Queryable, email: string, role: Role, on: { propertyId?: number; groupId?: number }) {
  if ((GROUP_ROLES as readonly Role[]).includes(role)) {
    if (on.groupId == null) throw new Error(`${role} needs a groupId`);
    await grantRole(tx, { target: 'group', email, role: role as GroupRole, propertyGroupId: on.groupId });
  } else {
    if (on.propertyId == null) throw new Error(`${role} needs a propertyId`);
    await grantRole(tx, { target: 'property', email, role: role as PropertyRole, propertyId: on.propertyId });
  }
}

const resourceDef = (name: string): ResourceDef => {
  const def = RESOURCES.find((d) => d.name === name);
  if (!def) throw new Error(`no resource '${name}'`);
  return def;
};

/** A row of any defined resource, checked against the resource's own schema first, as the seed adds them. */
export async function createResourceRow(
  app: TestApp,
  def: ResourceDef | string,
  propertyId: number | null,
  values: Record<string, unknown>,
): Promise<string> {
  const d = typeof def === 'string' ? resourceDef(def) : def;
  return (await insertRow(app.db, d, d.scope === 'property' ? propertyId : null, d.schema.parse(values))).id;
}

export async function createRoomType(app: TestApp, propertyId: number, overrides: Record<string, unknown> = {}) {
  return createResourceRow(app, 'room-types', propertyId, {
    name: unique('Room'),
    beds: [{ type: 'KING', count: 1 }],
    bathroom: 'PRIVATE',
    smoking: 'NON_SMOKING',
    maxAdults: 2,
    maxChildren: 0,
    roomCount: 3,
    status: 'ACTIVE',
    ...overrides,
  });
}

/** A current rate plan; without roomTypeIds it sells a new room type of the property. */
export async function createRatePlan(app: TestApp, propertyId: number, overrides: Record<string, unknown> = {}) {
  const roomTypeIds = overrides.roomTypeIds ?? [await createRoomType(app, propertyId)];
  return createResourceRow(app, 'rate-plans', propertyId, {
    name: unique('Rate'),
    type: 'Standard',
    pricing: 'Dynamic',
    saleStart: '2026-01-01',
    saleEnd: '2099-01-01',
    minStay: 1,
    cancellationPolicy: [],
    ...overrides,
    roomTypeIds,
  });
}

export async function createGlobalInclusion(app: TestApp, overrides: Record<string, unknown> = {}) {
  return createResourceRow(app, 'global-inclusions', null, {
    name: unique('Inclusion'),
    category: 'FOODANDDRINKS',
    ...overrides,
  });
}

export async function createCustomInclusion(app: TestApp, propertyId: number, overrides: Record<string, unknown> = {}) {
  return createResourceRow(app, 'custom-inclusions', propertyId, {
    name: unique('Custom'),
    category: 'TRANSPORT',
    ...overrides,
  });
}
