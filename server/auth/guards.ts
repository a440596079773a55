import type { AppContext, Viewer } from '../context';
import { userError } from '../errors';

/** The signed-in viewer, or UNAUTHENTICATED (which the portal turns into a trip to /sign-in). */
export function requireViewer(ctx: AppContext): Viewer {
  if (!ctx.viewer) throw userError('You are not signed in.', 'UNAUTHENTICATED');
  return ctx.viewer;
}
