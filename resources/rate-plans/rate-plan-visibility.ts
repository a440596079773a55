/** Spec §3 rate plan visibility, derived from the hidden flag and the sale dates (yyyy-MM-dd, compared as text). */
export const RATE_PLAN_VISIBILITY = [
  { value: 'CURRENT', label: 'Current' },
  { value: 'UPCOMING', label: 'Upcoming' },
  { value: 'EXPIRED', label: 'Expired' },
  { value: 'HIDDEN', label: 'Hidden' },
];

export type Visibility = 'CURRENT' | 'EXPIRED' | 'HIDDEN' | 'UPCOMING';

export function visibilityOf(
  plan: { hidden?: boolean | null; saleStart?: string | null; saleEnd?: string | null },
  today: string,
): Visibility {
  if (plan.hidden) return 'HIDDEN';
  if (plan.saleStart && plan.saleStart > today) return 'UPCOMING';
  if (plan.saleEnd && plan.saleEnd < today) return 'EXPIRED';
  return 'CURRENT';
}
