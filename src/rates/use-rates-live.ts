import { useEffect } from 'react';
import { createClient } from 'graphql-ws';
import { RATES_DOCS } from '../../resources/rates-inventory/rates-inventory.documents';

export type RatesChangeEvent = { batchId: string; source: string; count: number };

/** Saved changes to this room type's calendar, pushed over graphql-ws (the session cookie authorizes it as the query). */
export function useRatesLive(propertyId: number, roomTypeId: string, onChange: (e: RatesChangeEvent) => void) {
  useEffect(() => {
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/graphql`;
    const client = createClient({ url, lazy: false, retryAttempts: 20 });
    const stop = client.subscribe<{ ratesChanged: RatesChangeEvent }>(
      { query: RATES_DOCS.changed, variables: { propertyId, roomTypeId } },
      { next: (msg) => msg.data && onChange(msg.data.ratesChanged), error: () => undefined, complete: () => undefined },
    );
    return () => {
      stop();
      void client.dispose();
    };
  }, [propertyId, roomTypeId, onChange]);
}
