import { useState, type KeyboardEvent, type PointerEvent } from 'react';
import { INSIGHTS_TEXT } from '../../resources/insights/insights';
import { money } from '../reservations/reservation-format';
import type { Night } from './insights-series';
import { CHART_HEIGHT } from './chart-size';
import { useDateTicks } from './chart-ticks';
import { axisSteps, niceMax, slotAt } from './chart-scale';
import './occupancy-chart.css';

/** AA contrast on white for the bars and the line; stop-sell nights carry a marker and the table says so, not colour alone. */
const COLORS = {
  occupancy: '#1d4ed8',
  adr: '#9a3412',
  stop: '#b91c1c',
  weekend: '#f1f5f9',
  grid: '#e5e7eb',
  now: '#0f172a14',
};
const PERCENTS = axisSteps(100);
/** The share of a night's width its bar takes. */
const BAR = 0.7;
/** The read-out's width in px: it sits over the night it reads, never past the plot's edges. */
const READOUT = 180;
/** Keys that move the night read out, and by how many nights. */
const STEPS: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, PageUp: -7, PageDown: 7 };

/** One night in words, as the read-out and a screen reader give it. */
function nightInWords(night: Night, currency: string) {
  return [
    `${night.label}${night.weekend ? ' (weekend)' : ''}`,
    `${INSIGHTS_TEXT.occupancy} ${night.occupancy === null ? '—' : `${night.occupancy} %`}`,
    currency && night.adr !== null ? `${INSIGHTS_TEXT.adr} ${money(String(night.adr), currency)}` : '',
    night.stopSell ? INSIGHTS_TEXT.stopSell : '',
  ]
    .filter(Boolean)
    .join(', ');
}

/** Where a night's middle is across the plot, as a CSS length. */
const across = (i: number, n: number) => `${((i + 0.5) / n) * 100}%`;

/**
 * Next 90 nights: occupancy per night (bars), ADR (line, right axis, where there is a currency),
 * stop-sell nights marked, weekends shaded. Plain SVG in a grid of its own, stretched to its box by
 * CSS: it needs no measuring, so the server draws it with the page and it is on screen before the
 * portal's code. A chart library and its store were 135 kB gzipped and a fifth of a second of a
 * phone's main thread on the group dashboard. Pointing at a night or moving along the nights with
 * the arrow keys (the plot is a slider over them) reads it out.
 */
