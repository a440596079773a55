import { useEffect, useState } from 'react';
import { useGetIdentity } from '@refinedev/core';
import { Badge, Button, Drawer, Menu } from 'antd';
import { LazyResult } from '../lib/lazy-result';
import { LeftOutlined, MenuOutlined } from '@ant-design/icons';
import { Link, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import type { PortalIdentity } from '../../providers/auth-provider';
import type { ManagedProperty } from '../../resources/properties/property.documents';
import { Can, useAbility } from '../access/ability';
import { useGql } from '../portal/use-gql';
import { useLoadingInSlices } from '../lib/loading-in-slices';
import { useScreenAtLeast } from '../lib/use-screen';
import { GqlError } from '../../providers/graphql-request';
import { NotFoundPage } from '../pages/not-found.page';
import { groupQuery, parsePropertyId, propertyQuery, type PropertyOutletContext } from './property-outlet';
import type { PropertyGroupQuery } from '../generated/graphql-types';
import { StatusIcon } from '../properties/status-icon';
import { StatusMenu } from '../properties/status-menu';
import { ArchivedBanner } from '../properties/archived-banner';
import { ConfirmEmailBanner } from './confirm-email-banner';
import { ProfileMenu } from './profile-menu';
import { useOpenedOnce } from '../lib/opened-once';
import { propertyNav } from './property-nav';
import { UnsupportedBrowserBanner } from './unsupported-browser-banner';
import { SiteFooter } from './public-layout';
import { PortalShell } from './portal-shell';
import { GENERIC_MESSAGES } from '../../resources/messages';
import './property-layout.css';
import { rememberProperty } from '../switcher/recent-properties';

export function PropertyLayout() {
  const id = parsePropertyId(useParams().propertyId);
  if (id === null) {
    return (
      <LazyResult
        status="error"
        title="That isn't a valid property ID."
        subTitle="A property ID is a whole number of at least 1."
        extra={<Link to="/">Go to home</Link>}
      />
    );
  }
  return <PropertyFrame id={id} />;
}

function PropertyFrame({ id }: { id: number }) {
  const { data: user } = useGetIdentity<PortalIdentity>();
  const ability = useAbility();
  const wide = useScreenAtLeast('md');
  const [navOpen, setNavOpen] = useState(false);
  const navOpened = useOpenedOnce(navOpen);
  const location = useLocation();
  const navigate = useNavigate();
  const { data, isLoading, isError, error, refetch } = useGql<{ viewer: { property: ManagedProperty } }>(
    ...propertyQuery(id),
  );
  const property = data?.viewer.property;
  // The switcher's recent properties (issue 30): every property opened, newest first.
  useEffect(() => {
    if (property) rememberProperty({ id: property.id, name: property.name });
  }, [property]);

  // The frame and its page are drawn in slices once the identity and the property are both here.
  const loading = useLoadingInSlices(isLoading || !user);
  if (loading || !user) return <PortalShell />;
  // A property that does not exist and one that is not the user's answer alike (the API says NOT_FOUND to both).
  // Still the load-failure overlay of spec §8, with the not-found text in it.
  if (error instanceof GqlError && error.code === 'NOT_FOUND')
    return (
      <div className="property__overlay" role="alert">
        <NotFoundPage inline />
      </div>
    );
  if (isError || !property) {
    return (
      <div className="property__overlay" role="alert">
        <LazyResult
          status="error"
          title={GENERIC_MESSAGES.somethingWentWrong}
          subTitle="We couldn't load this property. Refresh the page or try again."
          extra={[
            <Button key="retry" type="primary" onClick={() => refetch()}>
              {GENERIC_MESSAGES.tryAgain}
            </Button>,
            <Link key="home" to="/">
              Go to home
            </Link>,
          ]}
        />
      </div>
    );
  }

  const items = propertyNav(property, ability);
  const selected = items
    .filter(
      (i) =>
        location.pathname === i.path ||
        (i.key !== 'home' && location.pathname.startsWith(`/properties/${id}/${i.key}`)),
    )
    .map((i) => i.key);
  const nav = (
    <Menu
      mode="inline"
      selectedKeys={selected}
      onClick={({ key }) => {
        navigate(items.find((i) => i.key === key)!.path);
        setNavOpen(false);
      }}
      items={items.map((i) => ({
        key: i.key,
        label: i.badge ? (
          <span>
            {i.label} <Badge count={i.badge} color="#f2a541" style={{ color: '#1f1f1f' }} />
          </span>
        ) : (
          i.label
        ),
      }))}
      aria-label="Property navigation"
    />
  );

  return (
    <div className="property">
      <header className="property__header">
        {!wide && (
          <Button
            type="text"
            icon={<MenuOutlined />}
            aria-label="Open navigation"
            aria-expanded={navOpen}
            onClick={() => setNavOpen(true)}
            style={{ color: '#fff' }}
          />
        )}
        <GroupBackLink groupId={property.propertyGroupId ?? null} user={user} />
        <div className="property__title">
          <span className="property__name">{property.name}</span>
          <span className="property__id">ID {property.id}</span>
        </div>
        <span className="property__status">
          <StatusIcon status={property.status} />
        </span>
        <div className="property__spacer" />
        <Can I="update" a="PropertyStatus">
          <StatusMenu property={property} />
        </Can>
        <ProfileMenu name={user.name} />
      </header>
      <UnsupportedBrowserBanner />
      {property.status === 'ARCHIVED' && (
        <Can I="update" a="PropertyStatus">
          <ArchivedBanner property={property} />
        </Can>
      )}
      {!user.emailVerified && <ConfirmEmailBanner email={user.email} />}
      <div className="property__body">
        {wide ? (
          <nav className="property__sider">{nav}</nav>
        ) : (
          navOpened && (
            <Drawer open={navOpen} onClose={() => setNavOpen(false)} placement="left" width={260} title="Navigation">
              {nav}
            </Drawer>
          )
        )}
        <main className="property__main">
          <Outlet context={{ property } satisfies PropertyOutletContext} />
        </main>
      </div>
      <SiteFooter />
    </div>
  );
}

/**
 * Back to the property's group, when the user works in one with more than one property. Its own
 * component, so the group's answer redraws the link and not the frame and page around it.
 */
function GroupBackLink({ groupId, user }: { groupId: number | null; user: PortalIdentity }) {
  const group = useGql<PropertyGroupQuery>(
    ...groupQuery(groupId),
    groupId !== null && Boolean(user.propertyGroupId || user.isStaff),
  );
  const info = group.data?.viewer.propertyGroup;
  if (!info || info.totalProperties <= 1) return null;
  return (
    <Link to={`/property-groups/${info.id}`} className="property__back" aria-label={`Back to ${info.name}`}>
      <LeftOutlined />
    </Link>
  );
}
