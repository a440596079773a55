import { Typography } from 'antd';
import { Link, useOutletContext } from 'react-router';
import { customInclusionResource } from '../../../resources/inclusions/custom-inclusion.resource';
import { INCLUSION_MESSAGES } from '../../../resources/inclusions/inclusion.messages';
import type { PropertyOutletContext } from '../../layouts/property-outlet';
import { resourcePath } from '../resource-paths';
import { useResourceAccess } from '../use-resource-access';
import { RefSelect } from './ref-select';
import type { WidgetProps } from './widget-props';

/** What the picker says with nothing to offer: what custom inclusions are, and where they are added (a link for who may). */
function NoCustomInclusions() {
  const { property } = useOutletContext<PropertyOutletContext>();
  const access = useResourceAccess(customInclusionResource, property);
  return (
    <div style={{ padding: 8, whiteSpace: 'normal' }}>
      <Typography.Paragraph style={{ marginBottom: 4 }}>{INCLUSION_MESSAGES.customEmpty}</Typography.Paragraph>
      {access.open && access.create ? (
        <Link to={resourcePath(customInclusionResource, property.id, 'create')}>{INCLUSION_MESSAGES.customAdd}</Link>
      ) : (
        <Typography.Text type="secondary">{INCLUSION_MESSAGES.customAsk}</Typography.Text>
      )}
    </div>
  );
}

/** A rate plan's custom inclusions: the property's own rows, explained when there are none. */
export function CustomInclusionsWidget({ field, propertyId, ...bound }: WidgetProps<string[]>) {
  return (
    <RefSelect
      field={field}
      propertyId={propertyId}
      placeholder="Choose custom inclusions…"
      notFoundContent={<NoCustomInclusions />}
      {...bound}
    />
  );
}
