import type { Queryable } from '../db/client';

/**
 * Counts a stay's nights against rooms to sell (evaluate under the room type's lock, shared with
 * rates saves): true for a reserved stay `r` with a night where reserved stays outnumber the rooms.
 */
// (a stay of room type r's that has a night where reserved stays outnumber the rooms to sell. */
export const OVERBOOKED = `exists (
  select 1 from room_inventory i
   where i.property_id = r.property_id and i.room_type_id = r.room_type_id
     and i.day >= r.check_in and i.day < r.check_out and i.rooms_to_sell is not null
     and i.rooms_to_sell < (select count(*) from reservations o
                             where o.property_id = r.property_id and o.room_type_id = r.room_type_id and o.state = 'reserved'
                               and o.check_in <= i.day and o.check_out > i.day))`;

/** After a stay is cancelled or moved, the other flagged stays it overlapped may fit again. */
export async function refreshOverbooking(
  tx: Queryable,
  propertyId: number,
  stay: { roomTypeId: string; checkIn: string; checkOut: string },
) {
  await tx.query(
    `update reservations r set overbooked = ${OVERBOOKED}
      where r.property_id = $1 and r.room_type_id = $2 and r.state = 'reserved' and r.overbooked
        and r.check_in < $4::date and r.check_out > $3::date`,
    [propertyId, stay.roomTypeId, stay.checkIn, stay.checkOut],
  );
}
