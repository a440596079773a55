import { useState } from 'react';
import { useGetIdentity } from '@refinedev/core';
import { Input, Spin, Typography } from 'antd';
import { Panel } from '../../layouts/panel';
import { Link, Navigate } from 'react-router';
import type { PortalIdentity } from '../../../providers/auth-provider';
import { PROPERTY_DOCS } from '../../../resources/properties/property.documents';
import { STATUS_LABELS, type PropertyStatus } from '../../../resources/domain';
import { useGql } from '../../portal/use-gql';
import { useAbility } from '../../access/ability';
import { on } from '../../../abilities/define-ability';
import { StatusIcon } from '../../properties/status-icon';

type Listing = {
  viewer: {
    properties: {
      nodes: { id: number; name: string; status: PropertyStatus; suburb: string | null }[];
      pagination: { totalCount: number };
    };
  };
};

/**
 * Spec §2 home: a group user goes to the group's single property or to the group page; a user of one
 * property goes straight to it; anyone else (staff, several properties) picks one here.
 */
export function HomePage() {
  const { data: user } = useGetIdentity<PortalIdentity>();
  const ability = useAbility();
  const [search, setSearch] = useState('');
  const { data, isLoading } = useGql<Listing>(['home-properties', search], PROPERTY_DOCS.viewerProperties, {
    search: search || null,
    limit: 20,
    offset: 0,
  });
  if (!user || (isLoading && !search)) return <Spin />;
  const list = data?.viewer.properties;
  const groupId = user.propertyGroupId;
  if (!search && list) {
    if (list.pagination.totalCount === 1) return <Navigate to={`/properties/${list.nodes[0].id}`} replace />;
    if (groupId && ability.can('view', on('PropertyGroup', { propertyGroupId: groupId })))
      return <Navigate to={`/property-groups/${groupId}`} replace />;
  }
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 26 }}>
        Welcome, {user.firstName}
      </Typography.Title>
      <Panel title="Your properties">
        <Input.Search
          placeholder="Search by name or suburb"
          allowClear
          onSearch={setSearch}
          style={{ marginBottom: 16, maxWidth: 420 }}
          aria-label="Search properties"
        />
        {isLoading ? (
          <Spin style={{ display: 'block', margin: '24px auto' }} />
        ) : list?.nodes.length ? (
          <ul className="plain-list">
            {list.nodes.map((p) => (
              <li key={p.id} className="plain-list__meta">
                <StatusIcon status={p.status} />
                <div>
                  <div className="plain-list__title">
                    <Link to={`/properties/${p.id}`}>{p.name}</Link>
                  </div>
                  <div className="plain-list__description">{`${STATUS_LABELS[p.status]}${p.suburb ? ` · ${p.suburb}` : ''}`}</div>
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <Typography.Paragraph type="secondary">
            {search
              ? 'No properties match your search.'
              : 'You have no properties yet. Contact support to be added to one.'}
          </Typography.Paragraph>
        )}
        {list && list.pagination.totalCount > list.nodes.length && (
          <Typography.Paragraph type="secondary">
            Showing {list.nodes.length} of {list.pagination.totalCount}. Search to narrow the list.
          </Typography.Paragraph>
        )}
      </Panel>
    </>
  );
}
