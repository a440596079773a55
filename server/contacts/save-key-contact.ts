import type { AppContext } from '../context';
import type { Queryable } from '../db/client';
import { userError } from '../errors';
import { authorizeProperty } from '../auth/authorize';
import { fieldErrors, invalid, versionedSave, type Versioned } from '../save/versioned-save';
import { phoneForSaving } from '../../resources/auth/phone';
import { CONTACT_MESSAGES, contactTypeOf, saveKeyContactInput } from '../../resources/contacts/contact.resource';
import { loadProperty, publishableOf, type ContactRow } from '../properties/property-repo';

type Values = {
  name: string;
  position: string | null;
  email: string;
  phone: string;
  confirmationEmails: boolean | null;
  vccInEmail: boolean | null;
};

const SELECT =
  'select id, contact_type, name, position, email, phone, confirmation_emails, vcc_in_email, version from contacts';
/** A stored contact with its values keyed by the API's field names, as the STALE answer carries them. */
const versioned = (c: ContactRow & { version: number }): Versioned<Values> => ({
  id: c.id,
  version: c.version,
  values: {
    name: c.name,
    position: c.position,
    email: c.email,
    phone: c.phone,
    confirmationEmails: c.confirmation_emails,
    vccInEmail: c.vcc_in_email,
  },
});
const columns = (v: Values) => [v.name, v.position, v.email, v.phone, v.confirmationEmails, v.vccInEmail];

/** The form's own schema (unknown fields dropped); the two notification choices belong to the reservations contact only. */
function parseContact(raw: unknown) {
  const parsed = saveKeyContactInput.safeParse(raw);
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
      const [row] = await tx.query<ContactRow & { version: number }>(
        `${SELECT} where property_id = $1 and contact_type = $2 for update`,
        [f.propertyId, type],
      );
      return row ? versioned(row) : null;
    },
    insert: async (tx, v, f) => {
      const [row] = await tx.query<ContactRow & { version: number }>(
        `insert into contacts (property_id, contact_type, name, position, email, phone, confirmation_emails, vcc_in_email)
         values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict (property_id, contact_type) do nothing
         returning id, contact_type, name, position, email, phone, confirmation_emails, vcc_in_email, version`,
        [f.propertyId, type, ...columns(v)],
      );
      return row ? versioned(row) : null;
    },
    update: async (tx, current, v) => {
      const [row] = await tx.query<ContactRow & { version: number }>(
        `update contacts set name = $2, position = $3, email = $4, phone = $5, confirmation_emails = $6, vcc_in_email = $7,
           version = version + 1, updated_at = now() where id = $1 returning id, contact_type, name, position, email, phone, confirmation_emails, vcc_in_email, version`,
        [current.id, ...columns(v)],
      );
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
