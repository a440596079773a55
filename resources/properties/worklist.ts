/**
 * Staff's worklist (issue 30): what needs attention across every property, each a count on staff's
 * home that opens the finder filtered to those properties (`?attention=<key>`). One place for the
 * conditions' names and the window they look at.
 */
export const WORKLIST_DAYS = 30;
export const REFUSAL_HOURS = 24;

export const WORKLIST = {
  ready: { label: 'Ready but not published', unit: ['property', 'properties'] },
  incomplete: { label: 'Onboarding with sections missing', unit: ['property', 'properties'] },
  noRates: { label: `No rates loaded for the next ${WORKLIST_DAYS} days`, unit: ['property', 'properties'] },
  overbooked: { label: `Overbooked stays in the next ${WORKLIST_DAYS} days`, unit: ['stay', 'stays'] },
  bookingEmails: { label: 'Booking emails failed or retrying', unit: ['email', 'emails'] },
  refusals: { label: `Booking intake refusals in the last ${REFUSAL_HOURS} hours`, unit: ['refusal', 'refusals'] },
  lockedUsers: { label: 'Suppliers locked out or unverified', unit: ['user', 'users'] },
} as const satisfies Record<string, { label: string; unit: readonly [string, string] }>;
export type WorklistKey = keyof typeof WORKLIST;
export const WORKLIST_KEYS = Object.keys(WORKLIST) as [WorklistKey, ...WorklistKey[]];

export const WORKLIST_TEXTS = {
  title: 'Needs attention',
  allClear: 'Nothing needs attention right now.',
  filtered: (label: string) => `Needs attention: ${label}`,
  properties: (n: number) => `${n} ${n === 1 ? 'property' : 'properties'}`,
  stuckTitle: 'Suppliers to help',
  locked: 'Locked out',
  unverified: 'Email not verified',
  stuckHint: 'Open someone to unlock them, resend their verification or send a password reset.',
} as const;
