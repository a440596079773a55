import { describe, expect, it } from 'vitest';
import {
  ENDING_SOON_DAYS,
  overlapsOf,
  priceStay,
  promotionStatus,
  type PlanNight,
  type PricedPromotion,
} from '../../resources/promotions/promotion-rules';
import { addDays } from '../../resources/days';

const promo = (over: Partial<PricedPromotion>): PricedPromotion => ({
  id: 'p',
  name: 'Deal',
  type: 'BASIC',
  discountPercent: 10,
  daysBeforeArrival: null,
  minNights: null,
  stayNights: null,
  payNights: null,
  ratePlanIds: ['1'],
  saleStart: '2027-01-01',
  saleEnd: '2027-12-31',
  stayStart: '2027-01-01',
  stayEnd: '2027-12-31',
  weekdays: [],
  blackoutDates: [],
  combinable: false,
  ...over,
});
const nights = (from: string, rates: (number | null)[], extra: Partial<PlanNight> = {}): PlanNight[] =>
  rates.map((rateCents, i) => ({
    date: addDays(from, i),
    rateCents,
    stopSell: false,
    closedToArrival: false,
    ...extra,
  }));
const stay = (arrival: string, n: number, bookedOn = '2027-01-01') => ({ arrival, nights: n, bookedOn });

describe('promotion status', () => {
  const p = { saleStart: '2027-03-01', saleEnd: '2027-03-31' };
  it.each([
    ['2027-02-28', 'UPCOMING'],
    ['2027-03-01', 'ACTIVE'],
    [addDays('2027-03-31', -ENDING_SOON_DAYS - 1), 'ACTIVE'],
    [addDays('2027-03-31', -ENDING_SOON_DAYS), 'ENDING_SOON'],
    ['2027-03-31', 'ENDING_SOON'],
    ['2027-04-01', 'EXPIRED'],
  ])('on %s is %s', (today, status) => expect(promotionStatus(p, today)).toBe(status));
  it('is ending soon from the first day when the whole sale is shorter than a week', () =>
    expect(promotionStatus({ saleStart: '2027-03-01', saleEnd: '2027-03-03' }, '2027-03-01')).toBe('ENDING_SOON'));
});

