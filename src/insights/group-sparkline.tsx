import { Line, LineChart, ResponsiveContainer, YAxis } from 'recharts';
import { SPARKLINE_DAYS, occupancyPercent } from '../../resources/insights/insights';
import { useGroupInsights } from './group-insights';
import './insights.css';

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
