import { countOf } from '../../resources/plural';
import { escapeHtml, layout } from './templates';
import type { MailMessage } from './mailer';
import { PAYMENT_LABELS, type PaymentMethod } from '../../resources/reservations/reservations.schema';

export type BookingMailData = {
  kind: 'booked' | 'modified' | 'cancelled';
  propertyName: string;
  hotelRef: string;
  bookingRef: string;
  guestName: string;
  checkIn: string;
  checkOut: string;
  nights: number;
  adults: number;
  children: number;
  roomTypeName: string;
  ratePlanName: string;
  total: string;
  currency: string;
  paymentMethod: PaymentMethod;
  specialRequests: string | null;
  /** Only when the reservations contact asked for VCC details and the booking is paid by VCC. */
  vcc: { cardMasked: string; expiry: string; activationDate: string; amount: string } | null;
  link: string;
};

const TITLES = { booked: 'New booking', modified: 'Booking modified', cancelled: 'Booking cancelled' } as const;

/** The booking notification to the reservations contact (spec §5's two checkboxes). Only a masked card ever appears. */
export function bookingMail(to: string, d: BookingMailData): MailMessage {
  const title = `${TITLES[d.kind]} ${d.hotelRef}`;
  const lines: [string, string][] = [
    ['Hotel reference', d.hotelRef],
    ['Booking reference', d.bookingRef],
    ['Guest', d.guestName],
    ['Check-in', d.checkIn],
    ['Check-out', d.checkOut],
    ['Nights', String(d.nights)],
    ['Guests', `${countOf(d.adults, 'adult', 'adults')}, ${countOf(d.children, 'child', 'children')}`],
    ['Room type', d.roomTypeName],
    ['Rate plan', d.ratePlanName],
    ['Total', `${d.total} ${d.currency}`],
    ['Payment', PAYMENT_LABELS[d.paymentMethod]],
  ];
  if (d.specialRequests) lines.push(['Special requests', d.specialRequests]);
  const vcc: [string, string][] = d.vcc
    ? [
        ['Card', d.vcc.cardMasked],
        ['Expiry', d.vcc.expiry],
        ['Can be charged from', d.vcc.activationDate],
        ['Amount to charge', `${d.vcc.amount} ${d.currency}`],
      ]
    : [];
  const table = (rows: [string, string][]) =>
    `<table>${rows.map(([k, v]) => `<tr><th align="left" style="padding-right:12px">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('')}</table>`;
  return {
    to,
    kind: `booking-${d.kind}`,
    subject: `${title} at ${d.propertyName}`,
    text: [
      `${title} at ${d.propertyName}`,
      '',
      ...lines.map(([k, v]) => `${k}: ${v}`),
      ...(vcc.length ? ['', 'Virtual card', ...vcc.map(([k, v]) => `${k}: ${v}`)] : []),
      '',
      `View it in the extranet: ${d.link}`,
    ].join('\n'),
    html: layout(
      `${title} at ${d.propertyName}`,
      [
        table(lines),
        ...(vcc.length ? ['<strong>Virtual card</strong>', table(vcc)] : []),
        `<a href="${escapeHtml(d.link)}">View the booking in the extranet</a>`,
      ],
      'You get this email because you are the reservations contact of this property.',
    ),
  };
}
