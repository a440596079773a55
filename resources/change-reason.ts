/**
 * The reason staff give with a change the history must explain (issue 30): a feature flag, a
 * property's status. One rule and one set of words for the portal's box and the server's check.
 */
export const CHANGE_REASON_MAX = 500;

export const CHANGE_REASON_TEXTS = {
  label: 'Why (kept in the history)',
  required: 'Say why, in a few words.',
  tooLong: `Keep the reason under ${CHANGE_REASON_MAX} characters.`,
} as const;

/** A reason as the server takes it: trimmed, 3 to CHANGE_REASON_MAX characters; null when it is not. */
export function changeReason(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return text.length >= 3 && text.length <= CHANGE_REASON_MAX ? text : null;
}
