import type { AppContext } from '../context';
import { abilityFor, forbidden } from '../auth/authorize';
import { requireActiveViewer } from '../auth/guards';
import { commandEnv } from '../commands/run-command';
import { createProperty, OperatorError } from '../ops/operator-ops';
import { fieldErrors, invalid } from '../save/versioned-save';
import { loadProperty } from './property-repo';
import { newPropertySchema } from '../../resources/properties/new-property';

/**
 * Staff make a property from the portal (issue 29): what `npm run cli -- create-property` does,
 * with the caller as the history's actor. Field errors come back as a form's do.
 */
export async function createPropertyFromPortal(ctx: AppContext, raw: unknown) {
  requireActiveViewer(ctx);
  if ((await abilityFor(ctx)).cannot('manage', 'Admin')) throw forbidden();
  const parsed = newPropertySchema.safeParse(raw);
  if (!parsed.success) throw invalid(fieldErrors(parsed.error.issues));
  try {
    const id = await ctx.db.transaction((tx) => createProperty(tx, parsed.data, commandEnv(ctx)));
    return loadProperty(ctx.db, id);
  } catch (error) {
    // The group named is not there (the operation's own check).
    if (error instanceof OperatorError) throw invalid({ propertyGroupId: [error.message] });
    throw error;
  }
}
