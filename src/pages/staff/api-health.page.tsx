import { formatDateTime, formatNumber } from '../../../resources/plural';
import { Button, Card, Descriptions, Table, Tag, Typography } from 'antd';
import { Navigate } from '../../lib/navigate';
import { PROPERTY_DOCS } from '../../../resources/properties/property.documents';
import { useAbility } from '../../access/ability';
import { useGql } from '../../portal/use-gql';
import './api-health.css';
import { FeatureFlagsCard } from './feature-flags-card';
import { BookingEmailsCard, IntakeRefusalsCard } from './health-drilldown';
import { ChannelStatesCard } from './channel-states-card';
import { BackLink } from '../../layouts/back-link';
import type { ApiHealthQuery, FlagEventCountsQuery } from '../../generated/graphql-types';
import { useScreenAtLeast } from '../../lib/use-screen';

type Health = ApiHealthQuery;
type Probe = Health['apiHealth']['database'];

/** How long the server has been up, in the largest two units. */
function uptime(seconds: number): string {
  const parts: [number, string][] = [
    [Math.floor(seconds / 86_400), 'd'],
    [Math.floor(seconds / 3600) % 24, 'h'],
    [Math.floor(seconds / 60) % 60, 'min'],
    [seconds % 60, 's'],
  ];
  const first = parts.findIndex(([n]) => n > 0);
  return parts
    .slice(first < 0 ? 3 : first, (first < 0 ? 3 : first) + 2)
    .map(([n, unit]) => `${n} ${unit}`)
    .join(' ');
}

/** Spec §2: staff only; others go home. The live state of the database, mail and storage, and the feature flags. */
export function ApiHealthPage() {
  const ability = useAbility();
  const allowed = ability.can('access', 'HealthCheck');
  const health = useGql<Health>(['api-health'], PROPERTY_DOCS.apiHealth, undefined, allowed);
  const events = useGql<FlagEventCountsQuery>(['flag-events'], PROPERTY_DOCS.flagEventCounts, { days: 7 }, allowed);
  // Labels above values on a phone: side by side, the values wrap a character per line.
  const phone = !useScreenAtLeast('sm');
  if (!allowed) return <Navigate to="/" replace />;
  const h = health.data?.apiHealth;
  const probe = (p?: Probe) =>
    p && (
      <div className="health-probe">
        <Tag color={p.ok ? 'green' : 'red'}>{p.ok ? 'OK' : 'Failing'}</Tag>
        <span className="health-probe__ms">{p.latencyMs} ms</span>
        <Typography.Text type="secondary" className="health-probe__detail">
          {p.detail}
        </Typography.Text>
      </div>
    );
  return (
    <>
      <BackLink to="/" label="Back to home" />
      <Typography.Title level={1} style={{ fontSize: 26 }}>
        API health check
      </Typography.Title>
      <Card
        title="Services"
        loading={health.isLoading}
        extra={
          <Button onClick={() => health.refetch()} loading={health.isFetching}>
            Check again
          </Button>
        }
      >
        <Descriptions column={1} bordered size="middle" layout={phone ? 'vertical' : 'horizontal'}>
          <Descriptions.Item label="Database">{probe(h?.database)}</Descriptions.Item>
          <Descriptions.Item label="Mail">{probe(h?.mail)}</Descriptions.Item>
          <Descriptions.Item label="Storage">{probe(h?.storage)}</Descriptions.Item>
          <Descriptions.Item label="Booking emails">{probe(h?.bookingEmails)}</Descriptions.Item>
          <Descriptions.Item label="Checked">
            {h && `${formatDateTime(h.checkedAt)} · up ${uptime(h.uptimeSeconds)}`}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <BookingEmailsCard enabled={allowed} />
      <ChannelStatesCard enabled={allowed} />
      <IntakeRefusalsCard enabled={allowed} />
      <FeatureFlagsCard enabled={allowed} />
      <Card title="Flag use, last 7 days" style={{ marginTop: 16 }} loading={events.isLoading}>
        <Typography.Paragraph type="secondary">
          How often the portal acted on each flag's value, counted per day (UTC) from the events browsers send.
        </Typography.Paragraph>
        <Table
          rowKey={(r) => `${r.day}:${r.flag}:${r.value}`}
          size="small"
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          locale={{ emptyText: 'No flag events yet.' }}
          dataSource={events.data?.flagEventCounts ?? []}
          scroll={{ x: true }}
          columns={[
            { title: 'Day', dataIndex: 'day' },
            { title: 'Flag', dataIndex: 'flag' },
            { title: 'Value', dataIndex: 'value', render: (v: boolean) => <Tag>{v ? 'On' : 'Off'}</Tag> },
            { title: 'Evaluations', dataIndex: 'count', align: 'right', render: (n: number) => formatNumber(n) },
          ]}
        />
      </Card>
    </>
  );
}
