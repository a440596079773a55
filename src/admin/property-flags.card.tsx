import { Card, Spin, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { refreshGql, useGql, useGqlSend } from '../portal/use-gql';
import { FLAG_TEXTS } from '../../resources/feature-flags';
import { PROPERTY_DOCS } from '../../resources/properties/property.documents';
import type { PropertyFlagsQuery } from '../generated/graphql-types';
import { FlagOverridesList } from '../pages/staff/flag-overrides-list';

/**
 * Issue 30: staff target a flag at one property (custom inclusions here before everywhere), with a
 * reason; the property's setting wins over each user's, and the change is in the flag's history.
 */
export function PropertyFlagsCard({ property }: { property: { id: number; name: string } }) {
  const send = useGqlSend();
  const client = useQueryClient();
  const { data, error } = useGql<PropertyFlagsQuery>(['property-flags', property.id], PROPERTY_DOCS.propertyFlags, {
    propertyId: property.id,
  });
  return (
    <Card title={FLAG_TEXTS.propertyFlagsTitle} className="admin-card">
      <Typography.Paragraph type="secondary">{FLAG_TEXTS.propertyFlagsHint}</Typography.Paragraph>
      {error && <Typography.Text type="danger">{error.message}</Typography.Text>}
      {!data && !error && <Spin />}
      {data && (
        <FlagOverridesList
          flags={data.propertyFlags}
          scope={`at ${property.name}`}
          labels={FLAG_TEXTS.propertyOverride}
          save={async (key, enabled, reason) => {
            const done = await send<{ setPropertyFeatureFlag: { message: string } }>(
              PROPERTY_DOCS.setPropertyFeatureFlag,
              { propertyId: property.id, key, enabled, reason },
            );
            // The property's navigation and abilities read its flags (its facts, from the property).
            await refreshGql(client, ['property-flags', property.id], ['flags'], ['property']);
            return done.setPropertyFeatureFlag.message;
          }}
        />
      )}
    </Card>
  );
}
