import { Card, Typography } from 'antd';
import { useOutletContext } from 'react-router';
import type { PropertyOutletContext } from '../../layouts/property-layout';
import { SUPPORT } from '../../../resources/support';

/** A section the portal does not manage yet: says so plainly and how to get changes made meanwhile. */
export function SectionPage({ title }: { title: string }) {
  const { property } = useOutletContext<PropertyOutletContext>();
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 24 }}>{title}</Typography.Title>
      <Card>
        <Typography.Paragraph>
          {title} for {property.name} can't be managed in the portal yet.
        </Typography.Paragraph>
        <Typography.Paragraph>
          To make a change now, email <a href={`mailto:${SUPPORT.email}`}>{SUPPORT.email}</a> or call {SUPPORT.phone} ({SUPPORT.hours}).
        </Typography.Paragraph>
      </Card>
    </>
  );
}
