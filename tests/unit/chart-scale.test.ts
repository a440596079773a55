import { describe, expect, it } from 'vitest';
import { axisSteps, countAxis, niceMax, niceSteps, slotAt } from '../../src/insights/chart-scale';

describe('chart scale', () => {
  it('tops an axis at a round number at least the highest value', () => {
    expect(niceMax(187)).toBe(200);
    expect(niceMax(200)).toBe(200);
    expect(niceMax(201)).toBe(250);
    expect(niceMax(265)).toBe(300);
    expect(niceMax(301)).toBe(400);
    expect(niceMax(801)).toBe(1000);
    expect(niceMax(12)).toBe(15);
    expect(niceMax(0.3)).toBe(0.3);
    expect(niceMax(0)).toBe(1);
    expect(niceMax(Number.NaN)).toBe(1);
  });

  it('spaces the labels evenly from 0 to the top', () => {
    expect(axisSteps(100)).toEqual([0, 25, 50, 75, 100]);
    expect(axisSteps(250, 5)).toEqual([0, 50, 100, 150, 200, 250]);
  });

  it('finds the night under the pointer, the edges included', () => {
    expect(slotAt(0, 900, 90)).toBe(0);
    expect(slotAt(15, 900, 90)).toBe(1);
    expect(slotAt(899.9, 900, 90)).toBe(89);
    expect(slotAt(950, 900, 90)).toBe(89);
    expect(slotAt(-4, 900, 90)).toBe(0);
  });

  it('counts in whole steps from 0 to a round top', () => {
    expect(countAxis(0)).toEqual({ top: 1, steps: [0, 1] });
    expect(countAxis(3)).toEqual({ top: 3, steps: [0, 1, 2, 3] });
    expect(countAxis(7)).toEqual({ top: 8, steps: [0, 2, 4, 6, 8] });
    expect(countAxis(13)).toEqual({ top: 15, steps: [0, 3, 6, 9, 12, 15] });
    expect(countAxis(0.4)).toEqual({ top: 1, steps: [0, 1] });
  });

  it('labels an axis in round steps', () => {
    expect(niceSteps(100)).toEqual([0, 25, 50, 75, 100]);
    expect(niceSteps(150)).toEqual([0, 50, 100, 150]);
    expect(niceSteps(250)).toEqual([0, 50, 100, 150, 200, 250]);
    expect(niceSteps(300)).toEqual([0, 100, 200, 300]);
    expect(niceSteps(400)).toEqual([0, 100, 200, 300, 400]);
    expect(niceSteps(600)).toEqual([0, 200, 400, 600]);
    expect(niceSteps(0.3)).toEqual([0, 0.1, 0.2, 0.3]);
  });
});
