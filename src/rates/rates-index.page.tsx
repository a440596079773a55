import { Typography } from 'antd';
import { Link, useOutletContext } from 'react-router';
import type { PropertyOutletContext } from '../layouts/property-outlet';
import { RATES_LOADED_DAYS } from '../../resources/domain';
import { Panel } from '../layouts/panel';
import { RatesLinks } from './rates-links';
import { NotFoundPage } from '../pages/not-found.page';

/** rates-and-inventory: the way into each room type's calendar, where the home's "rates loaded" step leads. */
export function RatesIndexPage() {
  const { property } = useOutletContext<PropertyOutletContext>();
  // The spec's legacy table has no row for this page: with the rates service off there is nothing here.
  if (!property.ratesServiceEnabled) return <NotFoundPage inline />;
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        Rates and inventory
      </Typography.Title>
      <Panel title="Room types">
        <Typography.Paragraph>
          Load rooms to sell and a rate for the next {RATES_LOADED_DAYS} days for every room type: open its calendar,
          and use Bulk update to fill a range of dates at once.
        </Typography.Paragraph>
        <RatesLinks
          propertyId={property.id}
          empty={
            <Link to={`/properties/${property.id}/room-types/create`} style={{ textDecoration: 'underline' }}>
              Add your first room type
            </Link>
          }
        />
      </Panel>
    </>
  );
}
