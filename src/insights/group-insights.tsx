import { Alert, Typography } from 'antd';
import { Line, LineChart, ResponsiveContainer, YAxis } from 'recharts';
import { Panel } from '../layouts/panel';
import { useGql } from '../portal/use-gql';
import { INSIGHTS_DOCS } from '../../resources/insights/insights.documents';
import { INSIGHTS_TEXT, SPARKLINE_DAYS, occupancyPercent } from '../../resources/insights/insights';
import type { GroupInsightsQuery } from '../generated/graphql-types';
import { money } from '../reservations/reservation-format';
import { OccupancyChart } from './occupancy-panel';
import type { Night } from './insights-series';
import './insights.css';

type Figures = GroupInsightsQuery['propertyGroupInsights'];
/** One read for the panel and every row's sparkline (the same query key). */
const useGroupInsights = (propertyGroupId: number) =>
  useGql<GroupInsightsQuery>(['insights', 'group', propertyGroupId], INSIGHTS_DOCS.group, { propertyGroupId });

/** Nights summed over the group's properties, tonight first (each property's own tonight). */
function groupNights(properties: Figures['properties']): Night[] {
  const n = properties[0]?.sold.length ?? 0;
  const start = new Date();
  return Array.from({ length: n }, (_, i) => {
    const day = new Date(start.getTime() + i * 86_400_000);
    const roomsToSell = properties.reduce((t, p) => t + p.roomsToSell[i], 0);
    const sold = properties.reduce((t, p) => t + p.sold[i], 0);
    return {
      day: day.toISOString().slice(0, 10),
      label: day.toLocaleDateString('en-AU', { day: 'numeric', month: 'short' }),
      weekend: day.getDay() === 0 || day.getDay() === 6,
      roomsToSell,
      sold,
      occupancy: occupancyPercent(sold, roomsToSell),
      revenue: 0,
      adr: null,
      stopSell: false,
    };
  });
}

/** The group dashboard's figures: today's counts and the next 90 nights summed; revenue per currency, never added across. */
export function GroupInsights({ propertyGroupId }: { propertyGroupId: number }) {
  const { data, error } = useGroupInsights(propertyGroupId);
  if (error) return <Alert type="error" showIcon message={INSIGHTS_TEXT.couldNotLoad} style={{ marginBottom: 16 }} />;
  const g = data?.propertyGroupInsights;
  const f = g?.figures;
  const nights = g ? groupNights(g.properties) : [];
  const sold = nights.reduce((t, x) => t + x.sold, 0);
  const toSell = nights.reduce((t, x) => t + x.roomsToSell, 0);
  const byCurrency = new Map<string, number>();
  for (const p of g?.properties ?? [])
    byCurrency.set(p.currency, (byCurrency.get(p.currency) ?? 0) + Math.round(Number(p.revenue) * 100));
  const revenue = [...byCurrency].map(([c, cents]) => money(String(cents / 100), c)).join(' · ');
  const summary = `${sold} of ${toSell} room nights sold (${occupancyPercent(sold, toSell) ?? 0} %)${revenue ? `, ${revenue}` : ''}`;
  const figures = [
    [INSIGHTS_TEXT.arrivals, f?.arrivals],
    [INSIGHTS_TEXT.departures, f?.departures],
    [INSIGHTS_TEXT.inHouse, f?.inHouse],
    [INSIGHTS_TEXT.booked24h, f?.bookedLastDay],
    [INSIGHTS_TEXT.cancelled24h, f?.cancelledLastDay],
  ] as const;
  return (
    <div className="insights-group">
      <Panel title={INSIGHTS_TEXT.today}>
        <div className="insights-today">
          {figures.map(([label, value]) => (
            <div key={label} className="insights-figure-link insights-figure-link--plain">
              <span className="insights-number">{value ?? '…'}</span>
              <span>{label}</span>
            </div>
          ))}
        </div>
      </Panel>
      <Panel title={INSIGHTS_TEXT.next90}>
        <Typography.Paragraph data-testid="group-occupancy-summary">{g ? summary : '…'}</Typography.Paragraph>
        {g && <OccupancyChart nights={nights} currency="" summary={summary} />}
        <Typography.Text type="secondary">{INSIGHTS_TEXT.excludesCancelled}</Typography.Text>
      </Panel>
    </div>
  );
}

/** A property row's occupancy over the next 30 nights, as a small line with its average in words. */
export function OccupancySparkline({ propertyGroupId, propertyId }: { propertyGroupId: number; propertyId: number }) {
  const { data } = useGroupInsights(propertyGroupId);
  const p = data?.propertyGroupInsights.properties.find((x) => x.propertyId === propertyId);
  if (!p) return null;
  const points = p.sold
    .slice(0, SPARKLINE_DAYS)
    .map((s, i) => ({ i, pct: occupancyPercent(s, p.roomsToSell[i]) ?? 0 }));
  const sold = p.sold.slice(0, SPARKLINE_DAYS).reduce((t, x) => t + x, 0);
  const toSell = p.roomsToSell.slice(0, SPARKLINE_DAYS).reduce((t, x) => t + x, 0);
  const average = occupancyPercent(sold, toSell) ?? 0;
  return (
    <div
      className="insights-sparkline"
      role="img"
      aria-label={`Occupancy, next ${SPARKLINE_DAYS} nights: ${average} %`}
    >
      <ResponsiveContainer width={64} height={28}>
        <LineChart data={points} margin={{ top: 2, right: 2, bottom: 2, left: 2 }}>
          <YAxis hide domain={[0, 100]} />
          <Line dataKey="pct" stroke="#1d4ed8" dot={false} strokeWidth={1.5} isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
      <span>{average} %</span>
    </div>
  );
}
