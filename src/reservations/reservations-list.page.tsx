import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, DatePicker, Input, Select, Space, Table, Tag, Typography } from 'antd';
import type { TableProps } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { Link, useLocation, useOutletContext, useSearchParams } from 'react-router';
import type { PropertyOutletContext } from '../layouts/property-outlet';
import { RESERVATION_DOCS } from '../../resources/reservations/reservations.documents';
import {
  DATE_FIELDS,
  RESERVATION_MESSAGES,
  RESERVATION_STATES,
  RESERVATIONS_PAGE_SIZES,
  DATE_FIELD_LABELS,
  reservationsCsvName,
  queryFromSearch,
  searchFromQuery,
  type ReservationQuery,
} from '../../resources/reservations/reservations.schema';
import { useGql } from '../portal/use-gql';
import { CsvExportButton } from '../lib/csv-export-button';
import { FINANCIAL_YEAR_PRESETS } from '../lib/financial-year-presets';
import { dayIn, propertyZone } from '../../resources/property-day';
import { formatNumber } from '../../resources/plural';
import {
  FRONT_DESK_VIEWS,
  FRONT_DESK_VIEW_KEYS,
  frontDeskSearch,
  frontDeskViewsOf,
} from '../../resources/reservations/front-desk';

import { useReservationsLive, type ReservationChange } from './use-reservations-live';
import { shortDate, money, paymentLabel, stateLabel, type ReservationRow } from './reservation-format';
import './reservations.css';
import type { ReservationsQuery } from '../generated/graphql-types';
import { BackLink, backToProperty } from '../layouts/back-link';
import { useScreenAtLeast } from '../lib/use-screen';
import { wideColumns } from '../lib/wide-columns';
import { useInSlices } from '../lib/loading-in-slices';
import { showAddress } from '../lib/show-address';
import { PhoneFilters } from '../lib/phone-filters';

type Page = ReservationsQuery['reservations'];
/** A sorted column toggles between the two directions; the list is always sorted by something. */
const TOGGLE: ('ascend' | 'descend')[] = ['ascend', 'descend', 'ascend'];
const LIVE_TEXT = {
  booked: RESERVATION_MESSAGES.received,
  modified: RESERVATION_MESSAGES.modifiedLive,
  cancelled: RESERVATION_MESSAGES.cancelledLive,
};

