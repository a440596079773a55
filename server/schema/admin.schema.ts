import type { SchemaModule } from './schema-module';
import type { AppContext } from '../context';
import { abilityFor } from '../auth/authorize';
import { requireActiveViewer } from '../auth/guards';
import { userError } from '../errors';
import { setFeatureFlag } from '../ops/operator-ops';
import { FEATURE_FLAGS } from '../../resources/domain';
import { probeBookingEmails, probeDatabase, probeMail, probeStorage } from '../http/health';
import { commandEnv } from '../commands/run-command';
import { flagEventCounts } from '../flags/flag-events';

/** Staff only; everyone else gets the same NOT_FOUND as for something that isn't there. */
async function requireStaffAccess(ctx: AppContext, what: 'HealthCheck' | 'FeatureFlag') {
  requireActiveViewer(ctx);
  if ((await abilityFor(ctx)).cannot('access', what)) throw userError('Not found.', 'NOT_FOUND');
}

/** The health check page (spec §2 /api-health-check) and the feature flag admin screen. */
export const adminSchema: SchemaModule = {
  typeDefs: /* GraphQL */ `
    type Probe { ok: Boolean!, latencyMs: Float!, detail: String! }
    type ApiHealth { database: Probe!, mail: Probe!, storage: Probe!, bookingEmails: Probe!, checkedAt: String!, uptimeSeconds: Int! }
    type FeatureFlagSetting { key: String!, enabled: Boolean!, description: String!, updatedAt: String! }
    type FlagEventCount { day: String!, flag: String!, value: Boolean!, count: Int! }
    extend type Query {
      apiHealth: ApiHealth!
      featureFlagSettings: [FeatureFlagSetting!]!
      "How often the portal acted on each flag and value, per day (spec §9 flag events), for the last days (1 to 90)."
      flagEventCounts(days: Int = 7): [FlagEventCount!]!
    }
    extend type Mutation {
      setFeatureFlag(key: String!, enabled: Boolean!): FeatureFlagSetting!
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
      flagEventCounts: async (_p: unknown, { days }: { days: number }, ctx: AppContext) => {
        await requireStaffAccess(ctx, 'FeatureFlag');
        if (!Number.isInteger(days) || days < 1 || days > 90)
          throw userError('days must be between 1 and 90.', 'BAD_USER_INPUT');
        return flagEventCounts(ctx, days);
      },
      featureFlagSettings: async (_p: unknown, _a: unknown, ctx: AppContext) => {
        await requireStaffAccess(ctx, 'FeatureFlag');
        const rows = await ctx.db.query<{ key: string; enabled: boolean; description: string; updated_at: Date }>(
          'select key, enabled, description, updated_at from feature_flags order by key',
        );
        return rows.map((r) => ({ ...r, updatedAt: new Date(r.updated_at).toISOString() }));
      },
    },
    Mutation: {
      setFeatureFlag: async (_p: unknown, { key, enabled }: { key: string; enabled: boolean }, ctx: AppContext) => {
        await requireStaffAccess(ctx, 'FeatureFlag');
        if (!(key in FEATURE_FLAGS)) throw userError(`Unknown feature flag: ${key.slice(0, 100)}`, 'BAD_USER_INPUT');
        const row = await ctx.db.transaction(async (tx) => {
          await setFeatureFlag(tx, key, enabled, commandEnv(ctx));
          const [r] = await tx.query<{ key: string; enabled: boolean; description: string; updated_at: Date }>(
            'select key, enabled, description, updated_at from feature_flags where key = $1',
            [key],
          );
          return r;
        });
        return { ...row, updatedAt: new Date(row.updated_at).toISOString() };
      },
    },
  },
};
