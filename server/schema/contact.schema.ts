import type { SchemaModule } from './schema-module';
import type { AppContext } from '../context';
import { saveKeyContact } from '../contacts/save-key-contact';
import { loadDetails, savePropertyDetails } from '../properties/save-property-details';
import { contactOf, type PropertyRow } from '../properties/property-repo';

/**
 * Spec §7 SaveKeyContact, and the details sections. Its input is a JSON object validated by the contact form's own schema,
 * so unknown fields are dropped rather than rejected (spec §5: 'Unknown fields are stripped').
 */
export const contactSchema: SchemaModule = {
  typeDefs: /* GraphQL */ `
    scalar SaveKeyContactInput
    type KeyContacts { billingContact: Contact, primaryContact: Contact, reservationsContact: Contact }
    type ContactPublishable { billingContact: Boolean!, reservationsContact: Boolean! }
    type SaveKeyContactResult { id: ID!, publishable: ContactPublishable!, contacts: KeyContacts! }
    scalar PropertyDetailsInput
    type PropertyDetails { sections: JSON!, version: Int! }
    type DetailsPublishable { propertyOverview: Boolean!, propertyLocation: Boolean!, propertyPolicies: Boolean! }
    type SavePropertyDetailsResult { sections: JSON!, version: Int!, publishable: DetailsPublishable! }
    extend type Property { details: PropertyDetails! }
    extend type Mutation {
      saveKeyContact(input: SaveKeyContactInput!): SaveKeyContactResult!
      "Saves one details section: { propertyId, section, version, values }."
      savePropertyDetails(input: PropertyDetailsInput!): SavePropertyDetailsResult!
    }
  `,
  resolvers: {
    Mutation: {
      saveKeyContact: async (_p: unknown, { input }: { input: unknown }, ctx: AppContext) => {
        const { id, property, publishable } = await saveKeyContact(ctx, input);
        return { id, publishable, contacts: property };
      },
      savePropertyDetails: (_p: unknown, { input }: { input: unknown }, ctx: AppContext) =>
        savePropertyDetails(ctx, input),
    },
    Property: {
      details: (p: PropertyRow, _a: unknown, ctx: AppContext) => loadDetails(ctx, p.id),
    },
    KeyContacts: {
      billingContact: (p: PropertyRow) => contactOf(p, 'BILLING'),
      primaryContact: (p: PropertyRow) => contactOf(p, 'PRIMARY'),
      reservationsContact: (p: PropertyRow) => contactOf(p, 'RESERVATION'),
    },
  },
};
