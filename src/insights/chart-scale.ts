/**
 * The top of a value axis: the smallest round number (1, 1.5, 2, 2.5, 3, 4, 5, 6 or 8 times a power
 * of ten) that is at least `value`, so the line uses most of the height (a highest ADR of 265 reads on
 * an axis up to 300, in quarters of 75). 1 where there is nothing to show.
 */
export function niceMax(value: number): number {
  if (!(value > 0)) return 1;
  const exp = Math.floor(Math.log10(value));
  // Divided below 1, so that 3 tenths is 0.3 and not 0.30000000000000004.
  const round = (m: number) => (exp >= 0 ? m * 10 ** exp : m / 10 ** -exp);
  return [1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10].map(round).find((top) => top >= value - 1e-9)!;
}

/** Whether a step between labels is 1, 2, 2.5 or 5 times a power of ten. */
const roundStep = (step: number) => {
  const m = step / 10 ** Math.floor(Math.log10(step));
  return [1, 2, 2.5, 5, 10].some((r) => Math.abs(m - r) < 1e-9);
};

/** An axis's labels from 0 to `top` in round steps: four where they are round, else five, three or two. */
export function niceSteps(top: number): number[] {
  const count = [4, 5, 3, 2].find((c) => roundStep(top / c)) ?? 4;
  return axisSteps(top, count);
}

/** `count` + 1 evenly spaced values from 0 to `max`, for an axis's labels and grid lines. */
export const axisSteps = (max: number, count = 4) =>
  // To 12 digits, so that a tenth is 0.1 and not 0.09999999999999999.
  Array.from({ length: count + 1 }, (_, i) => Number(((max * i) / count).toPrecision(12)));

/** Which of `n` equal slots across a box `width` wide holds the point `x` from its left edge. */
export const slotAt = (x: number, width: number, n: number) =>
  Math.min(n - 1, Math.max(0, Math.floor((x / Math.max(width, 1)) * n)));

/**
 * An axis for counts (bookings a day): a round top at least `max`, and 0 to it in whole steps (four
 * where they divide it, else five, three, two or one).
 */
export function countAxis(max: number): { top: number; steps: number[] } {
  const top = Math.max(1, Math.ceil(niceMax(max)));
  const count = [4, 5, 3, 2, 1].find((c) => top % c === 0)!;
  return { top, steps: axisSteps(top, count) };
}
