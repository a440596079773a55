/** What the rate plan form and the API say about a plan beyond its fields' own messages (issue 25). */
export const RATE_PLAN_MESSAGES = {
  chooseCancellation: 'Choose a cancellation policy',
  freeCancellation: 'Free cancellation at any time',
  penalties: 'Penalties when cancelled close to arrival',
  tier: (days: number, percent: number) =>
    `Cancelled ${days} ${days === 1 ? 'day' : 'days'} or fewer before arrival: ${percent}% penalty`,
  /** The server asks this before a plan takes a name another plan of the property has (REFUSED with confirm). */
  duplicateName: (name: string) =>
    `Another rate plan of this property is already called '${name}'. Guests and your team will not be able to tell them apart. Save it with the same name anyway?`,
  /** A catalogue inclusion staff have deprecated is kept where a plan has it, and refused where a plan would take it anew. */
  deprecatedInclusion: (names: string[]) =>
    `${names.join(', ')} ${names.length === 1 ? 'is' : 'are'} no longer offered. Choose another inclusion.`,
  summaryTitle: 'Check the rate plan before you create it',
  summaryIntro: 'This is what guests will be offered. Go back to change anything.',
  noInclusions: 'No inclusions',
  noStayDates: 'Any stay dates while on sale',
} as const;

type Tier = { daysBeforeArrival: number; penaltyPercent: number };
/** A policy as lines a person reads: 'Free cancellation at any time', or each tier from the furthest from arrival. */
export function cancellationLines(policy: unknown): string[] {
  if (!Array.isArray(policy)) return [];
  if (!policy.length) return [RATE_PLAN_MESSAGES.freeCancellation];
  return [...(policy as Tier[])]
    .sort((a, b) => b.daysBeforeArrival - a.daysBeforeArrival)
    .map((t) => RATE_PLAN_MESSAGES.tier(t.daysBeforeArrival, t.penaltyPercent));
}
