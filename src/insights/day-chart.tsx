import { type KeyboardEvent, type PointerEvent, type ReactNode, useState } from 'react';
import { type DATE_LABELS, useDateTicks } from './chart-ticks';
import { slotAt } from './chart-scale';
import './day-chart.css';

/** One day (or night) of a chart: its axis label; shaded (a weekend) and marked (a stop sell) if so. */
export type ChartDay = { key: string; label: string; shaded?: boolean; marked?: boolean };
/** A series over the days: a value per day (null for none), drawn against an axis from 0 to `top`. */
export type DaySeries = { values: (number | null)[]; top: number; color: string };
/** An axis's labelled values from 0 to its series' top. */
export type DayAxis = { steps: number[]; unit?: string };

const COLORS = { shade: '#f1f5f9', grid: '#e5e7eb', base: '#666', shown: '#0f172a14' };
/** The share of a day's width its bar takes. */
const BAR = 0.7;
/** The read-out's width in px: it sits over the day it reads, never past the plot's edges. */
const READOUT = 180;
/** The axes' widths in px. */
const AXIS = { left: 48, right: 56 };
/** Keys that move the day read out, and by how many days (a slider's, as ARIA's pattern has them). */
const STEPS: Record<string, number> = {
  ArrowLeft: -1,
  ArrowDown: -1,
  ArrowRight: 1,
  ArrowUp: 1,
  PageUp: -7,
  PageDown: 7,
};

/** Where a day's middle is across the plot, as a CSS length. */
const across = (i: number, n: number) => `${((i + 0.5) / n) * 100}%`;
/** How far down the plot a value is, in the plot's units (0 at the top, 100 at the bottom). */
const down = (value: number, top: number) => 100 - (value / top) * 100;

/**
 * A chart of days: bars (and a line against a right axis, where given), shaded days, marked days.
 * Plain SVG in a CSS grid, stretched to its box by the browser: nothing is measured, so the server
 * draws it with its page, and the portal takes it over as it stands. (recharts, which drew these
 * before, was 135 kB gzipped, measured its box and labels, and took a fifth of a second of a phone's
 * main thread on the group dashboard.) Pointing at a day, or moving along the days with the arrow
 * keys, Home and End (the plot is a slider over them), reads it out in words (`dayInWords`).
 */
export function DayChart({
  days,
  bars,
  line,
  left,
  right,
  height,
  label,
  dayInWords,
  markColor,
  mark = '✚',
  dateLabels,
}: {
  days: ChartDay[];
  bars: DaySeries;
  line?: DaySeries;
  left: DayAxis;
  /** The line's axis, where there is a line. */
  right?: DayAxis;
  height: number;
  /** What the slider over the days is called. */
  label: string;
  dayInWords: (i: number) => string;
  markColor?: string;
  mark?: ReactNode;
  /** How many dates to label, where the chart is narrower than the page (DATE_LABELS by default). */
  dateLabels?: typeof DATE_LABELS;
}) {
  const [chosen, setShown] = useState<number | null>(null);
  // The day read out, within the days there are now (they may have changed since it was chosen).
  const shown = chosen === null || days.length === 0 ? null : Math.min(chosen, days.length - 1);
  const n = Math.max(days.length, 1);
  const ticks = new Set(
    useDateTicks(
      days.map((d) => d.label),
      dateLabels,
    ),
  );
  const linePoints = line?.values.flatMap((v, i) => (v === null ? [] : [`${i + 0.5},${down(v, line.top)}`])).join(' ');
  const point = (e: PointerEvent<HTMLDivElement>) => {
    if (!days.length) return;
    const box = e.currentTarget.getBoundingClientRect();
    setShown(slotAt(e.clientX - box.left, box.width, days.length));
  };
  const step = (e: KeyboardEvent<HTMLDivElement>) => {
    const last = days.length - 1;
    const to = e.key === 'Home' ? 0 : e.key === 'End' ? last : e.key in STEPS ? (shown ?? 0) + STEPS[e.key] : null;
    if (to === null) return;
    e.preventDefault();
    setShown(Math.min(last, Math.max(0, to)));
  };
  const axis = (side: 'left' | 'right', { steps, unit = '' }: DayAxis, top: number) => (
    <div className={`day-chart-axis day-chart-axis--${side}`} aria-hidden>
      {steps.map((v) => (
        <span key={v} style={{ top: `${down(v, top)}%` }}>{`${v}${unit}`}</span>
      ))}
    </div>
  );
  const plot = (
    <>
      <svg viewBox={`0 0 ${n} 100`} preserveAspectRatio="none" width="100%" height="100%" aria-hidden>
        {days.map((d, i) =>
          d.shaded ? (
            <rect key={d.key} x={i} y={0} width={1} height={100} fill={COLORS.shade} shapeRendering="crispEdges" />
          ) : null,
        )}
        {shown !== null && <rect x={shown} y={0} width={1} height={100} fill={COLORS.shown} />}
        {left.steps.map((v) => (
          <line
            key={v}
            x1={0}
            x2={n}
            y1={down(v, bars.top)}
            y2={down(v, bars.top)}
            stroke={v === 0 ? COLORS.base : COLORS.grid}
            vectorEffect="non-scaling-stroke"
          />
        ))}
        {bars.values.map((v, i) =>
          v ? (
            <rect
              key={days[i].key}
              x={i + (1 - BAR) / 2}
              y={down(v, bars.top)}
              width={BAR}
              height={(v / bars.top) * 100}
              fill={bars.color}
            />
          ) : null,
        )}
        {line && linePoints && (
          <polyline
            points={linePoints}
            fill="none"
            stroke={line.color}
            strokeWidth={2}
            strokeLinejoin="round"
            vectorEffect="non-scaling-stroke"
          />
        )}
      </svg>
      {days.map((d, i) =>
        d.marked ? (
          <span key={d.key} className="day-chart-mark" style={{ left: across(i, n), color: markColor }} aria-hidden>
            {mark}
          </span>
        ) : null,
      )}
      {shown !== null && (
        <div
          className="day-chart-readout"
          style={{
            left: `clamp(0px, calc(${across(shown, n)} - ${READOUT / 2}px), max(0px, calc(100% - ${READOUT}px)))`,
            width: `min(${READOUT}px, 100%)`,
          }}
          aria-hidden
        >
          {dayInWords(shown)}
        </div>
      )}
    </>
  );
  return (
    <div
      className="day-chart"
      style={{ height, gridTemplateColumns: `${AXIS.left}px minmax(0, 1fr) ${right ? AXIS.right : 0}px` }}
    >
      {axis('left', left, bars.top)}
      {days.length > 0 ? (
        <div
          className="day-chart-plot"
          role="slider"
          tabIndex={0}
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={days.length - 1}
          aria-valuenow={shown ?? 0}
          aria-valuetext={dayInWords(shown ?? 0)}
          onPointerMove={point}
          onPointerDown={point}
          onPointerLeave={(e) => {
            if (document.activeElement !== e.currentTarget) setShown(null);
          }}
          onFocus={() => setShown((s) => s ?? 0)}
          onBlur={() => setShown(null)}
          onKeyDown={step}
        >
          {plot}
        </div>
      ) : (
        // A group without properties has no days: the axes and grid, and nothing to move along.
        <div className="day-chart-plot">{plot}</div>
      )}
      {right && line ? axis('right', right, line.top) : null}
      <div className="day-chart-dates" aria-hidden>
        {days.map((d, i) =>
          ticks.has(d.label) ? (
            <span key={d.key} style={{ left: across(i, n) }}>
              {d.label}
            </span>
          ) : null,
        )}
      </div>
    </div>
  );
}
