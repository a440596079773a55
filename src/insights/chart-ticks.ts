import { useScreenAtLeast } from '../lib/use-screen';

/** About as many date labels as fit a wide screen, and a phone's. */
export const DATE_LABELS = { wide: 12, phone: 4 };

/**
 * The dates a date axis labels: every how-manyth, so that about `shown` are, the last far enough
 * from the end that its label is not cut off. A fixed choice: nothing is measured in the page.
 */
export function dateTicks(labels: string[], shown: number): string[] {
  const step = Math.max(1, Math.ceil(labels.length / shown));
  return labels.filter((_, i) => i % step === 0 && i <= labels.length - 1 - step / 2);
}

/** `dateTicks` for this screen: fewer on a phone (`shown`: for a chart narrower than the page's width). */
export const useDateTicks = (labels: string[], shown = DATE_LABELS) =>
  dateTicks(labels, useScreenAtLeast('md') ? shown.wide : shown.phone);
