import { describe, expect, it } from 'vitest';
import { DATE_LABELS, dateTicks } from '../../src/insights/chart-ticks';

const days = (n: number) => Array.from({ length: n }, (_, i) => `day ${i}`);

describe('a date axis labels every how-manyth date (chart-ticks.ts)', () => {
  it('shows about as many labels as asked, from the first date, at a fixed step', () => {
    expect(dateTicks(days(90), DATE_LABELS.phone)).toEqual(['day 0', 'day 23', 'day 46', 'day 69']);
    const wide = dateTicks(days(90), DATE_LABELS.wide);
    expect(wide).toHaveLength(11);
    expect(wide.slice(0, 3)).toEqual(['day 0', 'day 8', 'day 16']);
  });

  it('never labels a date within half a step of the end, where its label would be cut off', () => {
    expect(dateTicks(days(90), DATE_LABELS.wide).at(-1)).toBe('day 80');
    expect(dateTicks(days(30), DATE_LABELS.phone)).toEqual(['day 0', 'day 8', 'day 16', 'day 24']);
    expect(dateTicks(days(31), DATE_LABELS.phone).at(-1)).toBe('day 24');
    expect(dateTicks(days(25), DATE_LABELS.phone)).toEqual(['day 0', 'day 7', 'day 14']);
  });

  it('labels every date when there are fewer than fit, and nothing for no dates', () => {
    expect(dateTicks(days(3), DATE_LABELS.phone)).toEqual(['day 0', 'day 1']);
    expect(dateTicks([], DATE_LABELS.wide)).toEqual([]);
  });
});
