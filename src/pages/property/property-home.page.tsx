import { Col, Row, Tag, Typography } from 'antd';
import { Panel } from '../../layouts/panel';
import { CheckCircleTwoTone, ExclamationCircleTwoTone } from '@ant-design/icons';
import { Link, useOutletContext } from 'react-router';
import type { PropertyOutletContext } from '../../layouts/property-layout';
import { STATUS_LABELS, stepsRemaining, type Publishable } from '../../../resources/properties/property.documents';
import { StatusIcon } from '../../properties/status-icon';
import { useAbility } from '../../access/ability';

const STEPS: { key: keyof Publishable; label: string; path: string }[] = [
  { key: 'propertyOverview', label: 'Property overview', path: 'details/overview' },
  { key: 'propertyLocation', label: 'Location', path: 'details/location' },
  { key: 'propertyPolicies', label: 'Policies', path: 'details/policies' },
  { key: 'roomTypes', label: 'Room types', path: 'room-types' },
  { key: 'ratePlans', label: 'Rate plans', path: 'rate-plans/overview' },
  { key: 'images', label: 'Images', path: 'images/property' },
  { key: 'reservationsContact', label: 'Reservations contact', path: 'contacts/reservations' },
  { key: 'billingContact', label: 'Billing contact', path: 'contacts/billing' },
];

/** The property home: status, what is left before publishing, and the way into each section. */
export function PropertyHomePage() {
  const { property } = useOutletContext<PropertyOutletContext>();
  const ability = useAbility();
  const remaining = stepsRemaining(property.publishable);
  const base = `/properties/${property.id}`;
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 24 }}>{property.name}</Typography.Title>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={10}>
          <Panel title="Status">
            <Typography.Paragraph style={{ fontSize: 16 }}>
              <StatusIcon status={property.status} /> {STATUS_LABELS[property.status]}
            </Typography.Paragraph>
            {property.status === 'ONBOARDING' && (
              <Typography.Paragraph>
                <Tag color={remaining ? 'orange' : 'green'}>{remaining ? `${remaining} steps remaining` : 'Ready to publish'}</Tag>
              </Typography.Paragraph>
            )}
            {property.suburb && <Typography.Paragraph type="secondary">{[property.suburb, property.country].filter(Boolean).join(', ')}</Typography.Paragraph>}
            {property.previousPropertyId && ability.can('access', 'PreviousProperty') && (
              <Link to={`/properties/${property.previousPropertyId}`}>Previous property</Link>
            )}
          </Panel>
        </Col>
        <Col xs={24} md={14}>
          <Panel title="Ready to sell">
            <ul className="plain-list">
              {STEPS.map((step) => (
                <li key={step.key}>
                  <Link to={`${base}/${step.path}`}>
                    {property.publishable[step.key]
                      ? <CheckCircleTwoTone twoToneColor="#52c41a" aria-label="complete" />
                      : <ExclamationCircleTwoTone twoToneColor="#fa8c16" aria-label="to do" />}{' '}
                    {step.label}
                  </Link>
                </li>
              ))}
            </ul>
          </Panel>
        </Col>
      </Row>
    </>
  );
}
