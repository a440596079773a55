import type { AppContext } from '../context';
import type { Queryable } from '../db/client';
import { userError } from '../errors';
import { authorizeProperty } from '../auth/authorize';
import { fieldErrors, invalid, versionedSave, type Versioned } from '../save/versioned-save';
import { phoneForSaving } from '../../resources/auth/phone';
import {
  CONTACT_FORM,
  CONTACT_MESSAGES,
  contactTypeOf,
  saveKeyContactInput,
  type ContactFields,
} from '../../resources/contacts/contact.resource';
import { snakeCase } from '../../resources/define-resource';
import { loadProperty, publishableOf } from '../properties/property-repo';

type Values = Omit<ContactFields, 'position' | 'confirmationEmails' | 'vccInEmail'> & {
  position: string | null;
  confirmationEmails: boolean | null;
  vccInEmail: boolean | null;
};
type Stored = { id: number; version: number } & Record<string, unknown>;

/** The contacts table has a column per form field (snake_case): the statements are written from the form, not by hand. */
const NAMES = CONTACT_FORM.fields.map((f) => f.name as keyof Values);
const COLUMNS = NAMES.map(snakeCase);
const RETURNING = `id, version, ${COLUMNS.join(', ')}`;
const INSERT = `insert into contacts (property_id, contact_type, ${COLUMNS.join(', ')})
  values ($1, $2, ${COLUMNS.map((_, i) => `$${i + 3}`).join(', ')})
  on conflict (property_id, contact_type) do nothing returning ${RETURNING}`;
const UPDATE = `update contacts set ${COLUMNS.map((c, i) => `${c} = $${i + 2}`).join(', ')},
  version = version + 1, updated_at = now() where id = $1 returning ${RETURNING}`;
const SELECT = `select ${RETURNING} from contacts where property_id = $1 and contact_type = $2 for update`;

/** A stored contact with its values keyed by the API's field names, as the STALE answer carries them. */
const versioned = (row: Stored): Versioned<Values> => ({
  id: row.id,
  version: row.version,
  values: Object.fromEntries(NAMES.map((n, i) => [n, row[COLUMNS[i]]])) as Values,
});
const columns = (v: Values) => NAMES.map((n) => v[n]);

/** A property's contact by id, with its type, values (the API's field names) and version; null when there is none. */
export async function loadContact(db: Queryable, propertyId: number, id: string) {
  if (!/^\d{1,15}$/.test(id)) return null;
  const [row] = await db.query<Stored & { contact_type: string }>(
    `select contact_type, ${RETURNING} from contacts where property_id = $1 and id = $2`,
    [propertyId, id],
  );
  return row ? { ...versioned(row), contactType: row.contact_type } : null;
}

/** The form's own schema (unknown fields dropped); the two notification choices belong to the reservations contact only. */
function parseContact(raw: unknown) {
  const parsed = saveKeyContactInput().safeParse(raw);
  if (!parsed.success) throw invalid(fieldErrors(parsed.error.issues, 'input'));
  const input = parsed.data;
  const type = contactTypeOf(input.contactType);
  if (!type)
    throw userError(CONTACT_MESSAGES.unknownType, 'BAD_USER_INPUT', { contactType: [CONTACT_MESSAGES.unknownType] });
  const reservations = type === 'RESERVATION';
  const values: Values = {
    name: input.name,
    position: input.position ?? null,
    email: input.email.toLowerCase(),
    phone: phoneForSaving(input.phone) ?? input.phone,
    confirmationEmails: reservations ? (input.confirmationEmails ?? null) : null,
    vccInEmail: reservations ? (input.vccInEmail ?? null) : null,
  };
  return { input, type, values };
}

/**
 * Spec §7 SaveKeyContact, through the one versioned save: the form's schema, the Contact ability,
 * the version check under a row lock and the audit row in one transaction.
 */
export async function saveKeyContact(ctx: AppContext, raw: unknown) {
  const { input, type, values } = parseContact(raw);
  const { record, auth: facts } = await versionedSave(ctx, {
    validate: () => values,
    authorize: () => authorizeProperty(ctx, input.propertyId, 'update', 'Contact'),
    version: input.version,
    conflictMessage: CONTACT_MESSAGES.conflict,
    lock: async (tx: Queryable, f) => {
      const [row] = await tx.query<Stored>(SELECT, [f.propertyId, type]);
      return row ? versioned(row) : null;
    },
    insert: async (tx, v, f) => {
      const [row] = await tx.query<Stored>(INSERT, [f.propertyId, type, ...columns(v)]);
      return row ? versioned(row) : null;
    },
    update: async (tx, current, v) => {
      const [row] = await tx.query<Stored>(UPDATE, [current.id, ...columns(v)]);
      return versioned(row);
    },
    audit: (kind, f) => ({
      action: `contact.${kind}`,
      subjectType: 'Contact',
      propertyId: f.propertyId,
      label: `Key contact: ${type.charAt(0)}${type.slice(1).toLowerCase()}`,
      context: { contactType: type },
    }),
  });
  const property = (await loadProperty(ctx.db, facts.propertyId))!;
  return { id: record.id, property, publishable: publishableOf(property) };
}
