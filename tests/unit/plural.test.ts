import { describe, expect, it } from 'vitest';
import { countOf, formatNumber, plural, wasOrWere } from '../../resources/plural';

describe('counts in words', () => {
  it('agree with their nouns, and write numbers as the locale does', () => {
    expect(countOf(1, 'adult', 'adults')).toBe('1 adult');
    expect(countOf(0, 'child', 'children')).toBe('0 children');
    expect(countOf(2, 'child', 'children')).toBe('2 children');
    expect(countOf(1200, 'cell', 'cells')).toBe('1,200 cells');
    expect(plural(1, 'value', 'values')).toBe('value');
    expect(wasOrWere(1)).toBe('was');
    expect(wasOrWere(3)).toBe('were');
    expect(formatNumber(100000)).toBe('100,000');
  });

  it("answer as Intl's en-AU data does, which they no longer load", () => {
    const numbers = new Intl.NumberFormat('en-AU');
    const rules = new Intl.PluralRules('en-AU');
    const values = [0, 1, -1, 2, 7, 12, 999, 1000, -1000, 1234567, 2 ** 40, 0.5, 1.25, -3.75, 12345.678];
    for (let n = -5000; n <= 5_000_000; n += 4999) values.push(n);
    for (const n of values) {
      expect(formatNumber(n)).toBe(numbers.format(n));
      expect(plural(n, 'one', 'other')).toBe(rules.select(n) === 'one' ? 'one' : 'other');
    }
  });
});

describe('readiness and natural order', () => {
  it('names the steps remaining with the plural helper, and a complete property as ready', async () => {
    const { readinessLabel, PUBLISHABLE_KEYS } = await import('../../resources/domain');
    const all = Object.fromEntries(PUBLISHABLE_KEYS.map((k) => [k, true])) as Record<
      (typeof PUBLISHABLE_KEYS)[number],
      boolean
    >;
    expect(readinessLabel(all)).toBe('Ready to publish');
    expect(readinessLabel({ ...all, images: false })).toBe('1 step remaining');
    expect(readinessLabel({ ...all, images: false, roomTypes: false })).toBe('2 steps remaining');
  });
  it('sorts names with numbers as a person reads them', async () => {
    const { naturalCompare } = await import('../../resources/plural');
    expect(['Rate 10', 'Rate 2', 'rate 1', 'Álpha'].sort(naturalCompare)).toEqual([
      'Álpha',
      'rate 1',
      'Rate 2',
      'Rate 10',
    ]);
  });
});
