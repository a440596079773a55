/** The texts of a list's filters on a phone (src/lib/phone-filters.tsx). */
export const PHONE_FILTERS_TEXTS = {
  /** The button's label, with how many filters are set ("Filters (2)"), so a filtered list says so while they are hidden. */
  button: (active: number) => (active > 0 ? `Filters (${active})` : 'Filters'),
};
