import type { ManagedProperty } from '../../resources/properties/property.documents';

/** What the property layout gives the page inside it. */
export type PropertyOutletContext = { property: ManagedProperty };

/** Spec §5: a property id is an integer of at least 1; anything else is an error, not a request. */
export function parsePropertyId(raw: string | undefined): number | null {
  return raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
}
