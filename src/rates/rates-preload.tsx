import { useEffect } from 'react';
import { useLocation, useParams } from 'react-router';
import { usePrefetchGql } from '../portal/use-gql';
import { RATES_DOCS } from '../../resources/rates-inventory/rates-inventory.documents';
import { RatesCalendarPage } from '../portal/lazy-pages';
import { parsePropertyId } from '../layouts/property-outlet';
import { RATES_ROOM_TYPES } from './rates-links';

const CALENDAR = /^\/properties\/\d+\/rates-and-inventory\/(\d{1,15})\/?$/;

/**
 * Opening a calendar by its address: its chunk and its 18 months (not for the all-room-types view, which reads a few days of each) start loading with the property,
 * not after it (the page's own query finds the data in the cache under the same key). Rendered
 * beside the property layout by the routes, so the layout knows nothing of rates.
 */
export function RatesPreload() {
  const propertyId = parsePropertyId(useParams().propertyId);
  const prefetch = usePrefetchGql();
  const location = useLocation();
  const roomTypeId = CALENDAR.exec(location.pathname)?.[1];
  // The all-room-types view reads a few days of each room type, not the route's 18 months.
  const overview = new URLSearchParams(location.search).get('view') === 'all';
  useEffect(() => {
    if (!roomTypeId || propertyId === null) return;
    void RatesCalendarPage.preload();
    if (overview) void prefetch(RATES_ROOM_TYPES.key(propertyId), RATES_ROOM_TYPES.query, { propertyId });
    else void prefetch(['rates', propertyId, roomTypeId], RATES_DOCS.calendar, { propertyId, roomTypeId });
  }, [prefetch, propertyId, roomTypeId, overview]);
  return null;
}
