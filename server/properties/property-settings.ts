import { z } from 'zod';
import type { AppContext } from '../context';
import type { Queryable } from '../db/client';
import { authorizeProperty } from '../auth/authorize';
import { fieldErrors, invalid, versionedSave, type Versioned } from '../save/versioned-save';
import { loadProperty } from './property-repo';
import {
  HOME_CURRENCY,
  SETTINGS_MESSAGES,
  settingsSchema,
  type PropertySettings,
} from '../../resources/properties/property-settings';

type Row = {
  settings_version: number;
  name: string;
  inventory_provider: PropertySettings['inventoryProvider'];
  rates_service_enabled: boolean;
  rate_plans_service_enabled: boolean;
  can_manage_content: boolean;
  can_manage_rates: boolean;
  currency_code: string;
  exchange_rate: string | number | null;
  previous_property_id: number | null;
  property_group_id: number | null;
};

const SELECT = `select p.settings_version, p.name, p.inventory_provider, p.rates_service_enabled, p.rate_plans_service_enabled,
  p.can_manage_content, p.can_manage_rates, p.currency_code, fx.exchange_rate, p.previous_property_id, p.property_group_id
  from properties p left join fx_rates fx on fx.currency_code = p.currency_code where p.id = $1`;

const valuesOf = (r: Row): PropertySettings => ({
  name: r.name,
  inventoryProvider: r.inventory_provider,
  ratesServiceEnabled: r.rates_service_enabled,
  ratePlansServiceEnabled: r.rate_plans_service_enabled,
  canManageContent: r.can_manage_content,
  canManageRates: r.can_manage_rates,
  currencyCode: r.currency_code,
  exchangeRate: r.currency_code === HOME_CURRENCY || r.exchange_rate == null ? null : Number(r.exchange_rate),
  previousPropertyId: r.previous_property_id,
  propertyGroupId: r.property_group_id,
});

/** A property's settings and their version, or null when there is no such property. */
export async function loadSettings(db: Queryable, propertyId: number, lock = false) {
  const [row] = await db.query<Row>(lock ? `${SELECT} for update of p` : SELECT, [propertyId]);
  return row ? { values: valuesOf(row), version: row.settings_version } : null;
}

const envelope = z.object({
  propertyId: z.number().int().min(1),
  version: z.number().int().min(0),
  values: z.unknown(),
});

/**
 * Staff save a property's settings (Admin, issue 29) through the one versioned save: the settings
 * schema, checks that the previous property and the group exist, the version check under the
 * property's row lock, and one history record ("Settings"), revertable from Trails.
 */
export async function savePropertySettings(ctx: AppContext, raw: unknown) {
  const outer = envelope.safeParse(raw);
  if (!outer.success) throw invalid(fieldErrors(outer.error.issues, 'input'));
  const { propertyId, version, values } = outer.data;
  const { record, auth } = await versionedSave(ctx, {
    validate: () => {
      const parsed = settingsSchema.safeParse(values);
      if (!parsed.success) throw invalid(fieldErrors(parsed.error.issues));
      const v = parsed.data;
      return { ...v, exchangeRate: v.currencyCode === HOME_CURRENCY ? null : v.exchangeRate };
    },
    authorize: () => authorizeProperty(ctx, propertyId, 'update', 'Admin'),
    check: async (v, facts) => {
      const errors: Record<string, string[]> = {};
      if (v.previousPropertyId === facts.propertyId) errors.previousPropertyId = [SETTINGS_MESSAGES.previousSelf];
      else if (v.previousPropertyId != null) {
        const [p] = await ctx.db.query('select 1 from properties where id = $1', [v.previousPropertyId]);
        if (!p) errors.previousPropertyId = [SETTINGS_MESSAGES.previousMissing];
      }
      if (v.propertyGroupId != null) {
        const [g] = await ctx.db.query('select 1 from property_groups where id = $1', [v.propertyGroupId]);
        if (!g) errors.propertyGroupId = [SETTINGS_MESSAGES.groupMissing];
      }
      if (Object.keys(errors).length) throw invalid(errors);
      return v;
    },
    version,
    conflictMessage: SETTINGS_MESSAGES.conflict,
    lock: async (tx, facts) => {
      const s = await loadSettings(tx, facts.propertyId, true);
      return s && ({ id: facts.propertyId, ...s } as Versioned<PropertySettings>);
    },
    update: async (tx, current, v) => {
      await tx.query(
        `update properties set name = $2, inventory_provider = $3, rates_service_enabled = $4, rate_plans_service_enabled = $5,
           can_manage_content = $6, can_manage_rates = $7, currency_code = $8, previous_property_id = $9,
           property_group_id = $10, settings_version = settings_version + 1, updated_at = now()
         where id = $1`,
        [
          current.id,
          v.name,
          v.inventoryProvider,
          v.ratesServiceEnabled,
          v.ratePlansServiceEnabled,
          v.canManageContent,
          v.canManageRates,
          v.currencyCode,
          v.previousPropertyId,
          v.propertyGroupId,
        ],
      );
      if (v.exchangeRate != null && v.exchangeRate !== current.values.exchangeRate)
        await tx.query(
          `insert into fx_rates (currency_code, exchange_rate, updated_at) values ($1, $2, now())
           on conflict (currency_code) do update set exchange_rate = excluded.exchange_rate, updated_at = now()`,
          [v.currencyCode, v.exchangeRate],
        );
      return (await loadSettings(tx, Number(current.id)).then((s) => s && { id: current.id, ...s }))!;
    },
    audit: (_kind, facts, r) => ({
      action: 'property.settings',
      subjectType: 'PropertySettings',
      propertyId: facts.propertyId,
      label: `Settings: ${r.values.name}`,
    }),
  });
  return { version: record.version, values: record.values, property: await loadProperty(ctx.db, auth.propertyId) };
}
