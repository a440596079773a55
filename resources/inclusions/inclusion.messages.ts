/** What the inclusions pickers and the custom inclusions page say about themselves (issue 25). */
export const INCLUSION_MESSAGES = {
  /** The custom inclusions picker with nothing to offer. */
  customEmpty:
    "Custom inclusions are this property's own extras, beyond the global catalogue (a ferry pass, a guaranteed view). This property has none yet.",
  customAdd: 'Add custom inclusions',
  customAsk: "The brand's staff add them for you: contact support to ask for one.",
  /** /properties/:id/inclusions opened by someone it is not for, or with its feature off (spec §2, §6). */
  pageClosed: "Custom inclusions are managed by the brand's staff, and only while that feature is switched on.",
  deprecated: 'Deprecated: no longer offered for new rate plans',
} as const;
