import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useGql } from '../portal/use-gql';

/** The property's room types for the rates pages: one query and key, read by the home's card, the all-room-types view and the routes' preload. */
export const RATES_ROOM_TYPES = {
  query:
    'query RatesRoomTypes($propertyId: Int!) { roomTypes(input: { propertyId: $propertyId }, limit: 100) { nodes { id name } } }',
  key: (propertyId: number) => ['rates-room-types', propertyId] as const,
};

/**
 * A few days of a room type's calendar, as the all-room-types view reads them: from a day, or from
 * the property's own today (the server's), so they can be asked for before the property is known.
 */
export const ratesSpan = (propertyId: number, roomTypeId: string, days: number, from?: string) => ({
  key: ['rates', propertyId, roomTypeId, from ?? 'today', days] as const,
  variables: { propertyId, roomTypeId, days, ...(from ? { from } : {}) },
});

/** The property's room types, as the rates pages list them (one query, shared with the home's card). */
export function useRatesRoomTypes(propertyId: number) {
  const { data } = useGql<{ roomTypes: { nodes: { id: string; name: string }[] } }>(
    RATES_ROOM_TYPES.key(propertyId),
    RATES_ROOM_TYPES.query,
    { propertyId },
  );
  return data?.roomTypes.nodes;
}

/** The way into each room type's rates and inventory calendar, and into all of them on one grid (the page itself loads only when opened). */
export function RatesLinks({ propertyId, empty = null }: { propertyId: number; empty?: ReactNode }) {
  const nodes = useRatesRoomTypes(propertyId);
  const rooms = nodes ?? [];
  if (!rooms.length) return nodes ? empty : null;
  return (
    <ul className="plain-list" aria-label="Rates and inventory">
      {rooms.map((r) => (
        <li key={r.id}>
          <Link to={`/properties/${propertyId}/rates-and-inventory/${r.id}`}>{r.name}</Link>
        </li>
      ))}
      {rooms.length > 1 && (
        <li>
          <Link to={`/properties/${propertyId}/rates-and-inventory/${rooms[0].id}?view=all`}>All room types</Link>
        </li>
      )}
    </ul>
  );
}