/** reservations: the property's bookings, filtered and sorted from the URL (a view can be bookmarked), with totals and CSV export. */
export function ReservationsListPage() {
  const { property } = useOutletContext<PropertyOutletContext>();
  const phone = !useScreenAtLeast('md');
  const [address, setSearch] = useSearchParams();
  const { key: visit } = useLocation();
  const today = dayIn(propertyZone(property));
  // The list opens on upcoming arrivals: an address with nothing in it, on arrival, is that view, and
  // the view is written into the address bar (it can be bookmarked, and back returns to it) without a
  // navigation, which would draw the whole page again for nothing (src/lib/show-address.ts). The
  // router's own address stays empty until the user moves: until then an empty address is still the
  // view. After that (the router's address has held a view), an empty address is every reservation.
  // This is kept beside the page rather than as its state: it changes nothing on screen when it
  // turns, and as state it drew the whole list once more.
  const [openedEmpty] = useState(() => !address.toString());
  const caughtUp = useRef(false);
  const arriving = openedEmpty && !caughtUp.current && !address.toString();
  const search = useMemo(
    () => (arriving ? new URLSearchParams(frontDeskSearch('upcoming', today)) : address),
    [arriving, address, today],
  );
  // Again on every visit of the address (the menu's link to this page puts the empty one back in the bar).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the visit is when to run, not what is read
  useEffect(() => {
    if (address.toString()) caughtUp.current = true;
    else if (arriving) showAddress(`?${search}`);
  }, [address, arriving, search, visit]);
  const q = useMemo(() => queryFromSearch(search), [search]);
  const [text, setText] = useState(q.q ?? '');
  const [live, setLive] = useState<string | null>(null);
  const { data, isFetching, isPlaceholderData, error, refetch, rereadQuietly } = useGql<{ reservations: Page }>(
    ['reservations', property.id, q],
    RESERVATION_DOCS.list,
    { propertyId: property.id, query: q },
    true,
    true, // another view or page keeps the last answer's totals and rows on screen while it loads
  );
  // Totals, rows and pages arrive on screen together, drawn in slices.
  const [page, drawing] = useInSlices(data?.reservations);
  // Where the user moves to an address with nothing in it, it says so ('all'): an empty one is still the
  // arrivals view until the router has held another, and the user asked for every reservation.
  const moveTo = (next: URLSearchParams) =>
    setSearch(next.toString() ? next : new URLSearchParams(frontDeskSearch('all', today)));
  const update = (change: Partial<ReservationQuery>) => moveTo(searchFromQuery({ ...q, page: 1, ...change }));

  const onLive = useCallback(
    (e: ReservationChange) => {
      void refetch();
      setLive(LIVE_TEXT[e.kind](e.hotelRef));
    },
    [refetch],
  );
  useReservationsLive(property.id, onLive, rereadQuietly);

  const sorted = (key: ReservationQuery['sort']) =>
    q.sort === key ? (q.direction === 'asc' ? 'ascend' : 'descend') : null;
  // On a phone: the reference with the guest under it, check-in and state; the rest is one tap away.
  const { wide, shown } = wideColumns(phone);
  const columns: TableProps<ReservationRow>['columns'] = shown<
    NonNullable<TableProps<ReservationRow>['columns']>[number]
  >([
    {
      title: phone ? 'Booking' : 'Hotel ref',
      dataIndex: 'hotelRef',
      fixed: phone ? undefined : 'left',
      render: (ref: string, r) => (
        <Link to={ref} state={{ back: `?${search}` }}>
          {ref}
          {phone && <span className="reservations-guest">{r.guestName}</span>}
          {r.overbooked && (
            <Tag color="red" style={{ marginInlineStart: 6 }}>
              Overbooked
            </Tag>
          )}
        </Link>
      ),
    },
    wide({ title: 'Guest', dataIndex: 'guestName' }),
    {
      title: 'Check-in',
      dataIndex: 'checkIn',
      key: 'check_in',
      sorter: true,
      sortDirections: TOGGLE,
      sortOrder: sorted('check_in'),
      render: shortDate,
    },
    wide({
      title: 'Check-out',
      dataIndex: 'checkOut',
      key: 'check_out',
      sorter: true,
      sortDirections: TOGGLE,
      sortOrder: sorted('check_out'),
      render: shortDate,
    }),
    wide({ title: 'Nights', dataIndex: 'nights', align: 'right' }),
    wide({ title: 'Room type', dataIndex: 'roomTypeName', className: 'wrap' }),
    wide({ title: 'Rate plan', dataIndex: 'ratePlanName', className: 'wrap' }),
    wide({ title: 'Total', dataIndex: 'total', align: 'right', render: (t: string, r) => money(t, r.currency) }),
    wide({ title: 'Payment method', dataIndex: 'paymentMethod', className: 'wrap', render: paymentLabel }),
    {
      title: 'State',
      dataIndex: 'state',
      render: (s: string) => <Tag color={s === 'cancelled' ? 'default' : 'green'}>{stateLabel(s)}</Tag>,
    },
    wide({
      title: 'Booked',
      dataIndex: 'bookedAt',
      key: 'created_at',
      sorter: true,
      sortDirections: TOGGLE,
      sortOrder: sorted('created_at'),
      render: shortDate,
    }),
  ]);

  const filtered = Boolean(q.state || q.from || q.to || q.q);
  const views = frontDeskViewsOf(search, today);
  return (
    <>
      <BackLink {...backToProperty(property.id)} />
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        Reservations
      </Typography.Title>
      <nav className="reservations-views no-print" aria-label="Front desk views">
        {FRONT_DESK_VIEW_KEYS.map((v) => {
          const on = views.includes(v);
          return (
            <Link
              key={v}
              to={`?${frontDeskSearch(v, today)}`}
              replace={on}
              className={on ? 'reservations-view reservations-view--on' : 'reservations-view'}
              aria-current={on ? 'true' : undefined}
            >
              {FRONT_DESK_VIEWS[v]}
            </Link>
          );
        })}
      </nav>
      <div className="reservations-filters no-print">
        <Input.Search
          aria-label="Search guest or reference"
          placeholder="Guest or reference"
          allowClear
          maxLength={100}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onSearch={(v) => update({ q: v.trim() || undefined })}
          style={{ width: 240 }}
        />
        <PhoneFilters phone={phone} active={(q.state ? 1 : 0) + (q.from || q.to ? 1 : 0)}>
          <Select
            aria-label="State"
            style={{ width: 150 }}
            value={q.state ?? ''}
            options={[
              { value: '', label: 'All states' },
              ...RESERVATION_STATES.map((s) => ({ value: s, label: stateLabel(s) })),
            ]}
            onChange={(v) => update({ state: (v || undefined) as ReservationQuery['state'] })}
          />
          <Space.Compact>
            <Select
              aria-label="Dates to filter by"
              style={{ width: 130 }}
              value={q.dateField}
              options={DATE_FIELDS.map((f) => ({ value: f, label: DATE_FIELD_LABELS[f] }))}
              onChange={(v) => update({ dateField: v })}
            />
            <DatePicker.RangePicker
              aria-label="Date range"
              format="D MMM YYYY"
              allowEmpty={[true, true]}
              presets={FINANCIAL_YEAR_PRESETS()}
              value={[q.from ? dayjs(q.from) : null, q.to ? dayjs(q.to) : null]}
              onChange={(r) =>
                update({
                  from: r?.[0]?.format('YYYY-MM-DD') ?? undefined,
                  to: r?.[1]?.format('YYYY-MM-DD') ?? undefined,
                })
              }
            />
          </Space.Compact>
        </PhoneFilters>
        {filtered && (
          <Button
            icon={<CloseOutlined />}
            onClick={() => {
              setText('');
              moveTo(searchFromQuery({ sort: q.sort, direction: q.direction, limit: q.limit }));
            }}
          >
            Clear filters
          </Button>
        )}
        <CsvExportButton
          path="/exports/reservations.csv"
          propertyId={property.id}
          search={search}
          filename={reservationsCsvName(property.id, q)}
          noun={['reservation', 'reservations']}
          failMessage="Couldn't export the reservations."
        />
      </div>
      {live && (
        <Alert
          role="status"
          type="info"
          showIcon
          closable
          onClose={() => setLive(null)}
          style={{ marginBottom: 12 }}
          message={live}
        />
      )}
      {error && (
        <Alert role="alert" type="error" showIcon style={{ marginBottom: 12 }} message={(error as Error).message} />
      )}
      {/* The totals hold their place while the first answer loads, so the list under them does not jump. */}
      <dl
        className="reservations-totals"
        aria-label="Totals of the filtered reservations"
        aria-busy={!page || isPlaceholderData || drawing}
      >
        {(
          [
            ['Reservations', page && formatNumber(page.totalCount)],
            ['Room nights', page && formatNumber(page.roomNights)],
            ['Revenue', page && money(page.revenue, page.currencyCode), 'reservations-totals-wait--money'],
          ] as const
        ).map(([label, value, wide]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value ?? <span className={`reservations-totals-wait ${wide ?? ''}`} />}</dd>
          </div>
        ))}
      </dl>
      <p className="reservations-totals-note">Room nights and revenue leave out cancelled bookings.</p>
      <Table<ReservationRow>
        rowKey="hotelRef"
        size="small"
        className="reservations-table"
        loading={isFetching || drawing}
        // A sort's hover tip means nothing to a finger, and each mounts a tooltip's trigger.
        showSorterTooltip={!phone}
        columns={columns}
        dataSource={page?.items ?? []}
        // A phone's three columns fit its width. Scrolling sideways makes the table measure every column
        // and itself in layout effects and resize callbacks, each forcing a layout of the page (≈ 300 ms
        // of a phone's main thread at 4× slowdown), so only the wide table scrolls, with its reference kept in view.
        scroll={phone ? undefined : { x: 'max-content' }}
        // A booking's `children` is a number of guests, not tree rows.
        expandable={{ childrenColumnName: 'subRows' }}
        locale={{ emptyText: filtered ? 'No reservations match these filters.' : 'No reservations yet.' }}
        pagination={{
          current: q.page,
          pageSize: q.limit,
          total: page?.totalCount ?? 0,
          // Not on a phone: its page size stays as the address has it (antd's Select for it, and the
          // size watcher of `responsive`, would set state as they mount: src/lib/phone-filters.tsx).
          showSizeChanger: !phone,
          responsive: false,
          pageSizeOptions: RESERVATIONS_PAGE_SIZES.map(String),
          showTotal: (total, [a, b]) => `${a}–${b} of ${total}`,
        }}
        onChange={(pagination, _filters, sorter, extra) => {
          if (extra.action === 'sort' && !Array.isArray(sorter)) {
            const key = (sorter.columnKey as ReservationQuery['sort'] | undefined) ?? 'check_in';
            update({ sort: sorter.order ? key : 'check_in', direction: sorter.order === 'ascend' ? 'asc' : 'desc' });
          } else if (extra.action === 'paginate') {
            const limit = pagination.pageSize as ReservationQuery['limit'];
            update({ page: limit !== q.limit ? 1 : (pagination.current ?? 1), limit });
          }
        }}
      />
    </>
  );
}
