import { INSIGHTS_TEXT } from '../../resources/insights/insights';
import { money } from '../reservations/reservation-format';
import { withWeekend, type Night } from './insights-series';
import { CHART_HEIGHT, SERIES_COLOR } from './chart-size';
import { niceMax, niceSteps } from './chart-scale';
import { DayChart } from './day-chart';

/** AA contrast on white for the bars and the line; stop-sell nights carry a marker and the table says so, not colour alone. */
const COLORS = { occupancy: SERIES_COLOR, adr: '#9a3412', stop: '#b91c1c' };

/** One night in words, as the read-out and a screen reader give it. */
function nightInWords(night: Night, currency: string) {
  return [
    withWeekend(night.label, night.weekend),
    `${INSIGHTS_TEXT.occupancy} ${night.occupancy === null ? '—' : `${night.occupancy} %`}`,
    currency && night.adr !== null ? `${INSIGHTS_TEXT.adr} ${money(String(night.adr), currency)}` : '',
    night.stopSell ? INSIGHTS_TEXT.stopSell : '',
  ]
    .filter(Boolean)
    .join(', ');
}

/**
 * Next 90 nights: occupancy per night (bars), ADR (line, right axis, where there is a currency: a
 * group's nights add up currencies that cannot be added), stop-sell nights marked, weekends shaded.
 */
export function OccupancyChart({ nights, currency, summary }: { nights: Night[]; currency: string; summary: string }) {
  const withAdr = Boolean(currency) && nights.some((x) => x.adr !== null);
  const adrTop = niceMax(Math.max(0, ...nights.map((x) => x.adr ?? 0)));
  // Up to 100 %, or higher where a night sold more rooms than it had to sell (an overbooking).
  const pctTop = Math.max(100, niceMax(Math.max(0, ...nights.map((x) => x.occupancy ?? 0))));
  return (
    <figure className="insights-figure" aria-label={`${INSIGHTS_TEXT.occupancy}: ${summary}`}>
      <DayChart
        days={nights.map((x) => ({ key: x.day, label: x.label, shaded: x.weekend, marked: x.stopSell }))}
        bars={{ values: nights.map((x) => x.occupancy), top: pctTop, color: COLORS.occupancy }}
        line={withAdr ? { values: nights.map((x) => x.adr), top: adrTop, color: COLORS.adr } : undefined}
        left={{ steps: niceSteps(pctTop), unit: '%' }}
        right={withAdr ? { steps: niceSteps(adrTop) } : undefined}
        height={CHART_HEIGHT}
        label={INSIGHTS_TEXT.nights}
        dayInWords={(i) => nightInWords(nights[i], currency)}
        markColor={COLORS.stop}
      />
      <figcaption className="insights-legend">
        <span style={{ color: COLORS.occupancy }}>■ {INSIGHTS_TEXT.occupancy}</span>
        {currency && <span style={{ color: COLORS.adr }}>— {INSIGHTS_TEXT.adr}</span>}
        <span style={{ color: COLORS.stop }}>✚ {INSIGHTS_TEXT.stopSell}</span>
        <span>Weekends shaded</span>
      </figcaption>
    </figure>
  );
}
