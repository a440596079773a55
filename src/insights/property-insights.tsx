import { useCallback, useState } from 'react';
import { Alert, Col, DatePicker, Row, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { Panel } from '../layouts/panel';
import { useGql } from '../portal/use-gql';
import { INSIGHTS_DOCS } from '../../resources/insights/insights.documents';
import { INSIGHTS_TEXT, daysFrom } from '../../resources/insights/insights';
import { financialYear } from '../../resources/timings';
import { searchFromQuery, type ReservationQuery } from '../../resources/reservations/reservations.schema';
import type {
  InsightsOccupancyQuery,
  InsightsPickupQuery,
  InsightsRevenueQuery,
  InsightsTodayQuery,
} from '../generated/graphql-types';
import { money, paymentLabel } from '../reservations/reservation-format';
import { useReservationsLive } from '../reservations/use-reservations-live';
import { FINANCIAL_YEAR_PRESETS } from '../lib/financial-year-presets';
import { OccupancyPanel } from './occupancy-panel';
import { DayChart } from './day-chart';
import { SERIES_COLOR } from './chart-size';
import { plural } from '../../resources/plural';
import { countAxis } from './chart-scale';
import './insights.css';

/**
 * The property home's figures (issue 34): today, the next 90 nights, pickup and revenue. Each
 * panel reads its own query and fails on its own; a booking received, changed or cancelled
 * refreshes them all. Loaded as a chunk of its own, as the home's figures near the screen.
 */
export function PropertyInsights({ propertyId }: { propertyId: number }) {
  const today = useGql<InsightsTodayQuery>(['insights', propertyId, 'today'], INSIGHTS_DOCS.today, { propertyId });
  const occupancy = useGql<InsightsOccupancyQuery>(['insights', propertyId, 'occupancy'], INSIGHTS_DOCS.occupancy, {
    propertyId,
  });
  const pickup = useGql<InsightsPickupQuery>(['insights', propertyId, 'pickup'], INSIGHTS_DOCS.pickup, { propertyId });
  const refresh = useCallback(() => {
    void today.rereadQuietly();
    void occupancy.rereadQuietly();
    void pickup.rereadQuietly();
  }, [today.rereadQuietly, occupancy.rereadQuietly, pickup.rereadQuietly]);
  useReservationsLive(propertyId, refresh, refresh);
  const scope = today.data?.propertyInsights ?? occupancy.data?.propertyInsights;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24}>
        <Panel title={INSIGHTS_TEXT.today}>
          {today.error ? (
            <Alert type="error" showIcon message={INSIGHTS_TEXT.couldNotLoad} />
          ) : (
            <TodayFigures propertyId={propertyId} data={today.data?.propertyInsights} />
          )}
        </Panel>
      </Col>
      <Col xs={24}>
        <Panel title={INSIGHTS_TEXT.next90}>
          {occupancy.error ? (
            <Alert type="error" showIcon message={INSIGHTS_TEXT.couldNotLoad} />
          ) : occupancy.data ? (
            <OccupancyPanel
              rooms={occupancy.data.propertyInsights.occupancy}
              from={occupancy.data.propertyInsights.day}
              currency={occupancy.data.propertyInsights.currency}
            />
          ) : (
            <div className="insights-placeholder" />
          )}
          <Typography.Text type="secondary">{INSIGHTS_TEXT.excludesCancelled}</Typography.Text>
        </Panel>
      </Col>
      <Col xs={24} lg={12}>
        <Panel title={INSIGHTS_TEXT.pickup}>
          {pickup.error ? (
            <Alert type="error" showIcon message={INSIGHTS_TEXT.couldNotLoad} />
          ) : (
            <Pickup data={pickup.data?.propertyInsights} />
          )}
        </Panel>
      </Col>
      <Col xs={24} lg={12}>
        <Panel title={INSIGHTS_TEXT.revenue}>
          {scope && <Revenue propertyId={propertyId} day={scope.day} currency={scope.currency} />}
        </Panel>
      </Col>
    </Row>
  );
}

const listLink = (propertyId: number, q: Partial<ReservationQuery>) =>
  `/properties/${propertyId}/reservations?${searchFromQuery({ state: 'reserved', ...q })}`;

function TodayFigures({ propertyId, data }: { propertyId: number; data?: InsightsTodayQuery['propertyInsights'] }) {
  const f = data?.figures;
  const day = data?.day ?? '';
  const linked = [
    {
      label: INSIGHTS_TEXT.arrivals,
      value: f?.arrivals,
      to: listLink(propertyId, { dateField: 'check_in', from: day, to: day }),
    },
    {
      label: INSIGHTS_TEXT.departures,
      value: f?.departures,
      to: listLink(propertyId, { dateField: 'check_out', from: day, to: day }),
    },
    {
      label: INSIGHTS_TEXT.inHouse,
      value: f?.inHouse,
      to: listLink(propertyId, { dateField: 'stay', from: day, to: day }),
    },
  ];
  return (
    <div className="insights-today">
      {linked.map((x) => (
        <Link key={x.label} to={x.to} className="insights-figure-link" aria-label={`${x.label}: ${x.value ?? '…'}`}>
          <span className="insights-number">{x.value ?? '…'}</span>
          <span>{x.label}</span>
        </Link>
      ))}
      <div className="insights-figure-link insights-figure-link--plain">
        <span className="insights-number">{f?.bookedLastDay ?? '…'}</span>
        <span>{INSIGHTS_TEXT.booked24h}</span>
      </div>
      <div className="insights-figure-link insights-figure-link--plain">
        <span className="insights-number">{f?.cancelledLastDay ?? '…'}</span>
        <span>{INSIGHTS_TEXT.cancelled24h}</span>
      </div>
    </div>
  );
}

