import { Typography } from 'antd';
import { Panel } from '../../layouts/panel';
import { useOutletContext } from 'react-router';
import type { PropertyOutletContext } from '../../layouts/property-outlet';
import type { GroupOutletContext } from '../../layouts/group-layout';
import { useSupport } from '../../lib/use-support';
import { BackLink, backToProperty } from '../../layouts/back-link';

/** A section the portal does not manage yet, in a property or a group layout: says so plainly and how to get changes made meanwhile. */
export function SectionPage({ title }: { title: string }) {
  const outlet = useOutletContext<Partial<PropertyOutletContext & GroupOutletContext>>();
  const owner = outlet.property ?? outlet.group;
  const support = useSupport();
  return (
    <>
      {outlet.property ? (
        <BackLink {...backToProperty(outlet.property.id)} />
      ) : (
        outlet.group && <BackLink to={`/property-groups/${outlet.group.id}`} label="Back to group home" />
      )}
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        {title}
      </Typography.Title>
      <Panel>
        <Typography.Paragraph>
          {title} for {owner?.name} can't be managed in the portal yet.
        </Typography.Paragraph>
        <Typography.Paragraph>
          To make a change now, email <a href={`mailto:${support.email}`}>{support.email}</a> or call {support.phone} (
          {support.hours}).
        </Typography.Paragraph>
      </Panel>
    </>
  );
}
