import { useScreenAtLeast } from '../lib/use-screen';

/** What recharts hands a tick it does not draw itself (the fields used here). */
type TickProps = {
  x?: number | string;
  y?: number | string;
  textAnchor?: 'start' | 'middle' | 'end' | 'inherit';
  verticalAnchor?: 'start' | 'middle' | 'end';
  payload?: { value?: unknown };
  className?: string;
};

/** recharts' own offsets for a tick's text: below the axis (bottom), centred on it (left and right). */
const DY = { start: '0.71em', middle: '0.355em', end: '0' };
const TICK_COLOUR = '#666';

/**
 * An axis tick as one SVG text, where recharts' Text measures each tick's words in the page (a
 * hidden span, a layout each) to wrap them: a tick is one short label, never wrapped, and a
 * 90-night chart's measuring took a phone's main thread for a fifth of a second. `unit` follows the
 * value, as recharts writes it.
 */
export const plainTick =
  (unit = '') =>
  ({ x, y, textAnchor, verticalAnchor = 'start', payload, className }: TickProps) => (
    <text
      x={x}
      y={y}
      dy={DY[verticalAnchor]}
      textAnchor={textAnchor}
      fontSize={12}
      fill={TICK_COLOUR}
      className={className}
    >
      {`${payload?.value ?? ''}${unit}`}
    </text>
  );

/** About as many date labels as fit a wide screen, and a phone's. */
export const DATE_LABELS = { wide: 12, phone: 4 };

/**
 * The dates a date axis labels: every how-manyth, so that about `shown` are, the last far enough
 * from the end that its label is not cut off. A fixed choice, where recharts' "preserveStartEnd"
 * measures every label in the page to make it.
 */
export function dateTicks(labels: string[], shown: number): string[] {
  const step = Math.max(1, Math.ceil(labels.length / shown));
  return labels.filter((_, i) => i % step === 0 && i <= labels.length - 1 - step / 2);
}

/** `dateTicks` for this screen: fewer on a phone. */
export const useDateTicks = (labels: string[]) =>
  dateTicks(labels, useScreenAtLeast('md') ? DATE_LABELS.wide : DATE_LABELS.phone);
