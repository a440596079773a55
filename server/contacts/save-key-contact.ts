import type { AppContext } from '../context';
import { userError } from '../errors';
import { authorizeProperty } from '../auth/authorize';
import { writeAudit } from '../audit/write-audit';
import { phoneForSaving } from '../../resources/auth/phone';
import { FORM_MESSAGES } from '../../resources/messages';
import { CONTACT_MESSAGES, contactTypeOf, saveKeyContactInput } from '../../resources/contacts/contact.resource';
import { loadProperty, publishableOf, type ContactRow } from '../properties/property-repo';

const COMPARED = ['name', 'position', 'email', 'phone', 'confirmation_emails', 'vcc_in_email'] as const;

/**
 * Spec §7 SaveKeyContact. Validates with the form's own schema (unknown fields dropped), checks the
 * ability, refuses a save made against an older version (nothing is overwritten silently), and
 * records before and after in the audit trail, all in one transaction.
 */
export async function saveKeyContact(ctx: AppContext, raw: unknown) {
  const parsed = saveKeyContactInput.safeParse(raw);
  if (!parsed.success) {
    const fields: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (fields[String(issue.path[0] ?? 'input')] ??= []).push(issue.message);
    throw userError(FORM_MESSAGES.couldNotSave, 'BAD_USER_INPUT', fields);
  }
  const input = parsed.data;
  const type = contactTypeOf(input.contactType);
  if (!type) throw userError(CONTACT_MESSAGES.unknownType, 'BAD_USER_INPUT', { contactType: [CONTACT_MESSAGES.unknownType] });
  const facts = await authorizeProperty(ctx, input.propertyId, 'update', 'Contact');
  // The two notification choices belong to the reservations contact only.
  const reservations = type === 'RESERVATION';
  const values = {
    name: input.name,
    position: input.position ?? null,
    email: input.email.toLowerCase(),
    phone: phoneForSaving(input.phone) ?? input.phone,
    confirmation_emails: reservations ? input.confirmationEmails ?? null : null,
    vcc_in_email: reservations ? input.vccInEmail ?? null : null,
  };

  return ctx.db.transaction(async (tx) => {
    const [current] = await tx.query<ContactRow>(
      `select id, contact_type, name, position, email, phone, confirmation_emails, vcc_in_email, version
       from contacts where property_id = $1 and contact_type = $2 for update`,
      [facts.propertyId, type],
    );
    const unchanged = current && COMPARED.every((k) => current[k] === values[k]);
    if (current && !unchanged && input.version !== current.version) throw withCurrent(current);
    if (!current && input.version) throw userError(CONTACT_MESSAGES.conflict, 'CONFLICT', undefined);
    let id = current?.id;
    let created = false;
    if (!current) {
      // Two first saves at once: the loser finds the winner's row and compares.
      const [row] = await tx.query<{ id: number }>(
        `insert into contacts (property_id, contact_type, name, position, email, phone, confirmation_emails, vcc_in_email)
         values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict (property_id, contact_type) do nothing returning id`,
        [facts.propertyId, type, values.name, values.position, values.email, values.phone, values.confirmation_emails, values.vcc_in_email],
      );
      if (row) {
        id = row.id;
        created = true;
      } else {
        const [winner] = await tx.query<ContactRow>(
          'select id, contact_type, name, position, email, phone, confirmation_emails, vcc_in_email, version from contacts where property_id = $1 and contact_type = $2',
          [facts.propertyId, type]);
        if (!COMPARED.every((k) => winner[k] === values[k])) throw withCurrent(winner);
        id = winner.id;
      }
    } else if (!unchanged) {
      await tx.query(
        `update contacts set name = $2, position = $3, email = $4, phone = $5, confirmation_emails = $6, vcc_in_email = $7,
           version = version + 1, updated_at = now() where id = $1`,
        [current.id, values.name, values.position, values.email, values.phone, values.confirmation_emails, values.vcc_in_email],
      );
    }
    if (created || (current && !unchanged)) {
      await writeAudit(tx, {
        actorUserId: ctx.viewer!.id, action: current ? 'contact.update' : 'contact.create', subjectType: 'Contact', subjectId: id,
        propertyId: facts.propertyId, correlationId: ctx.correlationId,
        before: current ? Object.fromEntries(COMPARED.map((k) => [k, current[k]])) : null, after: { contact_type: type, ...values },
      });
    }
    const property = (await loadProperty(tx, facts.propertyId))!;
    const publishable = publishableOf(property);
    return { id, property, publishable };
  });
}

/** A conflict that carries what the other person saved, so the editor can show what changed. */
function withCurrent(current: ContactRow) {
  const error = userError(CONTACT_MESSAGES.conflict, 'CONFLICT');
  (error.extensions as Record<string, unknown>).current = {
    name: current.name, position: current.position, email: current.email, phone: current.phone,
    confirmationEmails: current.confirmation_emails, vccInEmail: current.vcc_in_email, version: current.version,
  };
  return error;
}

