/**
 * Staff support tools on a user's page (issue 30): what staff may do for a supplier who is stuck,
 * and the words the portal and the API use for it. One place for each text.
 */

/** The same support action for the same user again within this many seconds is refused (a double click, a flood of mail). */
export const SUPPORT_REPEAT_SECONDS = 60;
/**
 * What could be a booking reference in staff's search box: one word of letters, digits and dashes
 * (a hotel reference such as HXQKYVNA may have no digit; the lookup is an indexed equality).
 */
export const BOOKING_REF_SEARCH = /^[A-Za-z0-9-]{4,60}$/;

/** How many people a search by email lists. */
export const SUPPORT_SEARCH_LIMIT = 10;

/** The users page of a membership's or an invitation's scope (spec §2: a property's is /user, a group's /users). */
export const scopeUsersPath = (s: { propertyId?: number | null; propertyGroupId?: number | null }) =>
  s.propertyId ? `/properties/${s.propertyId}/user` : `/property-groups/${s.propertyGroupId}/users`;

/** A user's support page in the portal. */
export const supportPath = (userId: number) => `/staff/users/${userId}`;

export const SUPPORT_ACTIONS = {
  unlock: {
    history: 'user.unlock',
    button: 'Unlock',
    confirm: (email: string) =>
      `Unlock ${email}? Their wrong passwords and wrong codes are forgotten, so they can sign in again at once.`,
    done: (email: string) => `${email} is unlocked and can sign in again.`,
  },
  resend: {
    history: 'user.verification.resend',
    button: 'Resend verification',
    confirm: (email: string) =>
      `Send ${email} a new link to confirm their email address? The previous link stops working.`,
    done: (email: string) => `A new confirmation link was sent to ${email}.`,
  },
  passwordReset: {
    history: 'user.password_reset.send',
    button: 'Send a password reset',
    confirm: (email: string) =>
      `Email ${email} a code to choose a new password? Their password keeps working until they choose a new one.`,
    done: (email: string) => `A password reset code was sent to ${email}.`,
  },
  signOut: {
    history: 'user.sign_out_everywhere',
    button: 'Sign out everywhere',
    confirm: (email: string) =>
      `Sign ${email} out on every device? Their open pages stop getting updates and ask them to sign in again.`,
    done: (email: string, sessions: number) =>
      `${email} was signed out everywhere (${sessions} ${sessions === 1 ? 'session' : 'sessions'} ended).`,
  },
} as const;
export type SupportAction = keyof typeof SUPPORT_ACTIONS;
export const SUPPORT_ACTION_KEYS = Object.keys(SUPPORT_ACTIONS) as SupportAction[];

export const SUPPORT_MESSAGES = {
  notFound: 'User not found.',
  self: 'Use your own account page for your own account.',
  staffAccount: 'Support tools are for suppliers and group users, not for staff accounts.',
  notLocked: (email: string) => `${email} is not locked out.`,
  alreadyVerified: (email: string) => `${email} has already confirmed their email address.`,
  resendInvitation: 'Resend invitation',
  resendInvitationConfirm: (email: string, scope: string) =>
    `Email ${email} their invitation to ${scope} again, with a new link?`,
  noPassword: (email: string) => `${email} has not set a password yet: resend their invitation instead.`,
  tooSoon: (seconds: number) => `That was done a moment ago. Try again in ${seconds} s.`,
  mailFailed: "The email couldn't be sent, so nothing was sent. Try again in a few minutes.",
  viewEnded: 'Your own session had ended: sign in again.',
  emailSearch: 'Give 3 to 254 characters of an email address.',
  searchHint: 'Searched property names and IDs, people and key contacts by email.',
} as const;

/** Why a user cannot sign in right now, as staff read it. */
export const LOCK_REASONS = {
  password: (addresses: number, until: string) =>
    `Too many wrong passwords from ${addresses === 1 ? 'one address' : `${addresses} addresses`}: locked until ${until}`,
  codeLocked: (until: string) => `Five wrong codes: the code is locked until ${until}`,
  wrongCodes: (n: number) => `${n} wrong codes in the last hour: no new sign-in code until the hour has passed`,
  codesSent: (n: number) => `${n} sign-in codes sent in the last hour: the mail limit (Unlock does not lift it)`,
} as const;

/** The record of a support mail that could not be sent (written after the action's own record). */
export const SUPPORT_MAIL_FAILED = 'user.support_mail.failed';

/** A user's history as staff read it on the support page: each action's name (others show their label). */
export const USER_HISTORY_NAMES: Record<string, string> = {
  ...Object.fromEntries(Object.values(SUPPORT_ACTIONS).map((a) => [a.history, a.button])),
  [SUPPORT_MAIL_FAILED]: 'Support email not sent',
  'user.create': 'Account created',
  'membership.grant': 'Access granted',
  'session.start': 'Signed in',
  'password.reset': 'Password reset',
  'user.verify_email': 'Email address confirmed',
  'user.request_email_change': 'Asked to change email address',
  'user.update_attributes': 'Own details changed',
  'user.invite': 'Invited',
  'user.invite.resend': 'Invitation sent again',
  'user.invite.revoke': 'Invitation withdrawn',
  'user.invite.accept': 'Invitation accepted',
  'user.role': 'Role changed',
  'user.disable': 'Access disabled',
  'user.enable': 'Access enabled',
  'user.remove': 'Access removed',
  'user.view_as.start': 'Staff started viewing as this user',
  'user.view_as.stop': 'Staff stopped viewing as this user',
};
/** Who made a change with no user behind it: an operator at the command line. */
export const OPERATOR_ACTOR = 'an operator (command line)';

/** View as (issue 30): staff see the portal as a user, read-only, for a while. */
export const VIEW_AS_MINUTES = 30;
export const VIEW_AS_TEXTS = {
  button: 'View as',
  confirm: (email: string) =>
    `See the portal as ${email} sees it, for up to ${VIEW_AS_MINUTES} minutes? Nothing can be changed while you do; Stop brings you back.`,
  banner: (email: string) => `Viewing the portal as ${email}. Nothing can be changed.`,
  left: (minutes: number) => `${minutes} min left`,
  stop: 'Stop viewing',
  readOnly: 'You are viewing the portal as another user: nothing can be changed. Stop viewing to make changes.',
  notViewing: 'You are not viewing as anyone.',
  staffRefused: 'Staff accounts cannot be viewed as.',
  stopped: (email: string) => `You stopped viewing as ${email}.`,
} as const;
