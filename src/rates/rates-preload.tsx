import { useEffect } from 'react';
import { useLocation, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { gqlRequest } from '../../providers/graphql-request';
import { RATES_DOCS } from '../../resources/rates-inventory/rates-inventory.documents';
import { RatesCalendarPage } from '../portal/lazy-pages';
import { parsePropertyId } from '../layouts/property-outlet';

const CALENDAR = /^\/properties\/\d+\/rates-and-inventory\/(\d{1,15})\/?$/;

/**
 * Opening a calendar by its address: its chunk and its 18 months start loading with the property,
 * not after it (the page's own query finds the data in the cache under the same key). Rendered
 * beside the property layout by the routes, so the layout knows nothing of rates.
 */
export function RatesPreload() {
  const propertyId = parsePropertyId(useParams().propertyId);
  const client = useQueryClient();
  const roomTypeId = CALENDAR.exec(useLocation().pathname)?.[1];
  useEffect(() => {
    if (!roomTypeId || propertyId === null) return;
    void RatesCalendarPage.preload();
    void client.prefetchQuery({
      queryKey: ['gql', 'rates', propertyId, roomTypeId],
      queryFn: () => gqlRequest(RATES_DOCS.calendar, { propertyId, roomTypeId }),
      staleTime: 30_000,
    });
  }, [client, propertyId, roomTypeId]);
  return null;
}
