import { addDays, daysBetween, isoWeekday } from '../days';

/** Spec §3: a promotion's status, derived from its sale window and the property's own today; never stored. */
export const PROMOTION_STATUSES = [
  { value: 'ACTIVE', label: 'Active' },
  { value: 'ENDING_SOON', label: 'Ending soon' },
  { value: 'UPCOMING', label: 'Upcoming' },
  { value: 'EXPIRED', label: 'Expired' },
] as const;
export type PromotionStatus = (typeof PROMOTION_STATUSES)[number]['value'];

/** An active promotion whose sale ends this many days from today or sooner is ending soon. */
export const ENDING_SOON_DAYS = 7;

export function promotionStatus(p: { saleStart: string; saleEnd: string }, today: string): PromotionStatus {
  if (today < p.saleStart) return 'UPCOMING';
  if (today > p.saleEnd) return 'EXPIRED';
  return p.saleEnd <= addDays(today, ENDING_SOON_DAYS) ? 'ENDING_SOON' : 'ACTIVE';
}

export const PROMOTION_TYPES = [
  { value: 'BASIC', label: 'Basic deal' },
  { value: 'EARLY_BOOKER', label: 'Early booker' },
  { value: 'LAST_MINUTE', label: 'Last minute' },
  { value: 'MIN_STAY', label: 'Minimum stay' },
  { value: 'FREE_NIGHT', label: 'Free night' },
] as const;
export type PromotionType = (typeof PROMOTION_TYPES)[number]['value'];

/** ISO weekdays, 1 Monday … 7 Sunday, as stored. */
export const WEEKDAYS = [
  { value: '1', label: 'Mon' },
  { value: '2', label: 'Tue' },
  { value: '3', label: 'Wed' },
  { value: '4', label: 'Thu' },
  { value: '5', label: 'Fri' },
  { value: '6', label: 'Sat' },
  { value: '7', label: 'Sun' },
] as const;
export const MAX_BLACKOUT_DATES = 100;
export const MAX_DISCOUNT_PERCENT = 80;

/** What pricing needs of a promotion (saved, or the one being edited). */
export type PricedPromotion = {
  id: string;
  name: string;
  type: PromotionType;
  discountPercent: number | null;
  /** Early booker: booked at least N days ahead; last minute: at most N days ahead. */
  daysBeforeArrival: number | null;
  /** Minimum stay: at least N nights. */
  minNights: number | null;
  /** Free night: stay N nights, pay M. */
  stayNights: number | null;
  payNights: number | null;
  ratePlanIds: string[];
  saleStart: string;
  saleEnd: string;
  stayStart: string;
  stayEnd: string;
  weekdays: string[] | null;
  blackoutDates: string[] | null;
  combinable: boolean;
};

/** One night of a rate plan as the calendar holds it: the rate in cents (null: no rate loaded). */
export type PlanNight = { date: string; rateCents: number | null; stopSell: boolean; closedToArrival: boolean };
export type Stay = { arrival: string; nights: number; bookedOn: string };

export type PromotionVerdict = { id: string; name: string; applies: boolean; reason: string };
export type PlanPrice = {
  bookable: boolean;
  /** Why the plan cannot be booked for this stay, when it cannot. */
  reason: string | null;
  nights: { date: string; rateCents: number | null; paidCents: number | null }[];
  promotions: PromotionVerdict[];
  /** The promotions the guest gets: the best price of each one alone and of all combinable ones together. */
  chosen: string[];
  baseCents: number | null;
  totalCents: number | null;
};

