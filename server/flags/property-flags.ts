import type { AppContext } from '../context';
import { requireStaffAbility, checkPropertyId } from '../auth/authorize';
import { requiredReason } from '../commands/change-reason';
import { runCommand } from '../commands/run-command';
import { userError } from '../errors';
import { lockedProperty } from '../properties/property-repo';
import { flagKey } from './flag-admin';
import {
  FLAG_DESCRIPTIONS,
  FLAG_TEXTS,
  PROPERTY_TARGETED_FLAGS,
  isPropertyTargeted,
} from '../../resources/feature-flags';
import { FEATURE_FLAGS, type FeatureFlagKey } from '../../resources/domain';

/** Query.propertyFlags: the flags staff may set at this property, each with its setting there (null: it follows each user). */
export async function propertyFlags(ctx: AppContext, args: { propertyId: unknown }) {
  await requireStaffAbility(ctx, 'access', 'FeatureFlag');
  const id = checkPropertyId(args.propertyId);
  const [row] = await ctx.db.query<{ flag_overrides: Record<string, boolean> }>(
    'select flag_overrides from properties where id = $1',
    [id],
  );
  if (!row) throw userError('Property not found.', 'NOT_FOUND');
  const stored = await ctx.db.query<{ key: string; enabled: boolean }>(
    'select key, enabled from feature_flags where key = any($1::text[])',
    [PROPERTY_TARGETED_FLAGS],
  );
  return PROPERTY_TARGETED_FLAGS.map((key) => ({
    key,
    description: FLAG_DESCRIPTIONS[key],
    enabled: stored.find((s) => s.key === key)?.enabled ?? FEATURE_FLAGS[key],
    override: typeof row.flag_overrides?.[key] === 'boolean' ? row.flag_overrides[key] : null,
  }));
}

/**
 * Mutation.setPropertyFeatureFlag: staff set a flag on or off at one property, or back to following
 * each user (enabled null), with a reason; one command, one record in the flag's history and the
 * property's. Only the flags that act on a property's pages (PROPERTY_TARGETED_FLAGS).
 */
export async function setPropertyFeatureFlag(
  ctx: AppContext,
  args: { propertyId: unknown; key: unknown; enabled?: boolean | null; reason: unknown },
) {
  await requireStaffAbility(ctx, 'access', 'FeatureFlag');
  const key: FeatureFlagKey = flagKey(args.key);
  if (!isPropertyTargeted(key)) throw userError(FLAG_TEXTS.notPropertyTargeted(key), 'BAD_USER_INPUT');
  const reason = requiredReason(args.reason);
  const propertyId = checkPropertyId(args.propertyId);
  const enabled = args.enabled ?? null;
  const property = await runCommand(ctx, {
    authorize: () => propertyId,
    lock: (tx, id) => lockedProperty(tx, id),
    write: async (tx, row) => {
      await tx.query(
        `update properties set flag_overrides = case when $3::boolean is null then flag_overrides - $2
           else flag_overrides || jsonb_build_object($2::text, $3::boolean) end where id = $1`,
        [row.id, key, enabled],
      );
      return row;
    },
    history: (_r, row) => {
      const before = row.flag_overrides?.[key] ?? null;
      return before === enabled
        ? null
        : {
            action: 'feature_flag.property',
            subjectType: 'FeatureFlag',
            subjectId: key,
            propertyId: row.id,
            label: `Feature flag: ${key} at ${row.name}`,
            before: { property: row.name, enabled: before },
            after: { property: row.name, enabled, reason },
          };
    },
  });
  ctx.pubsub.publish('property:updated', property.id, { id: property.id });
  return { message: FLAG_TEXTS.propertyChanged(key, property.name) };
}
