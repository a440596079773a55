import { SPARKLINE_DAYS, occupancyPercent } from '../../resources/insights/insights';
import { useGroupInsights } from './group-insights';
import { SERIES_COLOR } from './chart-size';
import './insights.css';

/** The sparkline's box and its inner margin, in px. */
const WIDTH = 64;
const HEIGHT = 28;
const MARGIN = 2;

/** The polyline's points for percentages 0–100: left to right inside the margin, 100 % at the top. */
export function sparklinePoints(pcts: number[]): string {
  const step = (WIDTH - 2 * MARGIN) / Math.max(pcts.length - 1, 1);
  return pcts.map((pct, i) => `${MARGIN + i * step},${MARGIN + ((100 - pct) / 100) * (HEIGHT - 2 * MARGIN)}`).join(' ');
}

/**
 * A property row's occupancy over the next 30 nights, as a small line with its average in words.
 * One SVG polyline (0–100 % bottom to top): a row's few points need no chart library, and five
 * recharts charts with their stores and resize observers took a phone's main thread for most of a
 * second.
 */
export function OccupancySparkline({ propertyGroupId, propertyId }: { propertyGroupId: number; propertyId: number }) {
  const { data } = useGroupInsights(propertyGroupId);
  const p = data?.propertyGroupInsights.properties.find((x) => x.propertyId === propertyId);
  if (!p) return null;
  const pcts = p.sold.slice(0, SPARKLINE_DAYS).map((s, i) => occupancyPercent(s, p.roomsToSell[i]) ?? 0);
  const sold = p.sold.slice(0, SPARKLINE_DAYS).reduce((t, x) => t + x, 0);
  const toSell = p.roomsToSell.slice(0, SPARKLINE_DAYS).reduce((t, x) => t + x, 0);
  const average = occupancyPercent(sold, toSell) ?? 0;
  return (
    <div
      className="insights-sparkline"
      role="img"
      aria-label={`Occupancy, next ${SPARKLINE_DAYS} nights: ${average} %`}
    >
      <svg width={WIDTH} height={HEIGHT} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} aria-hidden>
        <polyline
          points={sparklinePoints(pcts)}
          fill="none"
          stroke={SERIES_COLOR}
          strokeWidth={1.5}
          strokeLinejoin="round"
        />
      </svg>
      <span>{average} %</span>
    </div>
  );
}
