import { expect } from 'vitest';

/**
 * Spec §2's navigation items in the spec's order. A resource added to the registry gets an item of
 * its own among them (where its `nav.after` says), so tests check these as a subsequence and place
 * their own fixtures relative to them, rather than listing every item (which would fail, without
 * saying why, for each resource someone adds).
 */
export const SPEC_NAV = [
  'Home',
  'Property',
  'Room types',
  'Rate plans',
  'Promotions',
  'Media library',
  'Key contacts',
  'Reservations',
  'Users',
  'Trails',
  'Admin',
  'Inclusions',
];

/** The spec's items a navigation shows, checked to be in the spec's order. */
export function expectSpecOrder(labels: string[], shown: string[]) {
  const spec = labels.filter((l) => SPEC_NAV.includes(l));
  expect(spec, "the spec's navigation items, in the spec's order").toEqual(shown);
}

/** Where a fixture's item sits: right after `after`, or right before `before` (or last when that is not shown). */
export function expectPlaced(labels: string[], label: string, at: { after?: string; before?: string }) {
  const i = labels.indexOf(label);
  expect(i, `'${label}' is in the navigation`).toBeGreaterThanOrEqual(0);
  if (at.after) expect(labels[i - 1], `'${label}' comes right after '${at.after}'`).toBe(at.after);
  if (at.before) {
    const j = labels.indexOf(at.before);
    expect(i, `'${label}' comes right before '${at.before}'`).toBe(j < 0 ? labels.length - 1 : j - 1);
  }
}
