import type { z } from 'zod';
import { cancellationPolicy } from './rate-plan.resource';

/** One cancellation tier: from this many days before arrival (or fewer), this penalty. */
export type CancellationTier = { daysBeforeArrival: number; penaltyPercent: number };

/** The rate plans' own tier rules and messages, for anything else that states cancellation terms (a property's standard terms). Built on first use. */
export const cancellationTiers: () => z.ZodType<CancellationTier[]> = cancellationPolicy;

export const CANCELLATION_TEXTS = {
  free: 'Free cancellation at any time.',
  differs: 'Differs from your standard terms',
  notSet: 'Not set: the cancellation policy below is as you wrote it.',
  set: 'Set standard terms',
  written: 'Written from your standard cancellation terms.',
  incomplete: 'Complete the tiers above to write the policy from them.',
  plansTitle: "Your rate plans' cancellation terms",
  plansHelp:
    'Each rate plan on sale now, as its form states it. Change a rate plan to match, or explain the difference to guests.',
  plansCompare: 'Set your standard terms above to see which rate plans differ from them.',
  noPlans: 'No rate plans are on sale now.',
} as const;

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/**
 * Tiers in words, as the rate plan form puts them ("7 days or fewer before arrival", "50% penalty"),
 * widest first: "Free cancellation until 8 days before arrival. 50% penalty 7 days or fewer before arrival. …"
 */
export function describeCancellation(tiers: readonly CancellationTier[]): string {
  const widestFirst = [...tiers].sort((a, b) => b.daysBeforeArrival - a.daysBeforeArrival);
  // Tiers that charge nothing before the first that charges are free cancellation too.
  const charged = widestFirst.slice(widestFirst.findIndex((t) => t.penaltyPercent > 0));
  if (!widestFirst.some((t) => t.penaltyPercent > 0)) return CANCELLATION_TEXTS.free;
  return [
    `Free cancellation until ${days(charged[0].daysBeforeArrival + 1)} before arrival.`,
    ...charged.map((t) => `${t.penaltyPercent}% penalty ${days(t.daysBeforeArrival)} or fewer before arrival.`),
  ].join(' ');
}

/** The penalty for cancelling `daysBefore` days before arrival: the tier nearest arrival that covers that day. */
export function penaltyOn(tiers: readonly CancellationTier[], daysBefore: number): number {
  const covering = tiers.filter((t) => t.daysBeforeArrival >= daysBefore);
  if (!covering.length) return 0;
  return covering.reduce((a, b) => (b.daysBeforeArrival < a.daysBeforeArrival ? b : a)).penaltyPercent;
}

/** Whether two sets of tiers charge the same on every day (however they are written). */
export function sameCancellation(a: readonly CancellationTier[], b: readonly CancellationTier[]): boolean {
  for (let d = 0; d <= 366; d++) if (penaltyOn(a, d) !== penaltyOn(b, d)) return false;
  return true;
}