describe('pricing a stay', () => {
  it('takes a percentage off each covered night in cents, rounding half up', () => {
    const price = priceStay(
      '1',
      nights('2027-05-03', [10_005, 9_999]),
      [promo({ discountPercent: 15 })],
      stay('2027-05-03', 2),
    );
    // 100.05 × 0.85 = 85.0425 → 85.04; 99.99 × 0.85 = 84.9915 → 84.99
    expect(price.nights.map((n) => n.paidCents)).toEqual([8504, 8499]);
    expect(price).toMatchObject({ baseCents: 20004, totalCents: 17_003, chosen: ['p'] });
  });

  it('leaves out weekdays not ticked and blackout dates, and says how many nights it covers', () => {
    // 2027-05-03 is a Monday.
    const p = promo({ weekdays: ['1', '2'], blackoutDates: ['2027-05-04'] });
    const price = priceStay('1', nights('2027-05-03', [10_000, 10_000, 10_000]), [p], stay('2027-05-03', 3));
    expect(price.nights.map((n) => n.paidCents)).toEqual([9000, 10_000, 10_000]);
    expect(price.promotions[0].reason).toBe('Applies: 10% off 1 of 3 nights');
  });

  it('gives the guest the better of two non-combinable promotions, and stacks combinable ones on what is left', () => {
    const ten = promo({ id: 'ten', discountPercent: 10 });
    const twenty = promo({ id: 'twenty', discountPercent: 20 });
    expect(priceStay('1', nights('2027-05-03', [10_000]), [ten, twenty], stay('2027-05-03', 1))).toMatchObject({
      chosen: ['twenty'],
      totalCents: 8000,
    });
    const a = promo({ id: 'a', discountPercent: 15, combinable: true });
    const b = promo({ id: 'b', discountPercent: 10, combinable: true });
    // 100 × 0.85 × 0.90 = 76.50: better than 20% alone.
    expect(priceStay('1', nights('2027-05-03', [10_000]), [a, b, twenty], stay('2027-05-03', 1))).toMatchObject({
      chosen: ['a', 'b'],
      totalCents: 7650,
    });
  });

  it('makes the cheapest covered nights free: stay 3 pay 2 over 6 nights gives two', () => {
    const free = promo({ type: 'FREE_NIGHT', discountPercent: null, stayNights: 3, payNights: 2 });
    const price = priceStay(
      '1',
      nights(
        '2027-05-03',
        [120, 100, 110, 90, 130, 140].map((r) => r * 100),
      ),
      [free],
      stay('2027-05-03', 6),
    );
    expect(price.nights.map((n) => n.paidCents)).toEqual([12_000, 0, 11_000, 0, 13_000, 14_000]);
    expect(price.totalCents).toBe(50_000);
    const short = priceStay('1', nights('2027-05-03', [10_000, 10_000]), [free], stay('2027-05-03', 2));
    expect(short.promotions[0]).toMatchObject({ applies: false, reason: '2 qualifying nights; needs 3' });
  });

  it('checks early booker, last minute and minimum stay against the stay and the booking date', () => {
    const early = promo({ id: 'e', type: 'EARLY_BOOKER', daysBeforeArrival: 30 });
    const late = promo({ id: 'l', type: 'LAST_MINUTE', daysBeforeArrival: 3 });
    const long = promo({ id: 'm', type: 'MIN_STAY', minNights: 5 });
    const verdicts = priceStay(
      '1',
      nights('2027-02-01', [10_000, 10_000]),
      [early, late, long],
      stay('2027-02-01', 2, '2027-01-02'),
    ).promotions;
    expect(verdicts).toEqual([
      expect.objectContaining({ id: 'e', applies: true }),
      expect.objectContaining({ id: 'l', applies: false, reason: 'Booked 30 days ahead; needs at most 3' }),
      expect.objectContaining({ id: 'm', applies: false, reason: '2 nights; needs at least 5' }),
    ]);
  });

  it('is not bookable on a stop sell, closed to arrival on the first night, or a night without a rate', () => {
    const p = [promo({})];
    expect(
      priceStay('1', nights('2027-05-03', [10_000, 10_000], { stopSell: true }), p, stay('2027-05-03', 2)),
    ).toMatchObject({
      bookable: false,
      reason: 'Stop sell on 2027-05-03',
      totalCents: null,
    });
    const cta = nights('2027-05-03', [10_000, 10_000]);
    cta[0].closedToArrival = true;
    expect(priceStay('1', cta, p, stay('2027-05-03', 2)).reason).toBe('Closed to arrival on 2027-05-03');
    expect(priceStay('1', nights('2027-05-03', [10_000, null]), p, stay('2027-05-03', 2)).reason).toBe(
      'No rate on 2027-05-04',
    );
  });

  it('names the promotion a guest gets where two non-combinable ones overlap, by the same pricing', () => {
    const ten = promo({ id: 'ten', name: 'Ten off', discountPercent: 10 });
    const free = promo({
      id: 'free',
      name: 'Stay 2 pay 1',
      type: 'FREE_NIGHT',
      discountPercent: null,
      stayNights: 2,
      payNights: 1,
    });
    expect(overlapsOf(ten, [free])).toEqual([
      expect.objectContaining({ promotionId: 'free', message: expect.stringContaining('a guest gets Stay 2 pay 1') }),
    ]);
    expect(overlapsOf(ten, [promo({ id: 'x', ratePlanIds: ['2'] })])).toEqual([]);
    expect(overlapsOf(ten, [promo({ id: 'y', saleStart: '2028-01-01', saleEnd: '2028-02-01' })])).toEqual([]);
    expect(overlapsOf({ ...ten, combinable: true }, [free])).toEqual([]);
  });
});
