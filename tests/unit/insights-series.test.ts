import { describe, expect, it } from 'vitest';
import { nightOn, nightsOf, type RoomOccupancy } from '../../src/insights/insights-series';

describe('a night of the occupancy chart', () => {
  it("labels the day as the chart's axis shows it and marks weekends", () => {
    const saturday = nightOn('2026-11-28', { roomsToSell: 10, sold: 4, cents: 60_000, stopSell: false });
    expect(saturday).toMatchObject({ day: '2026-11-28', label: '28 Nov', weekend: true, occupancy: 40 });
    expect(nightOn('2026-12-01', { roomsToSell: 10, sold: 4, cents: 0, stopSell: false })).toMatchObject({
      label: '1 Dec',
      weekend: false,
    });
  });

  it('works ADR out of revenue in cents, and leaves it empty when the read has no revenue per night (a group)', () => {
    expect(nightOn('2026-11-30', { roomsToSell: 10, sold: 3, cents: 100_000, stopSell: false })).toMatchObject({
      revenue: 1000,
      adr: 333.33,
    });
    expect(nightOn('2026-11-30', { roomsToSell: 10, sold: 3, cents: 0, stopSell: false })).toMatchObject({ adr: 0 });
    expect(nightOn('2026-11-30', { roomsToSell: 10, sold: 3, cents: null, stopSell: false })).toMatchObject({
      revenue: 0,
      adr: null,
    });
    expect(nightOn('2026-11-30', { roomsToSell: 0, sold: 0, cents: null, stopSell: false }).occupancy).toBeNull();
  });

  it('sums room types night by night, stop-sold only when every one is', () => {
    const room = (id: string, sold: number[], stopSell: boolean[]): RoomOccupancy =>
      ({ roomTypeId: id, roomsToSell: [5, 5], sold, revenue: ['100.10', '0'], stopSell }) as RoomOccupancy;
    const nights = nightsOf([room('1', [1, 2], [true, true]), room('2', [3, 0], [true, false])], '2026-11-29', 'all');
    expect(nights.map((n) => [n.day, n.sold, n.roomsToSell, n.revenue, n.stopSell])).toEqual([
      ['2026-11-29', 4, 10, 200.2, true],
      ['2026-11-30', 2, 10, 0, false],
    ]);
  });
});
