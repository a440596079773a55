import dayjs from 'dayjs';
import type { ReservationsQuery } from '../generated/graphql-types';
import {
  PAYMENT_LABELS,
  STATE_LABELS,
  type PaymentMethod,
  type ReservationState,
} from '../../resources/reservations/reservations.schema';
import { groupThousands } from '../../resources/plural';

/** Spec §9's 'd MMMM y' (1 December 2026). */
export const longDate = (d: string | null | undefined) => (d ? dayjs(d).format('D MMMM YYYY') : '');
/** Spec §9's dd-MM-yyyy: compact enough for a table cell. */
export const shortDate = (d: string | null | undefined) => (d ? dayjs(d).format('DD-MM-YYYY') : '');
export const dateTime = (d: string | null | undefined) => (d ? dayjs(d).format('D MMMM YYYY, HH:mm') : '');
/**
 * An amount as the portal shows money: the currency, then the amount in en-AU's way (1,234.50), to
 * the cent. Written out rather than asked of Intl: `toLocaleString` with options builds a number
 * format on every call, and the first one loads ICU's data, 98 ms of a phone's main thread on the
 * group dashboard's first screen. Amounts come to the cent (the API's decimals, sums of cents), where
 * `toFixed(2)` and Intl agree; tests/unit/money.test.ts holds the two to the same answers.
 */
export function money(amount: string, currency: string) {
  const n = Number(amount);
  if (!Number.isFinite(n)) return `${currency} ${amount}`;
  // toFixed writes 1e21 and above with an exponent: Intl for those.
  if (Math.abs(n) >= 1e21)
    return `${currency} ${n.toLocaleString('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  const [whole, cents] = Math.abs(n).toFixed(2).split('.');
  return `${currency} ${n < 0 ? '-' : ''}${groupThousands(whole)}.${cents}`;
}
export const paymentLabel = (m: string) => PAYMENT_LABELS[m as PaymentMethod] ?? m;
export const stateLabel = (s: string) => STATE_LABELS[s as ReservationState] ?? s;

/** A row of the list, as the API answers it. */
export type ReservationRow = ReservationsQuery['reservations']['items'][number];