/** Whether a promotion applies to a stay at all, and why (or why not), before the nights are priced. */
function verdict(p: PricedPromotion, stay: Stay, nightsIn: number): PromotionVerdict {
  const no = (reason: string) => ({ id: p.id, name: p.name, applies: false, reason });
  const ahead = daysBetween(stay.bookedOn, stay.arrival);
  if (stay.bookedOn < p.saleStart || stay.bookedOn > p.saleEnd) return no('Not on sale on the booking date');
  if (nightsIn === 0) return no('No night of the stay is in its stay dates, days and blackout dates');
  if (p.type === 'EARLY_BOOKER' && ahead < (p.daysBeforeArrival ?? 0))
    return no(`Booked ${ahead} days ahead; needs at least ${p.daysBeforeArrival}`);
  if (p.type === 'LAST_MINUTE' && ahead > (p.daysBeforeArrival ?? 0))
    return no(`Booked ${ahead} days ahead; needs at most ${p.daysBeforeArrival}`);
  if (p.type === 'MIN_STAY' && stay.nights < (p.minNights ?? 1))
    return no(`${stay.nights} nights; needs at least ${p.minNights}`);
  if (p.type === 'FREE_NIGHT' && nightsIn < (p.stayNights ?? 1))
    return no(`${nightsIn} qualifying nights; needs ${p.stayNights}`);
  const what =
    p.type === 'FREE_NIGHT'
      ? `stay ${p.stayNights}, pay ${p.payNights}`
      : `${p.discountPercent}% off ${nightsIn === stay.nights ? 'every night' : `${nightsIn} of ${stay.nights} nights`}`;
  return { id: p.id, name: p.name, applies: true, reason: `Applies: ${what}` };
}

/** Whether a promotion's discount covers a night: in its stay dates, on a ticked weekday (none ticked: every day), not a blackout date. */
export const nightCovered = (
  p: Pick<PricedPromotion, 'stayStart' | 'stayEnd' | 'weekdays' | 'blackoutDates'>,
  date: string,
) =>
  date >= p.stayStart &&
  date <= p.stayEnd &&
  (!p.weekdays?.length || p.weekdays.includes(String(isoWeekday(date)))) &&
  !p.blackoutDates?.includes(date);

/** Applies promotions one after another to the nights' prices (each discount on what is left; cents rounded half up). */
function apply(promotions: PricedPromotion[], nights: PlanNight[]): number[] {
  const paid = nights.map((n) => n.rateCents ?? 0);
  for (const p of promotions) {
    const covered = nights.map((n, i) => (nightCovered(p, n.date) ? i : -1)).filter((i) => i >= 0);
    if (p.type === 'FREE_NIGHT') {
      const free = Math.floor(covered.length / (p.stayNights ?? 1)) * ((p.stayNights ?? 1) - (p.payNights ?? 0));
      // The cheapest covered nights are the free ones.
      for (const i of [...covered].sort((a, b) => paid[a] - paid[b]).slice(0, free)) paid[i] = 0;
    } else {
      for (const i of covered) paid[i] = Math.round((paid[i] * (100 - (p.discountPercent ?? 0))) / 100);
    }
  }
  return paid;
}

/**
 * The one pricing function: what a guest pays on one rate plan for a stay, night by night, with
 * each promotion's verdict. The guest gets the best price of any one non-combinable promotion and
 * of all the combinable ones together. Used by the preview, the overlap rule and the tests.
 */
export function priceStay(
  ratePlanId: string,
  nights: PlanNight[],
  promotions: PricedPromotion[],
  stay: Stay,
): PlanPrice {
  const onPlan = promotions.filter((p) => p.ratePlanIds.includes(ratePlanId));
  const verdicts = onPlan.map((p) => verdict(p, stay, nights.filter((n) => nightCovered(p, n.date)).length));
  const blocked =
    nights.find((n) => n.rateCents === null)?.date ??
    nights.find((n) => n.stopSell)?.date ??
    (nights[0]?.closedToArrival ? nights[0].date : undefined);
  const reason =
    blocked === undefined
      ? null
      : nights.find((n) => n.date === blocked)?.rateCents === null
        ? `No rate on ${blocked}`
        : blocked === nights[0]?.date && nights[0].closedToArrival && !nights[0].stopSell
          ? `Closed to arrival on ${blocked}`
          : `Stop sell on ${blocked}`;
  const base = nights.map((n) => n.rateCents ?? 0);
  const baseCents = base.reduce((a, b) => a + b, 0);
  if (reason)
    return {
      bookable: false,
      reason,
      nights: nights.map((n) => ({ date: n.date, rateCents: n.rateCents, paidCents: null })),
      promotions: verdicts,
      chosen: [],
      baseCents: null,
      totalCents: null,
    };
  const applying = onPlan.filter((_, i) => verdicts[i].applies);
  const combinable = applying.filter((p) => p.combinable);
  const options = [
    ...applying.filter((p) => !p.combinable).map((p) => [p]),
    ...(combinable.length ? [combinable] : []),
  ];
  let best = { set: [] as PricedPromotion[], paid: base, total: baseCents };
  for (const set of options) {
    const paid = apply(set, nights);
    const total = paid.reduce((a, b) => a + b, 0);
    if (total < best.total) best = { set, paid, total };
  }
  return {
    bookable: true,
    reason: null,
    nights: nights.map((n, i) => ({ date: n.date, rateCents: n.rateCents, paidCents: best.paid[i] })),
    promotions: verdicts,
    chosen: best.set.map((p) => p.id),
    baseCents,
    totalCents: best.total,
  };
}

