import type { SchemaModule } from './schema-module';
import { resolveWith } from './schema-module';
import { bookingsByReference, supportPeople, supportUser } from '../users/user-support';
import { supportAction } from '../users/support-actions';
import { userFlags } from '../flags/flag-admin';
import { staffWorklist, stuckSuppliers } from '../properties/worklist';
import { startViewAs, stopViewAs, viewAsOf } from '../users/view-as';
import { WORKLIST_KEYS } from '../../resources/properties/worklist';
import type { AppContext } from '../context';

/** Staff support tools (issue 30): a user's page, people by email, and the actions that help a stuck supplier. */
export const supportSchema: SchemaModule = {
  typeDefs: /* GraphQL */ `
    enum SupportActionKind { unlock resend passwordReset signOut }
    enum WorklistKey { ${WORKLIST_KEYS.join(' ')} }
    "A worklist condition: how many things (stays, emails, refusals, users; properties for the rest) and how many properties."
    type WorklistCount { key: WorklistKey!, count: Int!, properties: Int! }
    "Why a user cannot sign in now: a password lock (count: addresses), a locked code, or an hour's budget of wrong or sent codes."
    type SupportLock { kind: String!, count: Int!, until: String }
    type SupportMembership { id: Int!, role: Role!, roleLabel: String!, propertyId: Int, propertyGroupId: Int, scopeName: String!, disabled: Boolean! }
    type SupportInvitation { id: Int!, roleLabel: String!, propertyId: Int, propertyGroupId: Int, scopeName: String!, expiresAt: String, expired: Boolean! }
    type SupportHistory { id: Int!, at: String!, action: String!, label: String!, actor: String, changes: JSON }
    type SupportUser {
      id: Int!, email: String!, name: String!, isStaff: Boolean!, isSelf: Boolean!
      emailVerified: Boolean!, pendingEmail: String, hasPassword: Boolean!
      lastSignInAt: String, activeSessions: Int!
      locks: [SupportLock!]!
      memberships: [SupportMembership!]!
      invitations: [SupportInvitation!]!
      history: [SupportHistory!]!
      "Each feature flag as this user has it; override is their own setting (null: they follow the flag)."
      flags: [UserFlag!]!
    }
    type UserFlag { key: String!, description: String!, enabled: Boolean!, override: Boolean }
    type SupportPerson { id: Int!, email: String!, name: String!, isStaff: Boolean!, reach: [String!]!, reachCount: Int! }
    type SupportInvitee { id: Int!, email: String!, propertyId: Int, propertyGroupId: Int, scopeName: String!, roleLabel: String! }
    "A property's key contact with the address searched for: contactType is BILLING, PRIMARY or RESERVATION; title names it."
    type SupportContact { propertyId: Int!, propertyName: String!, contactType: String!, title: String!, name: String!, email: String! }
    type SupportPeople { users: [SupportPerson!]!, invitations: [SupportInvitee!]!, contacts: [SupportContact!]! }
    type SupportResult { message: String! }
    type StuckSupplier { id: Int!, email: String!, name: String!, verified: Boolean!, locked: Boolean! }
    type BookingMatch { propertyId: Int!, propertyName: String!, hotelRef: String!, guestName: String! }
    "Staff viewing the portal as this user (issue 30): read-only until \`until\`."
    type ViewAs { staffEmail: String!, userEmail: String!, until: String! }
    type StopViewAsResult { message: String!, userId: Int! }
    extend type Viewer {
      "Set while staff view the portal as this user (null in one's own session)."
      viewAs: ViewAs
    }
    extend type Query {
      "Staff only: a user's support page."
      supportUser(userId: Int!): SupportUser!
      "Staff only: people whose email contains the text (3 to 254 characters), open invitations to such addresses, and key contacts with them."
      supportPeople(email: String!): SupportPeople!
      "Staff only: the bookings whose hotel or booking reference is this one."
      bookingsByReference(reference: String!): [BookingMatch!]!
      "Staff only: what needs attention across every property (issue 30)."
      staffWorklist: [WorklistCount!]!
      "Staff only: the suppliers locked out or unverified (the worklist's lockedUsers), newest first, at most 50."
      stuckSuppliers: [StuckSupplier!]!
    }
    extend type Mutation {
      "Staff only: unlock, resend the email confirmation, send a password reset code, or sign out everywhere."
      supportAction(userId: Int!, action: SupportActionKind!): SupportResult!
      "Staff only: see the portal as this user, read-only, for a while (never a staff account)."
      startViewAs(userId: Int!): SupportResult!
      "Ends viewing as someone and goes back to one's own session."
      stopViewAs: StopViewAsResult!
    }
  `,
  resolvers: {
    Query: {
      supportUser: resolveWith(supportUser),
      supportPeople: resolveWith(supportPeople),
      staffWorklist: resolveWith(staffWorklist),
      stuckSuppliers: resolveWith(stuckSuppliers),
      bookingsByReference: resolveWith(bookingsByReference),
    },
    Mutation: {
      supportAction: resolveWith(supportAction),
      startViewAs: resolveWith(startViewAs),
      stopViewAs: (_p: unknown, _a: unknown, ctx: AppContext) => stopViewAs(ctx),
    },
    Viewer: { viewAs: (_v: unknown, _a: unknown, ctx: AppContext) => viewAsOf(ctx) },
    SupportUser: { flags: (user: { id: number }, _a: unknown, ctx: AppContext) => userFlags(ctx.db, user.id) },
  },
};
