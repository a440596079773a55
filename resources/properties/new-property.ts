import { z } from 'zod';
import { INVENTORY_PROVIDERS, PROPERTY_STATUSES } from '../domain';
import { COUNTRY_NAMES } from './countries';

/**
 * A new property: what `npm run cli -- create-property` takes and what staff enter on a
 * property's Admin page (issue 29). The CLI and the portal parse it the same way.
 */
export const newPropertySchema = z.object({
  name: z.string().trim().min(1, 'is required').max(200, 'must be 200 characters or fewer'),
  status: z.enum(PROPERTY_STATUSES).default('PROSPECTIVE'),
  suburb: z.string().trim().max(100, 'must be 100 characters or fewer').optional(),
  // As Location offers it, so the finder's country and the details' agree (issue 25).
  country: z
    .string()
    .trim()
    .refine(
      (c) => COUNTRY_NAMES.includes(c),
      'must be a country as Location lists it, such as Australia or New Zealand',
    )
    .optional(),
  currencyCode: z
    .string()
    .regex(/^[A-Z]{3}$/, 'must be a three-letter ISO code')
    .default('AUD'),
  inventoryProvider: z.enum(INVENTORY_PROVIDERS).optional(),
  propertyGroupId: z.number().int().min(1).optional(),
  ratesServiceEnabled: z.boolean().default(true),
  ratePlansServiceEnabled: z.boolean().default(true),
});
export type NewProperty = z.input<typeof newPropertySchema>;

export const NEW_PROPERTY_MESSAGES = {
  created: (name: string) => `${name} created.`,
} as const;
