import { useCallback, useEffect, useMemo } from 'react';
import { useGetIdentity } from '@refinedev/core';
import { Spin, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { Navigate } from '../../lib/navigate';
import { Panel } from '../../layouts/panel';
import type { PortalIdentity } from '../../../providers/auth-provider';
import { PROPERTY_DOCS } from '../../../resources/properties/property.documents';
import {
  FINDER_PAGE_SIZE,
  finderQueryFromSearch,
  finderVariables,
  isFiltered,
  searchFromFinderQuery,
  type FinderQuery,
} from '../../../resources/properties/property-finder';
import { useGql } from '../../portal/use-gql';
import { useAbility } from '../../access/ability';
import { on } from '../../../abilities/define-ability';
import { PropertyFinder } from './property-finder';
import { StaffListActions } from './staff-list-actions';
import { RequestWorklists } from './request-worklists';
import { StaffWorklist, StuckSuppliers } from './staff-worklist';
import { rememberFinderSearch } from './finder-memory';
import { BookingMatches, PeopleMatches, searchesBookings, searchesPeople } from './people-matches';
import type { ViewerPropertiesQuery } from '../../generated/graphql-types';

type Listing = ViewerPropertiesQuery;

/**
 * Spec §2 home: a group user goes to the group's single property or to the group page; a user of one
 * property goes straight to it; anyone else (staff, several properties) finds one here (issue 17).
 */
export function HomePage() {
  const { data: user } = useGetIdentity<PortalIdentity>();
  const ability = useAbility();
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => finderQueryFromSearch(params), [params]);
  useEffect(() => rememberFinderSearch(searchFromFinderQuery(query).toString()), [query]);
  const onChange = useCallback(
    (next: FinderQuery) => setParams(searchFromFinderQuery(next), { replace: next.page === query.page }),
    [setParams, query.page],
  );
  const { data, isLoading, isFetching } = useGql<Listing>(
    ['home-properties', query],
    user?.isStaff ? PROPERTY_DOCS.staffProperties : PROPERTY_DOCS.viewerProperties,
    finderVariables(query),
    Boolean(user),
    true,
  );
  const plain = !isFiltered(query) && query.page === 1;
  if (!user || (isLoading && plain)) return <Spin />;
  const list = data?.viewer.properties;
  const groupId = user.propertyGroupId;
  if (plain && list) {
    if (list.pagination.totalCount === 1) return <Navigate to={`/properties/${list.nodes[0].id}`} replace />;
    if (groupId && ability.can('view', on('PropertyGroup', { propertyGroupId: groupId })))
      return <Navigate to={`/property-groups/${groupId}`} replace />;
  }
  const totalCount = list?.pagination.totalCount ?? 0;
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 26 }}>
        Welcome, {user.firstName}
      </Typography.Title>
      {user.isStaff && <StaffWorklist />}
      {user.isStaff && <RequestWorklists />}
      {user.isStaff && query.attention === 'lockedUsers' && <StuckSuppliers />}
      {user.isStaff && searchesPeople(query.search) && <PeopleMatches search={query.search} />}
      {user.isStaff && searchesBookings(query.search) && <BookingMatches search={query.search} />}
      <Panel title={user.isStaff ? 'Properties' : 'Your properties'}>
        <PropertyFinder
          query={query}
          onChange={onChange}
          nodes={list?.nodes}
          totalCount={totalCount}
          loading={isFetching}
          showFilters={user.isStaff || !plain || totalCount > FINDER_PAGE_SIZE}
          actions={user.isStaff && <StaffListActions query={query} />}
        />
      </Panel>
    </>
  );
}
