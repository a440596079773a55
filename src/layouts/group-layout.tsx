import { useGetIdentity } from '@refinedev/core';
import { Menu } from 'antd';
import { LazyResult } from '../lib/lazy-result';
import { Link, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import type { PortalIdentity } from '../../providers/auth-provider';
import { useGql } from '../portal/use-gql';
import { ProfileMenu } from './profile-menu';
import { ConfirmEmailBanner } from './confirm-email-banner';
import { UnsupportedBrowserBanner } from './unsupported-browser-banner';
import { SiteFooter } from './public-layout';
import { PortalShell } from './portal-shell';
import { groupQuery, parsePropertyId } from './property-outlet';
import { useLoadingInSlices } from '../lib/loading-in-slices';
import type { PropertyGroupQuery } from '../generated/graphql-types';
import './property-layout.css';

export type GroupOutletContext = { group: PropertyGroupQuery['viewer']['propertyGroup'] };

/** Spec §2: the group layout shows the group's name and the label PROPERTY GROUP; navigation has Home and Users. */
export function GroupLayout() {
  const id = parsePropertyId(useParams().propertyGroupId);
  const { data: user } = useGetIdentity<PortalIdentity>();
  const location = useLocation();
  const navigate = useNavigate();
  const { data, isLoading, isError } = useGql<PropertyGroupQuery>(...groupQuery(id), id !== null);
  // Drawn in slices once the identity and the group are both here, as the property frame is.
  const loading = useLoadingInSlices(isLoading || !user);
  if (id === null || isError)
    return <LazyResult status="404" title="Property group not found" extra={<Link to="/">Go to home</Link>} />;
  if (loading || !data || !user) return <PortalShell />;
  const group = data.viewer.propertyGroup;
  const base = `/property-groups/${group.id}`;
  return (
    <div className="property">
      <header className="property__header">
        <div className="property__title">
          <span className="property__id">PROPERTY GROUP</span>
          <span className="property__name">{group.name}</span>
        </div>
        <div className="property__spacer" />
        <ProfileMenu name={user.name} />
      </header>
      <UnsupportedBrowserBanner />
      {!user.emailVerified && <ConfirmEmailBanner email={user.email} />}
      <Menu
        mode="horizontal"
        selectedKeys={[location.pathname.endsWith('/users') ? 'users' : 'home']}
        aria-label="Group navigation"
        onClick={({ key }) => navigate(key === 'home' ? base : `${base}/users`)}
        items={[
          { key: 'home', label: 'Home' },
          { key: 'users', label: 'Users' },
        ]}
      />
      <main className="property__main" style={{ margin: '0 auto', width: '100%' }}>
        <Outlet context={{ group } satisfies GroupOutletContext} />
      </main>
      <SiteFooter />
    </div>
  );
}
