import type { Queryable } from '../db/client';
import type { PropertyFacts } from '../../abilities/define-ability';

export const PUBLISHABLE_SECTIONS = ['billingContact', 'images', 'ratePlans', 'propertyLocation', 'propertyOverview', 'propertyPolicies', 'reservationsContact', 'roomTypes'] as const;
export type Publishable = Record<(typeof PUBLISHABLE_SECTIONS)[number], boolean>;

export type ContactRow = {
  id: number;
  contact_type: 'BILLING' | 'PRIMARY' | 'RESERVATION';
  name: string;
  position: string | null;
  email: string;
  phone: string;
  confirmation_emails: boolean | null;
  vcc_in_email: boolean | null;
  version: number;
};

export type PropertyRow = {
  id: number;
  uuid: string;
  name: string;
  status: string;
  previous_property_id: number | null;
  property_group_id: number | null;
  suburb: string | null;
  country: string | null;
  currency_code: string;
  can_manage_content: boolean;
  can_manage_rates: boolean;
  rates_service_enabled: boolean;
  rate_plans_service_enabled: boolean;
  inventory_provider: string | null;
  completed_sections: string[];
  contacts: ContactRow[] | null;
  exchange_rate: number | string | null;
  fx_updated_at: Date | string | null;
  owner: { id: string; email: string } | null;
};

/** One round trip: the property with its contacts, fx rate and owner. */
const PROPERTY_SQL = `
  select p.id, p.uuid, p.name, p.status, p.previous_property_id, p.property_group_id, p.suburb, p.country,
         p.currency_code, p.can_manage_content, p.can_manage_rates, p.rates_service_enabled, p.rate_plans_service_enabled,
         p.inventory_provider, p.completed_sections, fx.exchange_rate, fx.updated_at as fx_updated_at,
         (select json_agg(json_build_object('id', c.id, 'contact_type', c.contact_type, 'name', c.name, 'position', c.position,
                  'email', c.email, 'phone', c.phone, 'confirmation_emails', c.confirmation_emails, 'vcc_in_email', c.vcc_in_email,
                  'version', c.version)) from contacts c where c.property_id = p.id) as contacts,
         (select json_build_object('id', u.uuid, 'email', u.email) from memberships m join users u on u.id = m.user_id
           where m.property_id = p.id and m.role = 'property_admin' order by m.id limit 1) as owner
  from properties p left join fx_rates fx on fx.currency_code = p.currency_code`;

export async function loadProperty(db: Queryable, id: number): Promise<PropertyRow | null> {
  const [row] = await db.query<PropertyRow>(`${PROPERTY_SQL} where p.id = $1`, [id]);
  return row ?? null;
}

export async function loadProperties(db: Queryable, where: string, params: unknown[], limit: number, offset: number): Promise<PropertyRow[]> {
  return db.query<PropertyRow>(`${PROPERTY_SQL} where ${where} order by p.name, p.id limit ${limit} offset ${offset}`, params);
}

/** Spec §3 publishable flags: contacts from their table, the other sections from their completion. */
export function publishableOf(row: Pick<PropertyRow, 'contacts' | 'completed_sections'>): Publishable {
  const has = (type: ContactRow['contact_type']) => (row.contacts ?? []).some((c) => c.contact_type === type);
  const done = (s: string) => row.completed_sections.includes(s);
  return {
    billingContact: has('BILLING'),
    reservationsContact: has('RESERVATION'),
    images: done('images'),
    ratePlans: done('ratePlans'),
    propertyLocation: done('propertyLocation'),
    propertyOverview: done('propertyOverview'),
    propertyPolicies: done('propertyPolicies'),
    roomTypes: done('roomTypes'),
  };
}

export const contactOf = (row: PropertyRow, type: ContactRow['contact_type']) => (row.contacts ?? []).find((c) => c.contact_type === type) ?? null;

/** The attributes the ability rules read, from a loaded property. */
export const factsOf = (p: PropertyRow): PropertyFacts => ({
  propertyId: p.id, propertyGroupId: p.property_group_id, inventoryProvider: p.inventory_provider, ratesServiceEnabled: p.rates_service_enabled,
});
