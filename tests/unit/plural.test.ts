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
});
