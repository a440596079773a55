import type { AppContext } from '../context';
import { userError } from '../errors';
import { runCommand, commandEnv } from '../commands/run-command';
import { refused } from '../commands/refusals';
import { addRefreshToken, clearSessionCookies, createSession, enterSession } from '../auth/sessions';
import { SUPPORT_MESSAGES, VIEW_AS_MINUTES, VIEW_AS_TEXTS } from '../../resources/users/support';
import { requireSupportStaff, supportTarget } from './user-support';

/**
 * Mutation.startViewAs (issue 30): staff see the portal as a user. The browser moves to a new
 * session of that user's that is read-only (every write refused: graphql-guards.ts and the command
 * path), ends after VIEW_AS_MINUTES and remembers the staff session to come back to. Never a staff
 * account, never oneself; start and stop are in the user's history with both ids.
 */
export async function startViewAs(ctx: AppContext, args: { userId: unknown }) {
  await requireSupportStaff(ctx);
  const staff = ctx.viewer!;
  const target = await supportTarget(ctx.db, args.userId);
  if (target.id === staff.id) throw refused(SUPPORT_MESSAGES.self);
  if (target.is_staff) throw refused(VIEW_AS_TEXTS.staffRefused);
  const session = await runCommand(ctx, {
    authorize: () => target,
    write: (tx, _s, t) =>
      createSession(tx, t.id, { by: staff.id, from: staff.sessionId, seconds: VIEW_AS_MINUTES * 60 }),
    history: (_r, _s, t) => ({
      action: 'user.view_as.start',
      subjectType: 'User',
      subjectId: t.id,
      label: `User: ${t.email}`,
      before: null,
      after: { staffUserId: staff.id, userId: t.id, minutes: VIEW_AS_MINUTES },
    }),
  });
  await enterSession(ctx, session.sessionId, session.refreshToken);
  return { message: VIEW_AS_TEXTS.banner(target.email) };
}

/**
 * Mutation.stopViewAs: ends the viewing session (its sockets close) and takes the browser back to
 * the staff session it came from, with a new refresh token; if that session has ended meanwhile,
 * the browser is signed out.
 */
export async function stopViewAs(ctx: AppContext) {
  const viewer = ctx.viewer;
  if (!viewer?.viewAs) throw userError(VIEW_AS_TEXTS.notViewing, 'BAD_USER_INPUT');
  const view = viewer.viewAs;
  const env = { ...commandEnv(ctx, { userId: view.staffUserId }), viewingAs: false };
  const back = await runCommand(
    { ...env, db: ctx.db },
    {
      authorize: () => viewer,
      write: async (tx) => {
        await tx.query(`update sessions set revoked_at = now(), revoked_reason = 'view as stopped' where id = $1`, [
          viewer.sessionId,
        ]);
        const [from] = view.fromSession
          ? await tx.query<{ id: string }>(
              'select id from sessions where id = $1 and revoked_at is null and expires_at > now()',
              [view.fromSession],
            )
          : [];
        return from ? { sessionId: from.id, refreshToken: await addRefreshToken(tx, from.id) } : null;
      },
      history: () => ({
        action: 'user.view_as.stop',
        subjectType: 'User',
        subjectId: viewer.id,
        label: `User: ${viewer.email}`,
        before: { staffUserId: view.staffUserId, userId: viewer.id },
        after: null,
      }),
    },
  );
  ctx.pubsub.publish('session:ended', { sessionId: viewer.sessionId });
  if (!back) {
    clearSessionCookies(ctx);
    return { message: SUPPORT_MESSAGES.viewEnded, userId: viewer.id };
  }
  await enterSession(ctx, back.sessionId, back.refreshToken);
  return { message: VIEW_AS_TEXTS.stopped(viewer.email), userId: viewer.id };
}

/** Viewer.viewAs: who is viewing as this user, until when (null in one's own session). */
export const viewAsOf = (ctx: AppContext) =>
  ctx.viewer?.viewAs
    ? {
        staffEmail: ctx.viewer.viewAs.staffEmail,
        userEmail: ctx.viewer.email,
        until: new Date(ctx.viewer.viewAs.until).toISOString(),
      }
    : null;
