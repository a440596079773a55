/** Spec §6: for analytics, these groups (and the role 'staff') count as staff; everything else is supplier. */
export const STAFF_ANALYTICS_GROUPS = [
  'finance_staff',
  'general_staff',
  'customer_service_admin',
  'customer_service_representative',
  'inventory_read_only',
  'staff',
] as const;

export function analyticsGroup(groups: readonly string[]): 'staff' | 'supplier' {
  return groups.some((g) => (STAFF_ANALYTICS_GROUPS as readonly string[]).includes(g)) ? 'staff' : 'supplier';
}