export function OccupancyChart({ nights, currency, summary }: { nights: Night[]; currency: string; summary: string }) {
  const [shown, setShown] = useState<number | null>(null);
  const n = Math.max(nights.length, 1);
  const ticks = new Set(useDateTicks(nights.map((x) => x.label)));
  const adrTop = niceMax(Math.max(0, ...nights.map((x) => x.adr ?? 0)));
  const withAdr = Boolean(currency) && nights.some((x) => x.adr !== null);
  const height = (pct: number) => 100 - pct;
  const adrLine = nights
    .flatMap((x, i) => (x.adr === null ? [] : [`${i + 0.5},${height((x.adr / adrTop) * 100)}`]))
    .join(' ');
  const point = (e: PointerEvent<HTMLDivElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    setShown(slotAt(e.clientX - box.left, box.width, nights.length));
  };
  const step = (e: KeyboardEvent<HTMLDivElement>) => {
    const last = nights.length - 1;
    const to = e.key === 'Home' ? 0 : e.key === 'End' ? last : e.key in STEPS ? (shown ?? 0) + STEPS[e.key] : null;
    if (to === null) return;
    e.preventDefault();
    setShown(Math.min(last, Math.max(0, to)));
  };
  const now = shown === null ? null : nights[shown];
  return (
    <figure className="insights-figure" aria-label={`${INSIGHTS_TEXT.occupancy}: ${summary}`}>
      <div
        className="occupancy-chart"
        style={{ height: CHART_HEIGHT, gridTemplateColumns: `48px minmax(0, 1fr) ${currency ? 56 : 0}px` }}
      >
        <div className="occupancy-chart-axis occupancy-chart-axis--left" aria-hidden>
          {PERCENTS.map((v) => (
            <span key={v} style={{ top: `${height(v)}%` }}>{`${v}%`}</span>
          ))}
        </div>
        <div
          className="occupancy-chart-plot"
          role="slider"
          tabIndex={0}
          aria-label={INSIGHTS_TEXT.nights}
          aria-valuemin={0}
          aria-valuemax={nights.length - 1}
          aria-valuenow={shown ?? 0}
          aria-valuetext={nights.length ? nightInWords(nights[shown ?? 0], currency) : ''}
          onPointerMove={point}
          onPointerDown={point}
          onPointerLeave={(e) => {
            if (document.activeElement !== e.currentTarget) setShown(null);
          }}
          onFocus={() => setShown((s) => s ?? 0)}
          onBlur={() => setShown(null)}
          onKeyDown={step}
        >
          <svg viewBox={`0 0 ${n} 100`} preserveAspectRatio="none" width="100%" height="100%" aria-hidden>
            {nights.map((x, i) =>
              x.weekend ? (
                <rect
                  key={x.day}
                  x={i}
                  y={0}
                  width={1}
                  height={100}
                  fill={COLORS.weekend}
                  shapeRendering="crispEdges"
                />
              ) : null,
            )}
            {shown !== null && <rect x={shown} y={0} width={1} height={100} fill={COLORS.now} />}
            {PERCENTS.map((v) => (
              <line
                key={v}
                x1={0}
                x2={n}
                y1={height(v)}
                y2={height(v)}
                stroke={v === 0 ? '#666' : COLORS.grid}
                vectorEffect="non-scaling-stroke"
              />
            ))}
            {nights.map((x, i) =>
              x.occupancy ? (
                <rect
                  key={x.day}
                  x={i + (1 - BAR) / 2}
                  y={height(x.occupancy)}
                  width={BAR}
                  height={x.occupancy}
                  fill={COLORS.occupancy}
                />
              ) : null,
            )}
            {withAdr && (
              <polyline
                points={adrLine}
                fill="none"
                stroke={COLORS.adr}
                strokeWidth={2}
                strokeLinejoin="round"
                vectorEffect="non-scaling-stroke"
              />
            )}
          </svg>
          {nights.map((x, i) =>
            x.stopSell ? (
              <span
                key={x.day}
                className="occupancy-chart-stop"
                style={{ left: across(i, n), color: COLORS.stop }}
                aria-hidden
              >
                ✚
              </span>
            ) : null,
          )}
          {now && shown !== null && (
            <div
              className="occupancy-chart-readout"
              style={{
                left: `clamp(0px, calc(${across(shown, n)} - ${READOUT / 2}px), calc(100% - ${READOUT}px))`,
                width: READOUT,
              }}
              aria-hidden
            >
              {nightInWords(now, currency)}
            </div>
          )}
        </div>
        <div className="occupancy-chart-axis occupancy-chart-axis--right" aria-hidden>
          {withAdr &&
            axisSteps(adrTop).map((v) => (
              <span key={v} style={{ top: `${height((v / adrTop) * 100)}%` }}>
                {v}
              </span>
            ))}
        </div>
        <div className="occupancy-chart-dates" aria-hidden>
          {nights.map((x, i) =>
            ticks.has(x.label) ? (
              <span key={x.day} style={{ left: across(i, n) }}>
                {x.label}
              </span>
            ) : null,
          )}
        </div>
      </div>
      <figcaption className="insights-legend">
        <span style={{ color: COLORS.occupancy }}>■ {INSIGHTS_TEXT.occupancy}</span>
        {currency && <span style={{ color: COLORS.adr }}>— {INSIGHTS_TEXT.adr}</span>}
        <span style={{ color: COLORS.stop }}>✚ {INSIGHTS_TEXT.stopSell}</span>
        <span>Weekends shaded</span>
      </figcaption>
    </figure>
  );
}
