-- Issue 30: staff's one search box opens a booking by its hotel or booking reference, in any case.
create index reservations_hotel_ref_upper on reservations (upper(hotel_ref));
create index reservations_booking_ref_upper on reservations (upper(booking_ref));
