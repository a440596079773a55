/** A property's three key contacts (spec §2), without the form's schema. Route segment → stored type (spec §2: billing, primary or reservations, any case). */
export const CONTACT_TYPES = { billing: 'BILLING', primary: 'PRIMARY', reservations: 'RESERVATION' } as const;
export type ContactType = (typeof CONTACT_TYPES)[keyof typeof CONTACT_TYPES];

/** A contact's page under its property: /properties/{id}/contacts/{billing|primary|reservations}. */
export const contactPagePath = (propertyId: number, type: ContactType) =>
  `/properties/${propertyId}/contacts/${Object.keys(CONTACT_TYPES).find((k) => CONTACT_TYPES[k as keyof typeof CONTACT_TYPES] === type)}`;

export const CONTACT_TITLES: Record<ContactType, string> = {
  BILLING: 'Billing contact',
  PRIMARY: 'Primary contact',
  RESERVATION: 'Reservations contact',
};
