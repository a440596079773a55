import { describe, expect, it } from 'vitest';
import { sparklinePoints } from '../../src/insights/group-sparkline';

describe('a group row sparkline', () => {
  it('runs left to right inside its 2 px margin, 0 % at the bottom and 100 % at the top', () => {
    expect(sparklinePoints([0, 50, 100])).toBe('2,26 32,14 62,2');
  });
  it('draws a single night at the left edge', () => {
    expect(sparklinePoints([25])).toBe('2,20');
  });
});
