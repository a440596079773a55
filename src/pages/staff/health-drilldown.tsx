import { App, Button, Card, Table, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { formatDateTime } from '../../../resources/plural';
import { PROPERTY_DOCS } from '../../../resources/properties/property.documents';
import { GqlError } from '../../../providers/graphql-errors';
import { GENERIC_MESSAGES } from '../../../resources/messages';
import { useGql, useGqlMutation } from '../../portal/use-gql';
import type { BookingEmailTroubleQuery, IntakeRefusalsQuery } from '../../generated/graphql-types';

type Email = BookingEmailTroubleQuery['bookingEmailTrouble'][number];

/** Issue 30: the booking emails that failed or wait to retry, each with its booking and a Retry now. */
export function BookingEmailsCard({ enabled }: { enabled: boolean }) {
  const emails = useGql<BookingEmailTroubleQuery>(
    ['booking-email-trouble'],
    PROPERTY_DOCS.bookingEmailTrouble,
    undefined,
    enabled,
  );
  const retry = useGqlMutation<{ retryBookingEmail: { message: string } }, { propertyId: number; id: string }>(
    PROPERTY_DOCS.retryBookingEmail,
    [['booking-email-trouble'], ['api-health']],
  );
  const { message } = App.useApp();
  const send = async (e: Email) => {
    try {
      message.success((await retry.mutateAsync({ propertyId: e.propertyId, id: e.id })).retryBookingEmail.message);
    } catch (error) {
      message.error(error instanceof GqlError ? error.message : GENERIC_MESSAGES.somethingWentWrong);
    }
  };
  return (
    <Card title="Booking emails failed or retrying" style={{ marginTop: 16 }} loading={emails.isLoading}>
      {emails.data && emails.data.bookingEmailTrouble.length === 0 ? (
        <Typography.Paragraph>Every booking email has been sent.</Typography.Paragraph>
      ) : (
        <Table
          rowKey={(e) => `${e.propertyId}:${e.id}`}
          size="small"
          scroll={{ x: true }}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          dataSource={emails.data?.bookingEmailTrouble ?? []}
          columns={[
            {
              title: 'Booking',
              key: 'booking',
              render: (_: unknown, e) => (
                <>
                  <Link to={`/properties/${e.propertyId}/reservations/${encodeURIComponent(e.hotelRef)}`}>
                    {e.hotelRef}
                  </Link>
                  <div>
                    <Typography.Text type="secondary">{e.propertyName}</Typography.Text>
                  </div>
                </>
              ),
            },
            { title: 'To', dataIndex: 'recipient', responsive: ['md'] },
            {
              title: 'State',
              key: 'state',
              render: (_: unknown, e) => (
                <>
                  <Tag color={e.status === 'failed' ? 'red' : 'orange'}>
                    {e.status === 'failed' ? 'Failed' : `Retrying (${e.attempts} tries)`}
                  </Tag>
                  {e.lastError && (
                    <div>
                      <Typography.Text type="secondary">{e.lastError}</Typography.Text>
                    </div>
                  )}
                </>
              ),
            },
            {
              title: <span className="visually-hidden">Actions</span>,
              key: 'retry',
              align: 'right',
              render: (_: unknown, e) => (
                <Button
                  size="small"
                  loading={retry.isPending && retry.variables?.id === e.id}
                  onClick={() => send(e)}
                  aria-label={`Retry now: ${e.hotelRef}`}
                >
                  Retry now
                </Button>
              ),
            },
          ]}
        />
      )}
    </Card>
  );
}

/** Issue 30: the booking intake's kept refusals, by API key, property and correlation id. */
export function IntakeRefusalsCard({ enabled }: { enabled: boolean }) {
  const refusals = useGql<IntakeRefusalsQuery>(['intake-refusals'], PROPERTY_DOCS.intakeRefusals, undefined, enabled);
  return (
    <Card title="Booking intake refusals" style={{ marginTop: 16 }} loading={refusals.isLoading}>
      <Typography.Paragraph type="secondary">
        Bookings a booking system with a good key sent and the intake refused, newest first (the last 1,000).
      </Typography.Paragraph>
      {refusals.data && refusals.data.intakeRefusals.length === 0 ? (
        <Typography.Paragraph>No refusals kept.</Typography.Paragraph>
      ) : (
        <Table
          rowKey="id"
          size="small"
          scroll={{ x: true }}
          pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
          dataSource={refusals.data?.intakeRefusals ?? []}
          columns={[
            { title: 'When', dataIndex: 'at', render: (v: string) => formatDateTime(v) },
            {
              title: 'Property',
              key: 'property',
              render: (_: unknown, r) =>
                r.propertyName ? (
                  <Link to={`/properties/${r.propertyId}`}>{r.propertyName}</Link>
                ) : (
                  (r.propertyId ?? '—')
                ),
            },
            { title: 'Why', dataIndex: 'message' },
            { title: 'Booking', dataIndex: 'bookingRef', responsive: ['md'] },
            { title: 'API key', dataIndex: 'apiKey', responsive: ['lg'] },
            { title: 'Correlation id', dataIndex: 'correlationId', responsive: ['lg'] },
          ]}
        />
      )}
    </Card>
  );
}
