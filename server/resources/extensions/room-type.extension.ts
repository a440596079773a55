import type { ResourceExtension } from '../resource-extension';
import { sellableDeleteCheck } from './delete-checks';

/** Room types: a booked one stays; one with a calendar asks before its days go with it. */
export const roomTypeExtension: ResourceExtension = {
  deleteCheck: (tx, row) =>
    sellableDeleteCheck(tx, {
      noun: 'room type',
      id: row.id,
      propertyId: row.propertyId,
      bookings: 'select count(*) from reservations where property_id = $2 and room_type_id = $1::bigint',
      days: `select count(distinct day) from (select day from room_inventory where property_id = $2 and room_type_id = $1::bigint
             union all select day from rate_plan_days where property_id = $2 and room_type_id = $1::bigint) d`,
      instead: 'Set its status to Inactive instead.',
    }),
};
