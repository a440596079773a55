import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIELD_FORMAT_DELAY_MS, financialYear } from '../../resources/timings';
import { createFormatDelay } from '../../src/lib/format-delay';

describe('the financial year (spec §9: 1 July – 30 June)', () => {
  it('turns on 1 July', () => {
    expect(financialYear('2027-06-30')).toEqual({ from: '2026-07-01', to: '2027-06-30' });
    expect(financialYear('2027-07-01')).toEqual({ from: '2027-07-01', to: '2028-06-30' });
    expect(financialYear('2027-01-01')).toMatchObject({ from: '2026-07-01', to: '2027-06-30' });
    expect(financialYear('2027-12-31')).toMatchObject({ from: '2027-07-01', to: '2028-06-30' });
  });
  it('holds a leap day, and counts back a year', () => {
    expect(financialYear('2028-02-29')).toMatchObject({ from: '2027-07-01', to: '2028-06-30' });
    expect(financialYear('2028-02-29', 1)).toMatchObject({ from: '2026-07-01', to: '2027-06-30' });
    expect(financialYear('2099-07-01', 2)).toMatchObject({ from: '2097-07-01', to: '2098-06-30' });
  });
});

describe('the field format delay (spec §9: 16 ms)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('commits once typing pauses for 16 ms, with the last value typed', () => {
    expect(FIELD_FORMAT_DELAY_MS).toBe(16);
    const commit = vi.fn();
    const d = createFormatDelay<number>(commit);
    d.type(1);
    vi.advanceTimersByTime(10);
    d.type(12);
    vi.advanceTimersByTime(10);
    d.type(123);
    vi.advanceTimersByTime(15);
    expect(commit).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(commit.mock.calls).toEqual([[123]]);
  });
  it('commits at once when flushed (blur, Enter), once, and not after a cancel', () => {
    const commit = vi.fn();
    const d = createFormatDelay<number | null>(commit);
    d.type(5);
    expect(d.pending).toBe(true);
    d.flush();
    d.flush();
    vi.advanceTimersByTime(100);
    expect(commit.mock.calls).toEqual([[5]]);
    d.type(null);
    d.cancel();
    vi.advanceTimersByTime(100);
    expect(commit.mock.calls).toEqual([[5]]);
    expect(d.pending).toBe(false);
  });
});

describe('a value waiting to be formatted', () => {
  it('reaches its form before anything acts on a click', async () => {
    const { flushFormatDelays } = await import('../../src/lib/format-delay');
    const commit = vi.fn();
    const d = createFormatDelay<number>(commit);
    d.type(42);
    flushFormatDelays();
    expect(commit.mock.calls).toEqual([[42]]);
    expect(d.pending).toBe(false);
  });
});
