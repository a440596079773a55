import { useMemo, useState } from 'react';
import { Segmented, Select, Table, Typography } from 'antd';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Line,
  ReferenceArea,
  ResponsiveContainer,
  Scatter,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { INSIGHTS_TEXT, occupancyPercent } from '../../resources/insights/insights';
import { money, shortDate } from '../reservations/reservation-format';
import { nightsOf, weekendSpans, type Night, type RoomOccupancy } from './insights-series';
import { CHART_HEIGHT } from './chart-size';
import { plainTick, useDateTicks } from './chart-ticks';

/** AA contrast on white for the bars and the line; stop-sell nights carry a marker and the table says so, not colour alone. */
const COLORS = { occupancy: '#1d4ed8', adr: '#9a3412', stop: '#b91c1c', weekend: '#f1f5f9' };

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

export function OccupancyChart({ nights, currency, summary }: { nights: Night[]; currency: string; summary: string }) {
  const stops = nights.filter((n) => n.stopSell).map((n) => ({ label: n.label, marker: 100 }));
  const ticks = useDateTicks(nights.map((n) => n.label));
  return (
    <figure className="insights-figure" aria-label={`${INSIGHTS_TEXT.occupancy}: ${summary}`}>
      {/* Series are drawn at once, without recharts' grow animation: it redraws the whole chart every frame, which took a phone's main thread for over a second. */}
      <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
        <ComposedChart data={nights} margin={{ top: 8, right: 0, bottom: 0, left: 0 }} accessibilityLayer>
          <CartesianGrid stroke="#e5e7eb" vertical={false} />
          {weekendSpans(nights).map(([x1, x2]) => (
            <ReferenceArea
              key={x1}
              x1={x1}
              x2={x2}
              yAxisId="pct"
              fill={COLORS.weekend}
              fillOpacity={1}
              ifOverflow="hidden"
            />
          ))}
          <XAxis dataKey="label" ticks={ticks} interval={0} tick={plainTick()} />
          <YAxis yAxisId="pct" domain={[0, 100]} interval={0} tick={plainTick('%')} width={48} />
          <YAxis
            yAxisId="adr"
            orientation="right"
            interval={0}
            tick={plainTick()}
            width={currency ? 56 : 0}
            hide={!currency}
          />
          <Tooltip
            formatter={(value, name) =>
              name === INSIGHTS_TEXT.adr
                ? money(String(value), currency)
                : name === INSIGHTS_TEXT.stopSell
                  ? 'Yes'
                  : `${value} %`
            }
          />
          <Bar
            yAxisId="pct"
            dataKey="occupancy"
            name={INSIGHTS_TEXT.occupancy}
            fill={COLORS.occupancy}
            maxBarSize={12}
            isAnimationActive={false}
          />
          <Line
            yAxisId="adr"
            dataKey="adr"
            name={INSIGHTS_TEXT.adr}
            stroke={COLORS.adr}
            dot={false}
            connectNulls
            strokeWidth={2}
            isAnimationActive={false}
          />
          {/* Only with stop-sell nights: an empty Scatter draws a (blank) point for every night of the chart's own data. */}
          {stops.length > 0 && (
            <Scatter
              yAxisId="pct"
              data={stops}
              dataKey="marker"
              name={INSIGHTS_TEXT.stopSell}
              fill={COLORS.stop}
              shape="cross"
              isAnimationActive={false}
            />
          )}
        </ComposedChart>
      </ResponsiveContainer>
      <figcaption className="insights-legend">
        <span style={{ color: COLORS.occupancy }}>■ {INSIGHTS_TEXT.occupancy}</span>
        {currency && <span style={{ color: COLORS.adr }}>— {INSIGHTS_TEXT.adr}</span>}
        <span style={{ color: COLORS.stop }}>✚ {INSIGHTS_TEXT.stopSell}</span>
        <span>Weekends shaded</span>
      </figcaption>
    </figure>
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
          render: (d: string, n) => `${shortDate(d)}${n.weekend ? ' (weekend)' : ''}`,
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
