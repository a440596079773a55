import { Card, Form, List, Tag, Typography, type FormInstance } from 'antd';
import { Link } from 'react-router';
import { useGql } from '../../portal/use-gql';
import { ratePlanResource } from '../../../resources/rate-plans/rate-plan.resource';
import { resourceDocuments } from '../../../resources/resource.documents';
import {
  CANCELLATION_TEXTS,
  cancellationTiers,
  describeCancellation,
  sameCancellation,
  type CancellationTier,
} from '../../../resources/rate-plans/cancellation-terms';
import { resourcePath } from '../../resources/resource-paths';

type Plan = { id: string; name: string; cancellationPolicy: CancellationTier[] | null };

/**
 * Beside Policies (issue 25): each rate plan on sale now with its cancellation terms in the rate plan
 * form's words, marked where they differ from the standard terms being edited, so the property's
 * policy and its plans cannot contradict each other unnoticed.
 */
export function RatePlanCancellations({ propertyId, form }: { propertyId: number; form: FormInstance }) {
  const tiers = cancellationTiers().safeParse(Form.useWatch('cancellationTiers', form));
  const standard = tiers.success && Array.isArray(tiers.data) ? tiers.data : null;
  const { data, isLoading, isError } = useGql<{ ratePlans: { nodes: Plan[] } }>(
    ['rate-plans', propertyId, 'cancellation'],
    resourceDocuments(ratePlanResource).list,
    { input: { propertyId, filter: { visibility: ['CURRENT'] }, sort: 'NAME_ASC' }, limit: 100, offset: 0 },
  );
  // Someone who may not read the rate plans sees the policy alone.
  if (isError) return null;
  return (
    <Card title={CANCELLATION_TEXTS.plansTitle} style={{ marginTop: 16 }}>
      <Typography.Paragraph type="secondary">
        {standard ? CANCELLATION_TEXTS.plansHelp : CANCELLATION_TEXTS.plansCompare}
      </Typography.Paragraph>
      <List
        loading={isLoading}
        dataSource={data?.ratePlans.nodes ?? []}
        locale={{ emptyText: CANCELLATION_TEXTS.noPlans }}
        renderItem={(plan) => {
          const terms = plan.cancellationPolicy ?? [];
          const differs = standard !== null && !sameCancellation(standard, terms);
          return (
            <List.Item extra={differs && <Tag color="warning">{CANCELLATION_TEXTS.differs}</Tag>}>
              <List.Item.Meta
                title={<Link to={resourcePath(ratePlanResource, propertyId, 'edit', plan.id)}>{plan.name}</Link>}
                description={describeCancellation(terms)}
              />
            </List.Item>
          );
        }}
      />
    </Card>
  );
}
