import { z } from 'zod';

/** Spec §5 contact form: the same schema validates the antd form and the SaveKeyContact input. */
export const CONTACT_MESSAGES = {
  enterEmail: 'Enter an email',
  validEmail: 'Enter a valid email',
  enterName: 'Enter a name',
  enterPhone: 'Enter a phone number',
  phoneLength: 'Phone number must be 25 characters or less',
  unknownType: 'Unknown contact type',
  conflict: 'Someone else changed this contact while you were editing it. Review their changes below, then save again.',
} as const;

/** Route segment → stored type (spec §2: billing, primary or reservations, any case). */
export const CONTACT_TYPES = { billing: 'BILLING', primary: 'PRIMARY', reservations: 'RESERVATION' } as const;
export type ContactType = (typeof CONTACT_TYPES)[keyof typeof CONTACT_TYPES];

export const CONTACT_TITLES: Record<ContactType, string> = {
  BILLING: 'Billing contact',
  PRIMARY: 'Primary contact',
  RESERVATION: 'Reservations contact',
};

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

const emptyToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

export const contactFields = z.object({
  name: z.preprocess(
    emptyToNull,
    z.string({ message: CONTACT_MESSAGES.enterName }).trim().min(1, CONTACT_MESSAGES.enterName).max(200),
  ),
  position: z.preprocess(emptyToNull, z.string().trim().max(200).nullable().optional()),
  email: z.preprocess(
    emptyToNull,
    z
      .string({ message: CONTACT_MESSAGES.enterEmail })
      .trim()
      .min(1, CONTACT_MESSAGES.enterEmail)
      .max(254)
      .pipe(z.email(CONTACT_MESSAGES.validEmail)),
  ),
  phone: z.preprocess(
    emptyToNull,
    z
      .string({ message: CONTACT_MESSAGES.enterPhone })
      .trim()
      .min(1, CONTACT_MESSAGES.enterPhone)
      .max(25, CONTACT_MESSAGES.phoneLength),
  ),
  confirmationEmails: z.boolean().nullable().optional(),
  vccInEmail: z.boolean().nullable().optional(),
});
export type ContactFields = z.output<typeof contactFields>;

/** SaveKeyContact's input (spec §7). Unknown fields are stripped, not stored. */
export const saveKeyContactInput = contactFields.extend({
  propertyId: z.number().int().min(1),
  contactType: z.string().max(20),
  /** The version the editor loaded; a save against an older version is a conflict. */
  version: z.number().int().min(0).nullable().optional(),
});

export const CONTACT_DOCS = {
  manageContacts: `query ManageContacts($propertyId: Int!) { viewer { property(id: $propertyId) { id name
    billingContact { ...KeyContact } primaryContact { ...KeyContact } reservationsContact { ...KeyContact } } } }
    fragment KeyContact on Contact { id name position email phone confirmationEmails vccInEmail version }`,
  saveKeyContact: `mutation SaveKeyContact($input: SaveKeyContactInput!) { saveKeyContact(input: $input) {
    id publishable { billingContact reservationsContact }
    contacts { billingContact { ...KeyContact } primaryContact { ...KeyContact } reservationsContact { ...KeyContact } } } }
    fragment KeyContact on Contact { id name position email phone confirmationEmails vccInEmail version }`,
} as const;

export type KeyContact = {
  id: string;
  name: string;
  position: string | null;
  email: string;
  phone: string;
  confirmationEmails: boolean | null;
  vccInEmail: boolean | null;
  version: number;
};
