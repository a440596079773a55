-- Issue 31: a room type closed for a day (OpenTravel's room-type Status="Close", Booking.com's
-- room status) without touching its rooms to sell; a field of the inventory row like rooms_to_sell,
-- written, logged and undone through the same batch.
alter table room_inventory add column room_closed boolean not null default false;
alter table rates_changes drop constraint rates_changes_field_check;
alter table rates_changes add constraint rates_changes_field_check
  check (field in ('roomsToSell', 'roomClosed', 'rate', 'stopSell', 'closedToArrival', 'closedToDeparture', 'minStay', 'maxStay'));
