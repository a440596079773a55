import dayjs from 'dayjs';
import type { ReservationsQuery } from '../generated/graphql-types';
import {
  PAYMENT_LABELS,
  STATE_LABELS,
  type PaymentMethod,
  type ReservationState,
} from '../../resources/reservations/reservations.schema';

/** Spec §9's 'd MMMM y' (1 December 2026). */
export const longDate = (d: string | null | undefined) => (d ? dayjs(d).format('D MMMM YYYY') : '');
/** Spec §9's dd-MM-yyyy: compact enough for a table cell. */
export const shortDate = (d: string | null | undefined) => (d ? dayjs(d).format('DD-MM-YYYY') : '');
export const dateTime = (d: string | null | undefined) => (d ? dayjs(d).format('D MMMM YYYY, HH:mm') : '');
export const money = (amount: string, currency: string) =>
  `${currency} ${Number(amount).toLocaleString('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
export const paymentLabel = (m: string) => PAYMENT_LABELS[m as PaymentMethod] ?? m;
export const stateLabel = (s: string) => STATE_LABELS[s as ReservationState] ?? s;

/** A row of the list, as the API answers it. */
export type ReservationRow = ReservationsQuery['reservations']['items'][number];
