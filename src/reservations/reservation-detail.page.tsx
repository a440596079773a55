import { countOf } from '../../resources/plural';
import { Alert, Button, Descriptions, Spin, Table, Tag, Timeline, Typography } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { BackLink } from '../layouts/back-link';
import { useLocation, useOutletContext, useParams } from 'react-router';
import type { PropertyOutletContext } from '../layouts/property-outlet';
import { RESERVATION_DOCS } from '../../resources/reservations/reservations.documents';
import { GqlError } from '../../providers/graphql-request';
import { useGql } from '../portal/use-gql';
import { NotFoundPage } from '../pages/not-found.page';
import { dateTime, longDate, money, paymentLabel, stateLabel } from './reservation-format';
import './reservations.css';
import type { ReservationQuery } from '../generated/graphql-types';

type Detail = ReservationQuery['reservation'];

const FIELD_LABELS: Record<string, string> = {
  guest_name: 'Guest',
  adults: 'Adults',
  children: 'Children',
  room_type_name: 'Room type',
  rate_plan_name: 'Rate plan',
  check_in: 'Check-in',
  check_out: 'Check-out',
  total: 'Total',
  payment_method: 'Payment method',
  special_requests: 'Special requests',
  guest_email: 'Guest email',
  guest_phone: 'Guest phone',
  card_masked: 'Card',
  card_expiry: 'Card expiry',
  vcc_activation_date: 'Card activation date',
  vcc_amount: 'Card amount',
};
const EVENT_LABELS: Record<string, string> = { booked: 'Booked', modified: 'Modified', cancelled: 'Cancelled' };

