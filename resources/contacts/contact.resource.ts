import { z } from 'zod';
import { email, fieldSet, flag, phone, text } from '../field-builders';
import { once } from '../once';

/** Spec §5 contact form: the same schema validates the antd form and the SaveKeyContact input. */
export const CONTACT_MESSAGES = {
  enterEmail: 'Enter an email',
  validEmail: 'Enter a valid email',
  enterName: 'Enter a name',
  enterPhone: 'Enter a phone number',
  phoneLength: 'Phone number must be 25 characters or less',
  phoneCountry: 'Enter an Australian number: +61 is added for you',
  unknownType: 'Unknown contact type',
  conflict: 'Someone else changed this contact while you were editing it. Review their changes below, then save again.',
} as const;

export { CONTACT_TYPES, CONTACT_TITLES, contactPagePath, type ContactType } from './contact-types';
import { CONTACT_TYPES, type ContactType } from './contact-types';

/** The stored type for a route segment or an API value, case-insensitively; null when unknown. */
export function contactTypeOf(value: unknown): ContactType | null {
  if (typeof value !== 'string') return null;
  const v = value.trim().toLowerCase();
  if (v in CONTACT_TYPES) return CONTACT_TYPES[v as keyof typeof CONTACT_TYPES];
  const stored = Object.values(CONTACT_TYPES).find((t) => t.toLowerCase() === v);
  return stored ?? null;
}

/** Spec §2 contacts/{contactType}: billing, primary or reservations (any case); anything else, 'reservation' too, is unknown. */
export function contactTypeOfRoute(segment: string | undefined): ContactType | null {
  const v = (segment ?? '').toLowerCase();
  return Object.hasOwn(CONTACT_TYPES, v) ? CONTACT_TYPES[v as keyof typeof CONTACT_TYPES] : null;
}

/** A key contact's form (spec §5), each field once: the page renders it, the API validates with it. */
export const CONTACT_FORM = fieldSet({
  name: text({ label: 'Name', required: CONTACT_MESSAGES.enterName, autoComplete: 'name' }),
  position: text({ label: 'Position (optional)', noun: 'Position', autoComplete: 'organization-title' }),
  email: email({ label: 'Email', required: CONTACT_MESSAGES.enterEmail, invalid: CONTACT_MESSAGES.validEmail }),
  phone: phone({
    label: 'Phone',
    noun: 'Phone number',
    required: CONTACT_MESSAGES.enterPhone,
    max: 25,
    foreign: CONTACT_MESSAGES.phoneCountry,
  }),
  confirmationEmails: flag({
    label: 'Send booking notification emails',
    widget: 'checkbox',
    help: 'We email this contact a booking notification for every new booking.',
  }),
  vccInEmail: flag({
    label: 'Include VCC information in the booking notification',
    widget: 'checkbox',
    help: 'The notification includes the virtual credit card (VCC) details used to pay for the stay.',
  }),
});
/** Spec §5: the two notification choices belong to the reservations contact only. */
const RESERVATIONS_ONLY = ['confirmationEmails', 'vccInEmail'];
export const contactFieldsOf = (type: ContactType) =>
  CONTACT_FORM.fields.filter((f) => type === 'RESERVATION' || !RESERVATIONS_ONLY.includes(f.name));

export type ContactFields = z.output<(typeof CONTACT_FORM)['schema']>;

/** SaveKeyContact's input (spec §7). Unknown fields are stripped, not stored. Built on first use, as the form's schema is. */
export const saveKeyContactInput = once(() =>
  CONTACT_FORM.schema.extend({
    propertyId: z.number().int().min(1),
    contactType: z.string().max(20),
    /** The version the editor loaded; a save against an older version is a conflict. */
    version: z.number().int().min(0).nullable().optional(),
  }),
);

const KEY_CONTACT = `fragment KeyContact on Contact { id ${CONTACT_FORM.fields.map((f) => f.name).join(' ')} version }`;
export const CONTACT_DOCS = {
  manageContacts: `query ManageContacts($propertyId: Int!) { viewer { property(id: $propertyId) { id name
    billingContact { ...KeyContact } primaryContact { ...KeyContact } reservationsContact { ...KeyContact } } } }
    ${KEY_CONTACT}`,
  saveKeyContact: `mutation SaveKeyContact($input: SaveKeyContactInput!) { saveKeyContact(input: $input) {
    id publishable { billingContact reservationsContact }
    contacts { billingContact { ...KeyContact } primaryContact { ...KeyContact } reservationsContact { ...KeyContact } } } }
    ${KEY_CONTACT}`,
} as const;

/** A stored contact as ManageContacts answers it. */
export type KeyContact = Omit<ContactFields, 'position' | 'confirmationEmails' | 'vccInEmail'> & {
  id: string;
  position: string | null;
  confirmationEmails: boolean | null;
  vccInEmail: boolean | null;
  version: number;
};
