import { useEffect } from 'react';
import { liveClient } from '../live/live-client';
import { RATES_DOCS } from '../../resources/rates-inventory/rates-inventory.documents';

export type RatesChangeEvent = { batchId: string; source: string; count: number };

/**
 * Saved changes to this room type's calendar, pushed over graphql-ws (the session cookie authorizes
 * it as the query); `onReconnect`: events may have been missed, read the calendar afresh.
 */
export function useRatesLive(
  propertyId: number,
  roomTypeId: string,
  onChange: (e: RatesChangeEvent) => void,
  onReconnect: () => void,
) {
  useEffect(() => {
    const client = liveClient(onReconnect);
    const stop = client.subscribe<{ ratesChanged: RatesChangeEvent }>(
      { query: RATES_DOCS.changed, variables: { propertyId, roomTypeId } },
      { next: (msg) => msg.data && onChange(msg.data.ratesChanged), error: () => undefined, complete: () => undefined },
    );
    return () => {
      stop();
      void client.dispose();
    };
  }, [propertyId, roomTypeId, onChange, onReconnect]);
}
