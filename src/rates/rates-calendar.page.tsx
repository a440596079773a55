import { Segmented, Typography } from 'antd';
import { useOutletContext, useParams, useSearchParams } from 'react-router';
import type { PropertyOutletContext } from '../layouts/property-outlet';
import { BackLink } from '../layouts/back-link';
import { RoomTypeRates } from './room-type-rates';
import { RatesOverview } from './rates-overview';

/** The page's views: one room type's whole calendar, every room type over a few days, or one day of a room type (a phone's; issue 31). */
const VIEWS = [
  { value: 'one', label: 'This room type' },
  { value: 'all', label: 'All room types' },
  { value: 'day', label: 'Day' },
];

/**
 * rates-and-inventory/{roomTypeId}: a room type's rooms, rates and restrictions from today to 18
 * months ahead, edited in place; or, switched on the page (`?view=all`), every room type of the
 * property on one grid with this one's block open.
 */
export function RatesCalendarPage() {
  const { property } = useOutletContext<PropertyOutletContext>();
  const roomTypeId = useParams().roomTypeId!;
  const [params, setParams] = useSearchParams();
  const view = VIEWS.find((v) => v.value === params.get('view'))?.value ?? 'one';
  return (
    <>
      <BackLink to={`/properties/${property.id}/room-types`} label="Back to room types" />
      <div className="rates-page__head">
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          Rates and inventory
        </Typography.Title>
        <Segmented
          aria-label="Rooms shown"
          options={VIEWS}
          value={view}
          onChange={(v) => setParams(v === 'one' ? {} : { view: String(v) }, { replace: true })}
        />
      </div>
      {view === 'all' ? (
        <RatesOverview roomTypeId={roomTypeId} />
      ) : (
        <RoomTypeRates key={roomTypeId} roomTypeId={roomTypeId} layout={view === 'day' ? 'day' : 'grid'} />
      )}
    </>
  );
}
