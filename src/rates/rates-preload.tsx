import { useEffect } from 'react';
import { useLocation, useParams } from 'react-router';
import { cachedGql, usePrefetchGql } from '../portal/use-gql';
import { RATES_DOCS } from '../../resources/rates-inventory/rates-inventory.documents';
import { parsePropertyId } from '../layouts/property-outlet';
import { RATES_ROOM_TYPES, ratesSpan } from './rates-links';
import { useQueryClient } from '@tanstack/react-query';
import { overviewStart, overviewZoom } from '../../resources/rates-inventory/overview-days';

const CALENDAR = /^\/properties\/\d+\/rates-and-inventory\/(\d{1,15})\/?$/;

/**
 * Opening a calendar by its address: its 18 months (not for the all-room-types view, which reads a few days of each) start loading with the property,
 * not after it (the page's own query finds the data in the cache under the same key). Rendered
 * beside the property layout by the routes, so the layout knows nothing of rates.
 */
export function RatesPreload() {
  const propertyId = parsePropertyId(useParams().propertyId);
  const prefetch = usePrefetchGql();
  const location = useLocation();
  const roomTypeId = CALENDAR.exec(location.pathname)?.[1];
  // The all-room-types view reads a few days of each room type, not the route's 18 months.
  const search = new URLSearchParams(location.search);
  const overview = search.get('view') === 'all';
  const days = overviewZoom(search.get('days'));
  const from = overviewStart(search.get('from'));
  const client = useQueryClient();
  useEffect(() => {
    if (!roomTypeId || propertyId === null) return;
    if (overview)
      // The room types, then each one's days from the property's today (or the address's day): every
      // block reads them (a closed one for the total row), and finds them in the cache when the
      // property arrives, instead of asking only then.
      void prefetch(RATES_ROOM_TYPES.key(propertyId), RATES_ROOM_TYPES.query, { propertyId }).then(() => {
        const rooms = cachedGql<{ roomTypes: { nodes: { id: string }[] } }>(client, RATES_ROOM_TYPES.key(propertyId));
        for (const r of rooms?.roomTypes.nodes ?? []) {
          const span = ratesSpan(propertyId, r.id, days, from);
          void prefetch(span.key, RATES_DOCS.calendar, span.variables);
        }
      });
    else void prefetch(['rates', propertyId, roomTypeId], RATES_DOCS.calendar, { propertyId, roomTypeId });
  }, [prefetch, client, propertyId, roomTypeId, overview, days, from]);
  return null;
}