/** Bookings made on each of the last days (30, as the read gives them), labelled by date. */
function pickupSeries(data: InsightsPickupQuery['propertyInsights']) {
  const n = data.pickup.bookedPerDay.length;
  const days = daysFrom(
    dayjs(data.day)
      .subtract(n - 1, 'day')
      .format('YYYY-MM-DD'),
    n,
  );
  return data.pickup.bookedPerDay.map((n, i) => ({ day: days[i], label: dayjs(days[i]).format('D MMM'), bookings: n }));
}

/** The pickup chart's height in px, and its date labels: it has half the page's width on a wide screen. */
const PICKUP_HEIGHT = 160;
const PICKUP_DATES = { wide: 5, phone: 4 };

function Pickup({ data }: { data?: InsightsPickupQuery['propertyInsights'] }) {
  if (!data) return <div className="insights-placeholder" />;
  const series = pickupSeries(data);
  const total = series.reduce((t, x) => t + x.bookings, 0);
  const counts = countAxis(Math.max(0, ...series.map((x) => x.bookings)));
  return (
    <>
      <Typography.Paragraph>
        {INSIGHTS_TEXT.bookedPerDay}: {total}
      </Typography.Paragraph>
      <figure className="insights-figure" aria-label={`${INSIGHTS_TEXT.bookedPerDay}: ${total} in all`}>
        <DayChart
          days={series.map((x) => ({ key: x.day, label: x.label }))}
          bars={{ values: series.map((x) => x.bookings), top: counts.top, color: SERIES_COLOR }}
          left={{ steps: counts.steps }}
          height={PICKUP_HEIGHT}
          dateLabels={PICKUP_DATES}
          label={INSIGHTS_TEXT.bookedPerDay}
          dayInWords={(i) =>
            `${series[i].label}: ${series[i].bookings} ${plural(series[i].bookings, 'booking', 'bookings')}`
          }
        />
      </figure>
      <Table
        size="small"
        rowKey="month"
        pagination={false}
        dataSource={data.pickup.months}
        columns={[
          { title: 'Month', dataIndex: 'month', render: (m: string) => dayjs(`${m}-01`).format('MMMM YYYY') },
          {
            title: INSIGHTS_TEXT.onTheBooks,
            dataIndex: 'revenue',
            align: 'right',
            render: (r: string) => money(r, data.currency),
          },
          {
            title: INSIGHTS_TEXT.lastYear,
            dataIndex: 'lastYear',
            align: 'right',
            render: (r: string | null) => (r === null ? '—' : money(r, data.currency)),
          },
        ]}
      />
    </>
  );
}

function Revenue({ propertyId, day, currency }: { propertyId: number; day: string; currency: string }) {
  const [period, setPeriod] = useState(() => financialYear(day));
  const { data, error } = useGql<InsightsRevenueQuery>(
    ['insights', propertyId, 'revenue', period.from, period.to],
    INSIGHTS_DOCS.revenue,
    { propertyId, ...period },
    true,
    true,
  );
  const rev = data?.propertyInsights.revenue;
  const lines = (
    rows: { key: string; label: string; nights: number; revenue: string }[],
    label: (l: string) => string,
  ) => (
    <Table
      size="small"
      rowKey="key"
      pagination={false}
      loading={!rev}
      // antd's grey placeholder text is below AA contrast on white.
      locale={{ emptyText: <span style={{ color: 'rgba(0, 0, 0, 0.65)' }}>{INSIGHTS_TEXT.noRevenue}</span> }}
      dataSource={rows}
      columns={[
        { title: 'Name', dataIndex: 'label', render: label },
        { title: INSIGHTS_TEXT.nights, dataIndex: 'nights', align: 'right' },
        {
          title: INSIGHTS_TEXT.revenue,
          dataIndex: 'revenue',
          align: 'right',
          render: (r: string) => money(r, currency),
        },
      ]}
    />
  );
  return (
    <>
      <DatePicker.RangePicker
        aria-label={INSIGHTS_TEXT.period}
        format="D MMM YYYY"
        allowClear={false}
        presets={FINANCIAL_YEAR_PRESETS()}
        value={[dayjs(period.from), dayjs(period.to)]}
        onChange={(r) => {
          if (r?.[0] && r[1]) setPeriod({ from: r[0].format('YYYY-MM-DD'), to: r[1].format('YYYY-MM-DD') });
        }}
        style={{ marginBottom: 12, maxWidth: '100%' }}
      />
      {error ? (
        <Alert type="error" showIcon message={error.message || INSIGHTS_TEXT.couldNotLoad} />
      ) : (
        <>
          <Typography.Title level={3} style={{ fontSize: 15 }}>
            {INSIGHTS_TEXT.byRatePlan}
          </Typography.Title>
          {lines(rev?.byRatePlan ?? [], (l) => l)}
          <Typography.Title level={3} style={{ fontSize: 15, marginTop: 16 }}>
            {INSIGHTS_TEXT.byPaymentMethod}
          </Typography.Title>
          {lines(rev?.byPaymentMethod ?? [], paymentLabel)}
        </>
      )}
    </>
  );
}
