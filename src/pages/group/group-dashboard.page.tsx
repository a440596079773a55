import { useState } from 'react';
import { Alert, Card, List, Pagination, Tag, Typography } from 'antd';
import { Link, useOutletContext } from 'react-router';
import type { GroupOutletContext } from '../../layouts/group-layout';
import { PROPERTY_DOCS } from '../../../resources/properties/property.documents';
import { STATUS_LABELS, readinessLabel, stepsRemaining } from '../../../resources/domain';
import { useGql } from '../../portal/use-gql';
import { StatusIcon } from '../../properties/status-icon';
import { GENERIC_MESSAGES } from '../../../resources/messages';
import type { PropertyGroupPageQuery } from '../../generated/graphql-types';
import { GroupInsights } from '../../insights/group-insights';
import { OccupancySparkline } from '../../insights/group-sparkline';
import { useGetIdentity } from '@refinedev/core';
import type { PortalIdentity } from '../../../providers/auth-provider';
import { BackLink } from '../../layouts/back-link';
import { backToProperties } from '../account/finder-memory';
import './group-dashboard.css';

/** Spec §9: the dashboard shows 5 properties a page. */
export const DASHBOARD_PAGE_SIZE = 5;

type Page = PropertyGroupPageQuery;

export function GroupDashboardPage() {
  const { group } = useOutletContext<GroupOutletContext>();
  const [page, setPage] = useState(1);
  const offset = (page - 1) * DASHBOARD_PAGE_SIZE;
  // The page on screen stays while the next one loads (under the list's loading state).
  const { data, isLoading, isFetching, isError } = useGql<Page>(
    ['group-page', group.id, offset],
    PROPERTY_DOCS.propertyGroupPage,
    { propertyGroupId: group.id, limit: DASHBOARD_PAGE_SIZE, offset },
    true,
    true,
  );
  const result = data?.viewer.propertyGroup.properties;
  // Staff came from the finder: back to the search they were on (issue 30).
  const staff = useGetIdentity<PortalIdentity>().data?.isStaff;
  return (
    <>
      {staff && <BackLink {...backToProperties()} />}
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        {group.name}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{group.totalProperties} properties</Typography.Paragraph>
      {isError && (
        <Alert
          type="error"
          showIcon
          message={GENERIC_MESSAGES.somethingWentWrong}
          description="The properties could not be loaded. Try again."
        />
      )}
      <GroupInsights propertyGroupId={group.id} />
      <Card>
        <List
          className="group-properties"
          loading={isLoading || isFetching}
          dataSource={result?.nodes ?? []}
          renderItem={(p) => (
            <List.Item
              extra={
                <div style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
                  <OccupancySparkline propertyGroupId={group.id} propertyId={p.id} />
                  {p.status === 'ONBOARDING' ? (
                    <Tag color={stepsRemaining(p.publishable) ? 'orange' : 'green'}>
                      {readinessLabel(p.publishable)}
                    </Tag>
                  ) : null}
                </div>
              }
            >
              <List.Item.Meta
                avatar={<StatusIcon status={p.status} />}
                title={<Link to={`/properties/${p.id}`}>{p.name}</Link>}
                description={`${STATUS_LABELS[p.status]} · ${[p.suburb, p.country].filter(Boolean).join(', ')}`}
              />
            </List.Item>
          )}
        />
        {result && result.pagination.totalCount > DASHBOARD_PAGE_SIZE && (
          <Pagination
            style={{ marginTop: 16 }}
            current={page}
            pageSize={DASHBOARD_PAGE_SIZE}
            total={result.pagination.totalCount}
            onChange={setPage}
            showSizeChanger={false}
          />
        )}
      </Card>
    </>
  );
}
