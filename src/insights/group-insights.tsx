import { useMemo } from 'react';
import { Alert, Typography } from 'antd';
import dayjs from 'dayjs';
import { Panel } from '../layouts/panel';
import { useGql } from '../portal/use-gql';
import { INSIGHTS_DOCS } from '../../resources/insights/insights.documents';
import { INSIGHTS_TEXT, daysFrom, occupancyPercent } from '../../resources/insights/insights';
import type { GroupInsightsQuery } from '../generated/graphql-types';
import { money } from '../reservations/reservation-format';
import { CHART_HEIGHT } from './chart-size';
import { OccupancyChart } from './occupancy-chart';
import { nightOn, type Night } from './insights-series';
import './insights.css';

/** The chart's place while the figures load, so the dashboard's properties below do not jump when they arrive. */
const chartPlace = (
  <div className="insights-figure" aria-hidden>
    <div style={{ height: CHART_HEIGHT }} />
    <div className="insights-legend">&nbsp;</div>
  </div>
);

type Figures = GroupInsightsQuery['propertyGroupInsights'];
/** One read for the panel and every row's sparkline (the same query key). */
export const useGroupInsights = (propertyGroupId: number) =>
  useGql<GroupInsightsQuery>(['insights', 'group', propertyGroupId], INSIGHTS_DOCS.group, { propertyGroupId });

/** Nights summed over the group's properties, tonight first (each property's own tonight). */
function groupNights(properties: Figures['properties']): Night[] {
  const n = properties[0]?.sold.length ?? 0;
  return daysFrom(dayjs().format('YYYY-MM-DD'), n).map((day, i) =>
    nightOn(day, {
      roomsToSell: properties.reduce((t, p) => t + p.roomsToSell[i], 0),
      sold: properties.reduce((t, p) => t + p.sold[i], 0),
      cents: null,
      stopSell: false,
    }),
  );
}

/** The group dashboard's figures: today's counts and the next 90 nights summed; revenue per currency, never added across. */
export function GroupInsights({ propertyGroupId }: { propertyGroupId: number }) {
  const { data, error } = useGroupInsights(propertyGroupId);
  const g = data?.propertyGroupInsights;
  // Worked out once per answer, not on each of the dashboard's renders.
  const nights = useMemo(() => (g ? groupNights(g.properties) : []), [g]);
  if (error) return <Alert type="error" showIcon message={INSIGHTS_TEXT.couldNotLoad} style={{ marginBottom: 16 }} />;
  const f = g?.figures;
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
        {g ? <OccupancyChart nights={nights} currency="" summary={summary} /> : chartPlace}
        <Typography.Text type="secondary">{INSIGHTS_TEXT.excludesCancelled}</Typography.Text>
      </Panel>
    </div>
  );
}
