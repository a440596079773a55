import type { AppContext, Viewer } from '../context';
import { userError } from '../errors';
import { passwordHasExpired } from '../../resources/auth/password-policy';

/** The signed-in viewer, or UNAUTHENTICATED (which the portal turns into a trip to /sign-in). */
export function requireViewer(ctx: AppContext): Viewer {
  if (!ctx.viewer) throw userError('You are not signed in.', 'UNAUTHENTICATED');
  return ctx.viewer;
}

/** A viewer whose password has expired may only reset it (spec §4): every other operation is refused. */
export function requireActiveViewer(ctx: AppContext): Viewer {
  const viewer = requireViewer(ctx);
  if (passwordHasExpired(viewer.passwordResetAt, viewer.flags.includes('FIRST_LOGIN'))) {
    throw userError('Your password has expired. Reset it to continue.', 'PASSWORD_EXPIRED');
  }
  return viewer;
}
