import { z } from 'zod';
import { INVENTORY_PROVIDER_LABELS, INVENTORY_PROVIDERS, RATE_PLAN_PROVIDERS, RATES_PROVIDER } from '../domain';

/**
 * A property's settings (spec §3), kept by staff on its Admin page (issue 29): who supplies its
 * rates, which services it uses, whether its own users manage content and rates, its currency and
 * exchange rate, its previous property and its group. One schema for the API and the form.
 */
export const HOME_CURRENCY = 'AUD';
const SETTINGS_MESSAGES_FX = 'A foreign currency needs an exchange rate.';
/** A property's name: staff set it here; a hotel asks for a new one (name-change.ts). */
export const propertyNameSchema = z
  .string({ message: 'Enter the property name.' })
  .trim()
  .min(1, 'Enter the property name.')
  .max(200, 'Use 200 characters or fewer.');

export const settingsSchema = z
  .object({
    name: propertyNameSchema,
    inventoryProvider: z.enum(INVENTORY_PROVIDERS, { message: 'Choose a provider from the list.' }).nullable(),
    ratesServiceEnabled: z.boolean(),
    ratePlansServiceEnabled: z.boolean(),
    canManageContent: z.boolean(),
    canManageRates: z.boolean(),
    currencyCode: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, 'Use a three-letter currency code, e.g. NZD.'),
    /** AUD for one unit of the currency; none for AUD itself. Shared by every property priced in it. */
    exchangeRate: z.number().positive('Enter a rate above 0.').max(1_000_000, 'Enter a realistic rate.').nullable(),
    previousPropertyId: z.number().int().min(1, 'Enter a property ID.').max(2_147_483_647).nullable(),
    propertyGroupId: z.number().int().min(1).max(2_147_483_647).nullable(),
  })
  .strict()
  .refine((v) => v.currencyCode === HOME_CURRENCY || v.exchangeRate != null, {
    message: SETTINGS_MESSAGES_FX,
    path: ['exchangeRate'],
  });
export type PropertySettings = z.infer<typeof settingsSchema>;

export const SETTINGS_MESSAGES = {
  saved: 'Settings saved.',
  conflict: 'Someone else changed these settings while you were editing them. Review their changes, then save again.',
  previousSelf: 'A property cannot be its own previous property.',
  previousMissing: 'There is no property with this ID.',
  groupMissing: 'Choose a group from the list.',
  exchangeRateNeeded: SETTINGS_MESSAGES_FX,
  confirmTitle: 'Save these settings?',
} as const;

type Consequence = { field: keyof PropertySettings; text: string };

/** What a change of settings does, in words staff confirm before it is saved. */
export function settingsConsequences(before: PropertySettings, after: PropertySettings): Consequence[] {
  const out: Consequence[] = [];
  if (before.inventoryProvider !== after.inventoryProvider) {
    const name = after.inventoryProvider ? INVENTORY_PROVIDER_LABELS[after.inventoryProvider] : 'no provider';
    const plansBefore = RATE_PLAN_PROVIDERS.includes(before.inventoryProvider as never);
    const plansAfter = RATE_PLAN_PROVIDERS.includes(after.inventoryProvider as never);
    if (plansBefore && !plansAfter)
      out.push({
        field: 'inventoryProvider',
        text: `Rate plans and promotions become read-only for everyone: ${name} manages them.`,
      });
    if (!plansBefore && plansAfter)
      out.push({ field: 'inventoryProvider', text: 'Rate plans and promotions can be edited here again.' });
    const ratesBefore = before.inventoryProvider === RATES_PROVIDER;
    const ratesAfter = after.inventoryProvider === RATES_PROVIDER;
    if (ratesBefore && !ratesAfter)
      out.push({
        field: 'inventoryProvider',
        text: `The rates and inventory calendar becomes read-only for everyone: ${name} supplies rates.`,
      });
    if (!ratesBefore && ratesAfter)
      out.push({ field: 'inventoryProvider', text: 'Rates and inventory can be edited in the calendar.' });
  }
  if (before.ratesServiceEnabled && !after.ratesServiceEnabled)
    out.push({
      field: 'ratesServiceEnabled',
      text: 'The rates and inventory calendar is hidden: its pages open the legacy extranet, where one is set up.',
    });
  if (!before.ratesServiceEnabled && after.ratesServiceEnabled)
    out.push({ field: 'ratesServiceEnabled', text: 'The rates and inventory calendar is shown again.' });
  if (before.ratePlansServiceEnabled && !after.ratePlansServiceEnabled)
    out.push({
      field: 'ratePlansServiceEnabled',
      text: 'Rate plan pages open the legacy extranet, where one is set up.',
    });
  if (before.canManageContent && !after.canManageContent)
    out.push({
      field: 'canManageContent',
      text: "The property's own users can no longer change its content: only staff can.",
    });
  if (before.canManageRates && !after.canManageRates)
    out.push({
      field: 'canManageRates',
      text: "The property's own users can no longer change its rates and inventory: only staff can.",
    });
  if (before.currencyCode !== after.currencyCode)
    out.push({
      field: 'currencyCode',
      text: `Prices are read in ${after.currencyCode} from now on; stored amounts are not converted.`,
    });
  if (before.exchangeRate !== after.exchangeRate && after.exchangeRate != null)
    out.push({
      field: 'exchangeRate',
      text: `The exchange rate applies to every property priced in ${after.currencyCode}.`,
    });
  if (before.propertyGroupId !== after.propertyGroupId)
    out.push({
      field: 'propertyGroupId',
      text: after.propertyGroupId
        ? "The group's users gain access to this property."
        : 'Users of its former group lose access to this property.',
    });
  return out;
}
