import { Descriptions, Typography } from 'antd';
import { PublicLayout } from '../../layouts/public-layout';
import { useSupport } from '../../lib/use-support';

/** Spec §1 and §2 /contact-us: the support email, phone and hours. */
export function ContactUsPage() {
  const support = useSupport();
  return (
    <PublicLayout>
      <Typography.Title level={1} style={{ fontSize: 26 }}>
        Contact us
      </Typography.Title>
      <Typography.Paragraph>
        Our extranet support team can help with signing in, your property's content, rates and reservations.
      </Typography.Paragraph>
      <Descriptions column={1} bordered>
        <Descriptions.Item label="Email">
          <a href={`mailto:${support.email}`}>{support.email}</a>
        </Descriptions.Item>
        <Descriptions.Item label="Phone">
          <a href={`tel:${support.phone.replace(/\s/g, '')}`}>{support.phone}</a>
        </Descriptions.Item>
        <Descriptions.Item label="Hours">{support.hours}</Descriptions.Item>
      </Descriptions>
    </PublicLayout>
  );
}
