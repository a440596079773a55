import { describe, expect, it } from 'vitest';
import {
  CANCELLATION_TEXTS,
  describeCancellation,
  penaltyOn,
  sameCancellation,
} from '../../resources/rate-plans/cancellation-terms';

const t = (daysBeforeArrival: number, penaltyPercent: number) => ({ daysBeforeArrival, penaltyPercent });

describe('cancellation terms in words', () => {
  it('says free cancellation for no tiers, or tiers that charge nothing', () => {
    expect(describeCancellation([])).toBe(CANCELLATION_TEXTS.free);
    expect(describeCancellation([t(3, 0)])).toBe('Free cancellation at any time.');
  });
  it('reads the tiers widest first, in the rate plan form’s words', () => {
    expect(describeCancellation([t(1, 100), t(7, 50)])).toBe(
      'Free cancellation until 8 days before arrival. 50% penalty 7 days or fewer before arrival. 100% penalty 1 day or fewer before arrival.',
    );
    expect(describeCancellation([t(0, 100)])).toBe(
      'Free cancellation until 1 day before arrival. 100% penalty 0 days or fewer before arrival.',
    );
    expect(describeCancellation([t(10, 0), t(2, 100)])).toBe(
      'Free cancellation until 3 days before arrival. 100% penalty 2 days or fewer before arrival.',
    );
  });
});

describe('comparing cancellation terms', () => {
  it('charges the tier nearest arrival that covers the day', () => {
    const tiers = [t(7, 50), t(1, 100)];
    expect([
      penaltyOn(tiers, 30),
      penaltyOn(tiers, 8),
      penaltyOn(tiers, 7),
      penaltyOn(tiers, 2),
      penaltyOn(tiers, 0),
    ]).toEqual([0, 0, 50, 50, 100]);
  });
  it('finds terms the same however they are written, and different when any day differs', () => {
    expect(sameCancellation([t(7, 50), t(1, 100)], [t(1, 100), t(7, 50)])).toBe(true);
    expect(sameCancellation([], [t(14, 0)])).toBe(true);
    expect(sameCancellation([t(7, 100), t(1, 100)], [t(7, 100)])).toBe(true);
    expect(sameCancellation([t(7, 50), t(1, 100)], [t(7, 50)])).toBe(false);
    expect(sameCancellation([], [t(0, 100)])).toBe(false);
  });
});
