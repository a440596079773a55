import { resolveWith, type SchemaModule } from './schema-module';
import { propertyFlags, setPropertyFeatureFlag } from '../flags/property-flags';
import type { AppContext } from '../context';
import { requireStaffAbility } from '../auth/authorize';
import { userError } from '../errors';
import { setFeatureFlag, setUserFeatureFlag } from '../ops/operator-ops';
import { flagKey, flagSettings } from '../flags/flag-admin';
import { requiredReason } from '../commands/change-reason';
import { supportTarget } from '../users/user-support';
import { FLAG_TEXTS } from '../../resources/feature-flags';
import { probeBookingEmails, probeDatabase, probeMail, probeStorage } from '../http/health';
import { commandEnv } from '../commands/run-command';
import { flagEventCounts } from '../flags/flag-events';
import { bookingEmailTrouble, channelStates, intakeRefusals, retryBookingEmail } from '../ops/health-drilldown';
import { CHANNEL_STATE_LABELS } from '../../resources/reservations/channel-states';

/** Staff only (requireStaffAbility). */
const requireStaffAccess = (ctx: AppContext, what: 'HealthCheck' | 'FeatureFlag') =>
  requireStaffAbility(ctx, 'access', what);

/** The health check page (spec §2 /api-health-check) and the feature flag admin screen. */
export const adminSchema: SchemaModule = {
  typeDefs: /* GraphQL */ `
    type Probe { ok: Boolean!, latencyMs: Float!, detail: String! }
    type ApiHealth { database: Probe!, mail: Probe!, storage: Probe!, bookingEmails: Probe!, checkedAt: String!, uptimeSeconds: Int! }
    "Whom a flag reaches: its audience (staff, or everyone else) without a setting of their own, across the properties not archived."
    type FlagReach { users: Int!, overrides: Int!, properties: Int!, "Properties with a setting of their own (issue 30)." propertiesOwn: Int! }
    "A change of a flag (forUser: one user's own setting; enabled null: that setting was removed)."
    type FlagChange { at: String!, actor: String, forUser: String, forProperty: String, enabled: Boolean, was: Boolean, reason: String }
    type FeatureFlagSetting {
      key: String!, enabled: Boolean!, description: String!, updatedAt: String!
      audience: String!, reach: FlagReach!, history: [FlagChange!]!
    }
    type FlagOverrideResult { message: String! }
    "A booking email that failed or waits to retry (issue 30)."
    type BookingEmailTrouble {
      propertyId: Int!, id: ID!, propertyName: String!, hotelRef: String!, kind: String!, recipient: String!
      status: String!, attempts: Int!, lastError: String, nextAttemptAt: String, createdAt: String!
    }
    enum ChannelState { ${Object.keys(CHANNEL_STATE_LABELS).join(' ')} }
    "A booking system at a property: its key's state there, its last booking pushed and its last refusal (property null: it never sent one)."
    type ChannelStateRow {
      apiKey: String!, propertyId: Int, propertyName: String, state: ChannelState!, lastUsedAt: String
      lastPushAt: String, lastErrorAt: String, lastError: String
    }
    "A booking the intake refused, from a booking system with a good key (the newest 1,000 are kept)."
    type IntakeRefusal {
      id: ID!, at: String!, apiKey: String!, propertyId: Int, propertyName: String, bookingRef: String
      code: String!, message: String!, correlationId: String
    }
    type RetryResult { message: String! }
    type FlagEventCount { day: String!, flag: String!, value: Boolean!, count: Int! }
    extend type Query {
      apiHealth: ApiHealth!
      "Staff only: booking emails failed or waiting to retry, newest first (200 at most)."
      bookingEmailTrouble: [BookingEmailTrouble!]!
      "Staff only: the intake's kept refusals, newest first."
      intakeRefusals: [IntakeRefusal!]!
      "Staff only: each booking system's state at the properties it was active at (issue 30), newest activity first."
      channelStates: [ChannelStateRow!]!
      featureFlagSettings: [FeatureFlagSetting!]!
      "Staff only: the flags that may be set per property, each with its setting at this property (override null: it follows each user)."
      propertyFlags(propertyId: Int!): [UserFlag!]!
      "How often the portal acted on each flag and value, per day (spec §9 flag events), for the last days (1 to 90)."
      flagEventCounts(days: Int = 7): [FlagEventCount!]!
    }
    extend type Mutation {
      "Staff only: sends a failed or waiting booking email again now."
      retryBookingEmail(propertyId: Int!, id: ID!): RetryResult!
      "Turns a flag on or off for everyone without a setting of their own; the reason goes in its history."
      setFeatureFlag(key: String!, enabled: Boolean!, reason: String!): FeatureFlagSetting!
      "One user's own setting of a flag (enabled null: they follow the flag again); the reason goes in its history."
      setUserFeatureFlag(userId: Int!, key: String!, enabled: Boolean, reason: String!): FlagOverrideResult!
      "Staff only: a flag on or off at one property, or (enabled null) back to following each user."
      setPropertyFeatureFlag(propertyId: Int!, key: String!, enabled: Boolean, reason: String!): FlagOverrideResult!
    }
  `,
  resolvers: {
    Query: {
      apiHealth: async (_p: unknown, _a: unknown, ctx: AppContext) => {
        await requireStaffAccess(ctx, 'HealthCheck');
        const [database, mail, storage, bookingEmails] = await Promise.all([
          probeDatabase(ctx),
          probeMail(ctx),
          probeStorage(ctx),
          probeBookingEmails(ctx),
        ]);
        return {
          database,
          mail,
          storage,
          bookingEmails,
          checkedAt: new Date().toISOString(),
          uptimeSeconds: Math.round(process.uptime()),
        };
      },
      bookingEmailTrouble: async (_p: unknown, _a: unknown, ctx: AppContext) => {
        await requireStaffAccess(ctx, 'HealthCheck');
        return bookingEmailTrouble(ctx);
      },
      channelStates: async (_p: unknown, _a: unknown, ctx: AppContext) => {
        await requireStaffAccess(ctx, 'HealthCheck');
        return channelStates(ctx);
      },
      intakeRefusals: async (_p: unknown, _a: unknown, ctx: AppContext) => {
        await requireStaffAccess(ctx, 'HealthCheck');
        return intakeRefusals(ctx);
      },
      flagEventCounts: async (_p: unknown, { days }: { days: number }, ctx: AppContext) => {
        await requireStaffAccess(ctx, 'FeatureFlag');
        if (!Number.isInteger(days) || days < 1 || days > 90)
          throw userError('days must be between 1 and 90.', 'BAD_USER_INPUT');
        return flagEventCounts(ctx, days);
      },
      propertyFlags: resolveWith(propertyFlags),
      featureFlagSettings: async (_p: unknown, _a: unknown, ctx: AppContext) => {
        await requireStaffAccess(ctx, 'FeatureFlag');
        return flagSettings(ctx.db);
      },
    },
    Mutation: {
      retryBookingEmail: async (_p: unknown, args: { propertyId: unknown; id: unknown }, ctx: AppContext) => {
        await requireStaffAccess(ctx, 'HealthCheck');
        return retryBookingEmail(ctx, args);
      },
      setFeatureFlag: async (
        _p: unknown,
        args: { key: unknown; enabled: boolean; reason: unknown },
        ctx: AppContext,
      ) => {
        await requireStaffAccess(ctx, 'FeatureFlag');
        const key = flagKey(args.key);
        const reason = requiredReason(args.reason);
        await ctx.db.transaction((tx) => setFeatureFlag(tx, key, args.enabled, commandEnv(ctx), reason));
        return (await flagSettings(ctx.db, key))[0];
      },
      setPropertyFeatureFlag: resolveWith(setPropertyFeatureFlag),
      setUserFeatureFlag: async (
        _p: unknown,
        args: { userId: unknown; key: unknown; enabled: boolean | null; reason: unknown },
        ctx: AppContext,
      ) => {
        await requireStaffAccess(ctx, 'FeatureFlag');
        const key = flagKey(args.key);
        const reason = requiredReason(args.reason);
        const user = await supportTarget(ctx.db, args.userId);
        await ctx.db.transaction((tx) =>
          setUserFeatureFlag(tx, user.email, key, args.enabled ?? null, commandEnv(ctx), reason),
        );
        return { message: FLAG_TEXTS.userChanged(key, user.email) };
      },
    },
  },
};
