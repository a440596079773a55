import { Tag, Typography } from 'antd';
import { Panel } from '../../layouts/panel';
import { CheckCircleTwoTone, ExclamationCircleTwoTone } from '@ant-design/icons';
import { Link, useOutletContext } from 'react-router';
import type { PropertyOutletContext } from '../../layouts/property-outlet';
import {
  missingSections,
  readinessLabel,
  stepsFor,
  STATUS_LABELS,
  STATUS_RULES,
  stepsRemaining,
} from '../../../resources/domain';
import { StatusIcon } from '../../properties/status-icon';
import { GoLivePanel } from '../../properties/go-live-panel';
import { useAbility } from '../../access/ability';
import { on } from '../../../abilities/define-ability';
import { factsFromProperty } from '../../../resources/domain';
import { RatesLinks } from '../../rates/rates-links';
import { backToProperties } from '../account/finder-memory';
import { BackLink } from '../../layouts/back-link';
import { useGetIdentity } from '@refinedev/core';
import type { PortalIdentity } from '../../../providers/auth-provider';
import { lazyComponent } from '../../lib/lazy-component';
import { WhenVisible } from '../../lib/when-visible';
import './property-home.css';

/** The figures and their charts come as a chunk of their own, once someone scrolls towards them. */
const PropertyInsights = lazyComponent<{ propertyId: number }>(
  () => import('../../insights/property-insights'),
  'PropertyInsights',
  null,
);

/** The property home: status, what is left before publishing, and the way into each section. */
export function PropertyHomePage() {
  const { property } = useOutletContext<PropertyOutletContext>();
  const ability = useAbility();
  const remaining = stepsRemaining(property.publishable);
  // The statuses Publish runs from (spec §4): only there does the count of steps matter.
  const canBePublished = (STATUS_RULES.publish.from as readonly string[]).includes(property.status);
  const base = `/properties/${property.id}`;
  const { data: user } = useGetIdentity<PortalIdentity>();
  // Back to where this property was picked: the group's page, or the list of properties; a user of one
  // property has nowhere else to go (home brings them straight back here).
  const back = user?.propertyGroupId
    ? { to: `/property-groups/${user.propertyGroupId}`, label: 'Back to group home' }
    : user && (user.isStaff || user.memberships.length > 1)
      ? backToProperties()
      : null;
  return (
    <>
      {back && <BackLink {...back} />}
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        {property.name}
      </Typography.Title>
      <div className="property-home">
        <Panel title="Status">
          <Typography.Paragraph style={{ fontSize: 16 }}>
            <StatusIcon status={property.status} /> {STATUS_LABELS[property.status]}
          </Typography.Paragraph>
          {canBePublished && (
            <Typography.Paragraph>
              <Tag color={remaining ? 'orange' : 'green'}>{readinessLabel(property.publishable)}</Tag>
            </Typography.Paragraph>
          )}
          {canBePublished && remaining > 0 && (
            <Typography.Paragraph data-testid="publish-reason">
              Publishing is offered once every step is complete. Still to do:{' '}
              {missingSections(property.publishable)
                .map((s) => s.label)
                .join(', ')}
              .
            </Typography.Paragraph>
          )}
          <GoLivePanel property={property} />
          {property.suburb && (
            <Typography.Paragraph type="secondary">
              {[property.suburb, property.country].filter(Boolean).join(', ')}
            </Typography.Paragraph>
          )}
          {property.previousPropertyId && ability.can('access', 'PreviousProperty') && (
            <Link to={`/properties/${property.previousPropertyId}`}>Previous property</Link>
          )}
        </Panel>
        <Panel title="Ready to sell">
          <ul className="plain-list">
            {stepsFor(property).map((step) => (
              <li key={step.key} data-step={step.key}>
                {property.publishable[step.key] ? (
                  <CheckCircleTwoTone twoToneColor="#52c41a" aria-hidden />
                ) : (
                  <ExclamationCircleTwoTone twoToneColor="#fa8c16" aria-hidden />
                )}{' '}
                {/* Underlined: a link beside text must not be told apart by colour alone (axe link-in-text-block). */}
                <Link to={`${base}/${step.path}`} style={{ textDecoration: 'underline' }}>
                  {step.label}
                </Link>
                {': '}
                {/* AA contrast on white: antd's success and warning text colours are too light. */}
                <Typography.Text strong style={{ color: property.publishable[step.key] ? '#237804' : '#ad4e00' }}>
                  {property.publishable[step.key] ? 'Complete' : 'Missing'}
                </Typography.Text>
              </li>
            ))}
          </ul>
        </Panel>
        {property.ratesServiceEnabled && (
          <Panel title="Rates and inventory">
            <RatesLinks propertyId={property.id} />
          </Panel>
        )}
        {ability.can('read', on('Reservation', factsFromProperty(property))) && (
          <div className="property-home__across">
            <WhenVisible minHeight={400}>
              <PropertyInsights propertyId={property.id} />
            </WhenVisible>
          </div>
        )}
      </div>
    </>
  );
}
