import { Link } from 'react-router';
import { Card, Table, Tag, Typography } from 'antd';
import { useGql } from '../../portal/use-gql';
import { PROPERTY_DOCS } from '../../../resources/properties/property.documents';
import { CHANNEL_STATE_LABELS, CHANNEL_TEXTS } from '../../../resources/reservations/channel-states';
import { formatDateTime } from '../../../resources/plural';
import type { ChannelStatesQuery } from '../../generated/graphql-types';

/**
 * Issue 30: each booking system (an intake API key) at each property it was active at: whether it
 * is still connected there, its last booking pushed and its last refusal with the reason.
 */
export function ChannelStatesCard({ enabled }: { enabled: boolean }) {
  const states = useGql<ChannelStatesQuery>(['channel-states'], PROPERTY_DOCS.channelStates, undefined, enabled);
  const rows = states.data?.channelStates ?? [];
  return (
    <Card title={CHANNEL_TEXTS.title} style={{ marginTop: 16 }} loading={states.isLoading}>
      {states.data && rows.length === 0 ? (
        <Typography.Paragraph>{CHANNEL_TEXTS.none}</Typography.Paragraph>
      ) : (
        <Table
          rowKey={(r) => `${r.apiKey}:${r.propertyId ?? ''}`}
          size="small"
          scroll={{ x: true }}
          pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
          dataSource={rows}
          columns={[
            { title: 'Booking system', dataIndex: 'apiKey' },
            {
              title: 'Property',
              key: 'property',
              render: (_: unknown, r) =>
                r.propertyId ? (
                  <Link to={`/properties/${r.propertyId}`}>{r.propertyName ?? r.propertyId}</Link>
                ) : (
                  CHANNEL_TEXTS.noProperty
                ),
            },
            {
              title: 'State',
              dataIndex: 'state',
              render: (state: keyof typeof CHANNEL_STATE_LABELS) => (
                <Tag color={state === 'CONNECTED' ? 'green' : 'red'}>{CHANNEL_STATE_LABELS[state]}</Tag>
              ),
            },
            {
              title: 'Last booking',
              dataIndex: 'lastPushAt',
              render: (v: string | null) => (v ? formatDateTime(v) : CHANNEL_TEXTS.never),
            },
            {
              title: 'Last error',
              key: 'error',
              responsive: ['md'],
              render: (_: unknown, r) =>
                r.lastErrorAt ? `${formatDateTime(r.lastErrorAt)}: ${r.lastError ?? ''}` : CHANNEL_TEXTS.never,
            },
          ]}
        />
      )}
    </Card>
  );
}
