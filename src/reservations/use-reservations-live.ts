import { useEffect } from 'react';
import { createClient } from 'graphql-ws';
import { RESERVATION_DOCS } from '../../resources/reservations/reservations.documents';

export type ReservationChange = { hotelRef: string; kind: 'booked' | 'modified' | 'cancelled' };

/** Bookings received, modified or cancelled at this property, pushed over graphql-ws (authorized like the list). */
export function useReservationsLive(propertyId: number, onChange: (e: ReservationChange) => void) {
  useEffect(() => {
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/graphql`;
    const client = createClient({ url, lazy: false, retryAttempts: 20 });
    const stop = client.subscribe<{ reservationsChanged: ReservationChange }>(
      { query: RESERVATION_DOCS.changed, variables: { propertyId } },
      {
        next: (msg) => msg.data && onChange(msg.data.reservationsChanged),
        error: () => undefined,
        complete: () => undefined,
      },
    );
    return () => {
      stop();
      void client.dispose();
    };
  }, [propertyId, onChange]);
}
