import { isRealDay } from '../days';

/**
 * The all-room-types view's zoom: how many days it shows at once (issue 31). Apart from the rates
 * schema so the preload beside the property layout reads it without the schema's weight.
 */
export const OVERVIEW_DAYS = [7, 14, 30] as const;
export const OVERVIEW_DEFAULT_DAYS = 14;

/** The zoom an address's `days` asks for, or the default. */
export const overviewZoom = (param: string | null): number =>
  OVERVIEW_DAYS.find((d) => String(d) === param) ?? OVERVIEW_DEFAULT_DAYS;

/**
 * The first day an address's `from` asks for, as the view and its preload both send it (one cache
 * key); the server reads a day before the property's today, or past its window, as today.
 */
export const overviewStart = (param: string | null): string | undefined =>
  param && isRealDay(param) ? param : undefined;