/** reservations/{hotelRef}: everything about one booking and its history, printable. The booking system owns it: nothing here edits it. */
export function ReservationDetailPage() {
  const { property } = useOutletContext<PropertyOutletContext>();
  const hotelRef = useParams().hotelRef!;
  const back = (useLocation().state as { back?: string } | null)?.back ?? '';
  const { data, isLoading, error } = useGql<{ reservation: Detail }>(
    ['reservation', property.id, hotelRef],
    RESERVATION_DOCS.detail,
    {
      propertyId: property.id,
      hotelRef,
    },
  );
  if (isLoading) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  const r = data?.reservation;
  if (!r) {
    if (error instanceof GqlError && error.code === 'NOT_FOUND') return <NotFoundPage inline />;
    return (
      <Alert
        role="alert"
        type="error"
        showIcon
        message={error instanceof Error ? error.message : 'Something went wrong.'}
      />
    );
  }
  const value = (v: string | null | undefined) => v || '—';
  return (
    <div className="reservation-detail">
      <div className="no-print" style={{ display: 'flex', justifyContent: 'space-between', gap: 8, flexWrap: 'wrap' }}>
        <BackLink to={`/properties/${property.id}/reservations${back}`} label="Back to reservations" />
        <Button icon={<PrinterOutlined />} onClick={() => window.print()}>
          Print
        </Button>
      </div>
      <Typography.Title level={1} style={{ fontSize: 24, marginTop: 12 }}>
        Reservation {r.hotelRef}{' '}
        <Tag color={r.state === 'cancelled' ? 'default' : 'green'} style={{ verticalAlign: 'middle' }}>
          {stateLabel(r.state)}
        </Tag>
        {r.overbooked && (
          <Tag color="red" style={{ verticalAlign: 'middle' }}>
            Overbooked
          </Tag>
        )}
      </Typography.Title>
      {r.overbooked && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message="This booking takes more rooms than were left to sell on some nights. Check your rooms to sell and contact the guest if needed."
        />
      )}
      <Descriptions title="Stay" bordered size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
        <Descriptions.Item label="Check-in">{longDate(r.checkIn)}</Descriptions.Item>
        <Descriptions.Item label="Check-out">{longDate(r.checkOut)}</Descriptions.Item>
        <Descriptions.Item label="Nights">{r.nights}</Descriptions.Item>
        <Descriptions.Item label="Room type">{r.roomTypeName}</Descriptions.Item>
        <Descriptions.Item label="Rate plan">{r.ratePlanName}</Descriptions.Item>
        <Descriptions.Item label="Guests">
          {countOf(r.adults, 'adult', 'adults')}, {countOf(r.children, 'child', 'children')}
        </Descriptions.Item>
        <Descriptions.Item label="Special requests" span={3}>
          {value(r.specialRequests)}
        </Descriptions.Item>
      </Descriptions>
      <Descriptions title="Guest" bordered size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
        <Descriptions.Item label="Name">{r.guestName}</Descriptions.Item>
        {r.guestContactShown ? (
          <>
            <Descriptions.Item label="Email">
              {r.guestEmail ? <a href={`mailto:${r.guestEmail}`}>{r.guestEmail}</a> : '—'}
            </Descriptions.Item>
            <Descriptions.Item label="Phone">
              {r.guestPhone ? <a href={`tel:${r.guestPhone.replace(/\s/g, '')}`}>{r.guestPhone}</a> : '—'}
            </Descriptions.Item>
          </>
        ) : (
          <Descriptions.Item label="Contact details">Shown to editors and admins of this property.</Descriptions.Item>
        )}
      </Descriptions>
      <Descriptions title="Payment" bordered size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
        <Descriptions.Item label="Total">{money(r.total, r.currency)}</Descriptions.Item>
        <Descriptions.Item label="Payment method">{paymentLabel(r.paymentMethod)}</Descriptions.Item>
        {r.card && (
          <>
            <Descriptions.Item label="Virtual card">{r.card.masked}</Descriptions.Item>
            <Descriptions.Item label="Expiry">{value(r.card.expiry)}</Descriptions.Item>
            <Descriptions.Item label="Can be charged from">{longDate(r.card.activationDate)}</Descriptions.Item>
            <Descriptions.Item label="Amount to charge">
              {r.card.amount ? money(r.card.amount, r.currency) : '—'}
            </Descriptions.Item>
          </>
        )}
        {!r.cardShown && (r.paymentMethod === 'vcc' || r.paymentMethod === 'finance_generated_vcc') && (
          <Descriptions.Item label="Virtual card">Shown to admins of this property.</Descriptions.Item>
        )}
      </Descriptions>
      <Descriptions title="Booking" bordered size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
        <Descriptions.Item label="Hotel reference">{r.hotelRef}</Descriptions.Item>
        <Descriptions.Item label="Booking reference">{r.bookingRef}</Descriptions.Item>
        <Descriptions.Item label="Booked">{dateTime(r.bookedAt)}</Descriptions.Item>
        {r.modifiedAt && <Descriptions.Item label="Last modified">{dateTime(r.modifiedAt)}</Descriptions.Item>}
        {r.cancelledAt && <Descriptions.Item label="Cancelled">{dateTime(r.cancelledAt)}</Descriptions.Item>}
      </Descriptions>
      <Typography.Title level={2} style={{ fontSize: 16 }}>
        History
      </Typography.Title>
      <Timeline
        items={r.history.map((e) => ({
          color: e.kind === 'cancelled' ? 'red' : e.kind === 'modified' ? 'blue' : 'green',
          children: (
            <>
              <strong>{EVENT_LABELS[e.kind] ?? e.kind}</strong> {dateTime(e.at)}
              {e.changes.length > 0 && (
                <ul style={{ margin: '4px 0 0', paddingInlineStart: 18 }}>
                  {e.changes.map((c) => (
                    <li key={c.field}>
                      {FIELD_LABELS[c.field] ?? c.field}
                      {c.before !== null || c.after !== null ? `: ${value(c.before)} → ${value(c.after)}` : ' changed'}
                    </li>
                  ))}
                </ul>
              )}
            </>
          ),
        }))}
      />
      {r.emails && r.emails.length === 0 && (
        <>
          <Typography.Title level={2} style={{ fontSize: 16 }}>
            Booking emails
          </Typography.Title>
          <p>None: the reservations contact has not asked for booking emails.</p>
        </>
      )}
      {r.emails && r.emails.length > 0 && (
        <>
          <Typography.Title level={2} style={{ fontSize: 16 }}>
            Booking emails
          </Typography.Title>
          <Table
            size="small"
            rowKey={(e) => `${e.kind}-${e.recipient}-${e.sentAt}`}
            pagination={false}
            scroll={{ x: 600 }}
            dataSource={r.emails}
            columns={[
              { title: 'Email', dataIndex: 'kind', render: (k: string) => EVENT_LABELS[k] ?? k },
              { title: 'To', dataIndex: 'recipient' },
              {
                title: 'Status',
                dataIndex: 'status',
                render: (s: string) => (
                  <Tag color={s === 'sent' ? 'green' : s === 'failed' ? 'red' : 'gold'}>
                    {s === 'pending' ? 'Waiting to retry' : s === 'sent' ? 'Sent' : 'Failed'}
                  </Tag>
                ),
              },
              { title: 'Attempts', dataIndex: 'attempts' },
              { title: 'Sent', dataIndex: 'sentAt', render: dateTime },
              { title: 'Last error', dataIndex: 'lastError', render: value },
            ]}
          />
        </>
      )}
    </div>
  );
}
