import { userError } from './errors';
import { isRealDay } from '../resources/rates-inventory/rates-inventory.schema';

/** A row id as the database keeps it: a positive bigint, written as at most 15 digits. */
const ID = /^[1-9]\d{0,14}$/;

/**
 * Ids and dates the API takes as plain arguments are checked here, before any query, as what they
 * are: a malformed one is bad input naming the field (BAD_USER_INPUT), never a database error
 * answered as "Unexpected error.". A well-formed id that names nothing is the caller's NOT_FOUND.
 */
export function idArg(field: string, value: unknown): string {
  const s = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
  if (typeof s === 'string' && ID.test(s)) return s;
  throw userError(`${field} must be an id of up to 15 digits.`, 'BAD_USER_INPUT', {
    [field]: ['Enter an id of up to 15 digits'],
  });
}

/** A real calendar day as yyyy-MM-dd (2027-02-30 is not one). */
export function dayArg(field: string, value: unknown): string {
  if (typeof value === 'string' && isRealDay(value)) return value;
  throw userError(`${field} must be a real date as yyyy-MM-dd.`, 'BAD_USER_INPUT', {
    [field]: ['Enter a real date as yyyy-MM-dd'],
  });
}

/** One of a fixed list (a cell field). */
export function oneOfArg<T extends string>(field: string, value: unknown, allowed: readonly T[]): T {
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  throw userError(`${field} must be one of ${allowed.join(', ')}.`, 'BAD_USER_INPUT', {
    [field]: [`Choose one of ${allowed.join(', ')}`],
  });
}
