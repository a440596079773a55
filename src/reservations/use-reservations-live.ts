import { useEffect } from 'react';
import { liveClient } from '../live/live-client';
import { RESERVATION_DOCS } from '../../resources/reservations/reservations.documents';

export type ReservationChange = { hotelRef: string; kind: 'booked' | 'modified' | 'cancelled' };

/**
 * Bookings received, modified or cancelled at this property, pushed over graphql-ws (authorized like
 * the list); `onReconnect`: events may have been missed, read the list afresh.
 */
export function useReservationsLive(
  propertyId: number,
  onChange: (e: ReservationChange) => void,
  onReconnect: () => void,
) {
  useEffect(() => {
    const client = liveClient(onReconnect);
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
  }, [propertyId, onChange, onReconnect]);
}
