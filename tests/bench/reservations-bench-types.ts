/** What the reservations bench measures and the scope its intake runs in (shared with intake-bench.ts). */
export type Samples = { p50: number; p95: number; samples: number };
export type IntakeScope = {
  propertyId: number;
  currency: string;
  key: string;
  sells: { room: string; plan: string }[];
};
export type ReservationsBench = {
  list: { ours: Samples; anchor?: Samples; variants: number };
  csv: { firstByteMs: number; wholeMs: number; kb: number; rssBeforeMb: number; rssPeakMb: number; rssAfterMb: number };
  intake: { bookings: number; requests: number; seconds: number; perSecond: number; inFlight: number; prefix: string };
};
