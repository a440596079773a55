import { useMemo, useState } from 'react';
import { Segmented, Select, Table, Typography } from 'antd';
import { INSIGHTS_TEXT, occupancyPercent } from '../../resources/insights/insights';
import { money, shortDate } from '../reservations/reservation-format';
import { nightsOf, withWeekend, type Night, type RoomOccupancy } from './insights-series';
import { OccupancyChart } from './occupancy-chart';

/** Next 90 nights: occupancy per night (bars), ADR (line, right axis), stop-sell nights marked, weekends shaded; a table on request. */
export function OccupancyPanel({ rooms, from, currency }: { rooms: RoomOccupancy[]; from: string; currency: string }) {
  const [which, setWhich] = useState<string>('all');
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const nights = useMemo(() => nightsOf(rooms, from, which), [rooms, from, which]);
  if (!rooms.length) return <Typography.Paragraph>{INSIGHTS_TEXT.noRoomTypes}</Typography.Paragraph>;
  const sold = nights.reduce((t, n) => t + n.sold, 0);
  const toSell = nights.reduce((t, n) => t + n.roomsToSell, 0);
  const revenue = nights.reduce((t, n) => t + Math.round(n.revenue * 100), 0) / 100;
  const summary = `${sold} of ${toSell} room nights sold (${occupancyPercent(sold, toSell) ?? 0} %), ${money(String(revenue), currency)}`;
  return (
    <div className="insights-occupancy">
      <div className="insights-controls">
        <Select
          aria-label="Room type"
          value={which}
          onChange={setWhich}
          style={{ minWidth: 180 }}
          options={[
            { value: 'all', label: INSIGHTS_TEXT.allRoomTypes },
            ...rooms.map((r) => ({ value: r.roomTypeId, label: r.name })),
          ]}
        />
        <Segmented
          aria-label="Show as"
          value={view}
          onChange={(v) => setView(v as 'chart' | 'table')}
          options={[
            { value: 'chart', label: 'Chart' },
            { value: 'table', label: 'Table' },
          ]}
        />
      </div>
      <Typography.Paragraph data-testid="occupancy-summary">{summary}</Typography.Paragraph>
      {view === 'chart' ? <OccupancyChart nights={nights} currency={currency} summary={summary} /> : null}
      {view === 'table' ? <OccupancyTable nights={nights} currency={currency} /> : null}
    </div>
  );
}

function OccupancyTable({ nights, currency }: { nights: Night[]; currency: string }) {
  return (
    <Table<Night>
      size="small"
      rowKey="day"
      pagination={{ pageSize: 14, showSizeChanger: false }}
      scroll={{ x: 'max-content' }}
      dataSource={nights}
      columns={[
        {
          title: 'Night',
          dataIndex: 'day',
          render: (d: string, n) => withWeekend(shortDate(d), n.weekend),
        },
        { title: INSIGHTS_TEXT.roomsToSell, dataIndex: 'roomsToSell', align: 'right' },
        { title: INSIGHTS_TEXT.roomsSold, dataIndex: 'sold', align: 'right' },
        {
          title: INSIGHTS_TEXT.occupancy,
          dataIndex: 'occupancy',
          align: 'right',
          render: (o: number | null) => (o === null ? '—' : `${o} %`),
        },
        {
          title: INSIGHTS_TEXT.adr,
          dataIndex: 'adr',
          align: 'right',
          render: (a: number | null) => (a === null ? '—' : money(String(a), currency)),
        },
        {
          title: INSIGHTS_TEXT.revenuePerNight,
          dataIndex: 'revenue',
          align: 'right',
          render: (r: number) => money(String(r), currency),
        },
        { title: INSIGHTS_TEXT.stopSell, dataIndex: 'stopSell', render: (s: boolean) => (s ? 'Yes' : '') },
      ]}
    />
  );
}
