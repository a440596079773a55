import dayjs from 'dayjs';
import type { InsightsOccupancyQuery } from '../generated/graphql-types';
import { daysFrom, occupancyPercent } from '../../resources/insights/insights';

export type RoomOccupancy = InsightsOccupancyQuery['propertyInsights']['occupancy'][number];

/** One night of the chart: occupancy %, ADR and revenue (numbers for the axes), and what the table shows. */
export type Night = {
  day: string;
  label: string;
  weekend: boolean;
  roomsToSell: number;
  sold: number;
  occupancy: number | null;
  revenue: number;
  adr: number | null;
  stopSell: boolean;
};

/** One night as the chart and its table show it; `cents` is its revenue, null where the read has none per night (a group's). */
export function nightOn(
  day: string,
  {
    roomsToSell,
    sold,
    cents,
    stopSell,
  }: { roomsToSell: number; sold: number; cents: number | null; stopSell: boolean },
): Night {
  const date = dayjs(day);
  const weekday = date.day();
  return {
    day,
    label: date.format('D MMM'),
    weekend: weekday === 0 || weekday === 6,
    roomsToSell,
    sold,
    occupancy: occupancyPercent(sold, roomsToSell),
    revenue: (cents ?? 0) / 100,
    adr: sold && cents !== null ? Math.round(cents / sold) / 100 : null,
    stopSell,
  };
}

/**
 * The nights of one room type, or of all together (rooms and money summed; a night counts as
 * stop-sold when every room type is). Money is added in cents, so the sums stay exact.
 */
export function nightsOf(rooms: RoomOccupancy[], from: string, which: string | 'all'): Night[] {
  const chosen = which === 'all' ? rooms : rooms.filter((r) => r.roomTypeId === which);
  const n = chosen[0]?.sold.length ?? 0;
  return daysFrom(from, n).map((day, i) =>
    nightOn(day, {
      roomsToSell: chosen.reduce((t, r) => t + r.roomsToSell[i], 0),
      sold: chosen.reduce((t, r) => t + r.sold[i], 0),
      cents: chosen.reduce((t, r) => t + Math.round(Number(r.revenue[i]) * 100), 0),
      stopSell: chosen.length > 0 && chosen.every((r) => r.stopSell[i]),
    }),
  );
}

/** A night's date with ' (weekend)' where it is one, as the chart's read-out and the table name it. */
export const withWeekend = (date: string, weekend: boolean) => `${date}${weekend ? ' (weekend)' : ''}`;
