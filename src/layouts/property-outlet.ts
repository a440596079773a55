import { PROPERTY_DOCS, type ManagedProperty } from '../../resources/properties/property.documents';

/** What the property layout gives the page inside it. */
export type PropertyOutletContext = { property: ManagedProperty };

/** Spec §5: a property id is an integer of at least 1; anything else is an error, not a request. */
export function parsePropertyId(raw: string | undefined): number | null {
  return raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
}

/** The cache key of a property's own read: pages that change the property refresh it with this. */
export const propertyKey = (id: number | null) => ['property', id] as const;

/** A property's own read (key, document, variables), for the layout, the switcher and the read started ahead. */
export const propertyQuery = (id: number | null) => [propertyKey(id), PROPERTY_DOCS.manageProperty, { id }] as const;

/** A property group's own read (key, document, variables), for the group layout and a property's way back to it. */
export const groupQuery = (id: number | null) =>
  [['group', id], PROPERTY_DOCS.propertyGroup, { propertyGroupId: id }] as const;