/**
 * A promotion as pricing reads it, from a stored row or a form's checked values (`id` for an
 * unsaved one): no weekdays means every day, no blackout dates none.
 */
export const asPriced = (values: Record<string, unknown>, id = String(values.id)): PricedPromotion =>
  ({
    ...values,
    id,
    weekdays: (values.weekdays as string[] | null) ?? [],
    blackoutDates: (values.blackoutDates as string[] | null) ?? [],
    combinable: Boolean(values.combinable),
  }) as unknown as PricedPromotion;

/** yyyy-MM-dd days compare as text. */
const later = (a: string, b: string) => [a, b].sort()[1];
const earlier = (a: string, b: string) => [a, b].sort()[0];

export type Overlap = { promotionId: string; name: string; message: string };

/**
 * Non-combinable promotions that overlap this one (a shared rate plan, sale and stay dates) and
 * which one a guest gets where both apply: priced by priceStay on a sample stay of flat rates that
 * qualifies for both, so the rule is the preview's own.
 */
export function overlapsOf(p: PricedPromotion, others: PricedPromotion[]): Overlap[] {
  if (p.combinable) return [];
  const found: Overlap[] = [];
  for (const q of others) {
    if (q.id === p.id || q.combinable) continue;
    const plan = p.ratePlanIds.find((id) => q.ratePlanIds.includes(id));
    const [saleFrom, saleTo] = [later(p.saleStart, q.saleStart), earlier(p.saleEnd, q.saleEnd)];
    const [stayFrom, stayTo] = [later(p.stayStart, q.stayStart), earlier(p.stayEnd, q.stayEnd)];
    if (!plan || saleFrom > saleTo || stayFrom > stayTo) continue;
    // A stay both could apply to: long enough for both, booked on the first shared sale day, as far ahead as both allow.
    const need = (x: PricedPromotion) =>
      x.type === 'FREE_NIGHT' ? (x.stayNights ?? 1) : x.type === 'MIN_STAY' ? (x.minNights ?? 1) : 1;
    const atLeast = (x: PricedPromotion) => (x.type === 'EARLY_BOOKER' ? (x.daysBeforeArrival ?? 0) : 0);
    const atMost = (x: PricedPromotion) => (x.type === 'LAST_MINUTE' ? (x.daysBeforeArrival ?? 0) : Infinity);
    const nights = Math.max(need(p), need(q));
    const ahead = Math.max(atLeast(p), atLeast(q), daysBetween(saleFrom, stayFrom));
    const arrival = addDays(saleFrom, ahead);
    if (ahead > Math.min(atMost(p), atMost(q)) || addDays(arrival, nights - 1) > stayTo) continue;
    const sample: PlanNight[] = Array.from({ length: nights }, (_, i) => ({
      date: addDays(arrival, i),
      rateCents: 10_000,
      stopSell: false,
      closedToArrival: false,
    }));
    const price = priceStay(plan, sample, [p, q], { arrival, nights, bookedOn: saleFrom });
    const winner = price.chosen[0] === q.id ? q : p;
    found.push({
      promotionId: q.id,
      name: q.name,
      message: `Overlaps with ${q.name} on the same rate plan and dates; neither combines, so a guest gets ${winner.name} (the better price) where both apply.`,
    });
  }
  return found;
}
