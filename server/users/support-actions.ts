import type { AppContext } from '../context';
import type { Queryable } from '../db/client';
import { userError } from '../errors';
import { oneOfArg } from '../input-args';
import { runCommand } from '../commands/run-command';
import { refused } from '../commands/refusals';
import type { HistoryEntry } from '../commands/history';
import { issueChallenge, withdrawChallenge, type IssuedChallenge } from '../auth/challenges';
import { revokeAllSessions } from '../auth/sessions';
import { confirmEmailMail, resetCodeMail } from '../mail/templates';
import { MailDeliveryError, type MailMessage } from '../mail/mailer';
import { confirmLink } from '../auth/ops/change-email';
import {
  SUPPORT_ACTION_KEYS,
  SUPPORT_ACTIONS,
  SUPPORT_MAIL_FAILED,
  SUPPORT_MESSAGES,
  SUPPORT_REPEAT_SECONDS,
  type SupportAction,
} from '../../resources/users/support';
import { locksOf, requireSupportStaff, supportTarget, type SupportTarget } from './user-support';

type Done = { message: string; mail?: MailMessage; issued?: IssuedChallenge; sessionsEnded?: number };

/** Each action: what must hold first (a refusal otherwise), what it writes, and what it reports. */
const ACTIONS: Record<
  SupportAction,
  {
    check?: (u: SupportTarget, tx: Queryable) => Promise<void> | void;
    write: (ctx: AppContext, tx: Queryable, u: SupportTarget) => Promise<Done & { before?: unknown; after?: unknown }>;
  }
> = {
  unlock: {
    check: async (u, tx) => {
      if (!(await locksOf(tx, u.email)).some((l) => l.kind !== 'codesSent'))
        throw refused(SUPPORT_MESSAGES.notLocked(u.email));
    },
    write: async (_ctx, tx, u) => {
      const before = (await locksOf(tx, u.email)).map((l) => l.kind);
      await tx.query(
        `update login_throttle set failures = 0, lock_level = 0, locked_until = null, updated_at = now()
          where email = $1 and (failures > 0 or locked_until is not null)`,
        [u.email],
      );
      await tx.query('delete from login_pressure where email = $1', [u.email]);
      await tx.query(
        `update auth_challenges set attempts = 0, locked_until = null
          where email = $1 and purpose = 'LOGIN' and created_at > now() - interval '1 hour'
            and (attempts > 0 or locked_until is not null)`,
        [u.email],
      );
      const after = (await locksOf(tx, u.email)).map((l) => l.kind);
      return { message: SUPPORT_ACTIONS.unlock.done(u.email), before: { locks: before }, after: { locks: after } };
    },
  },
  resend: {
    check: (u) => {
      if (u.email_verified && !u.pending_email) throw refused(SUPPORT_MESSAGES.alreadyVerified(u.email));
    },
    write: async (ctx, tx, u) => {
      const email = u.pending_email ?? u.email;
      const issued = await issueChallenge(tx, ctx.authKeys.codes, { userId: u.id, email, purpose: 'VERIFY_EMAIL' });
      return {
        message: SUPPORT_ACTIONS.resend.done(email),
        mail: confirmEmailMail(email, confirmLink(ctx, issued.code)),
        issued,
        after: { sentTo: email },
      };
    },
  },
  passwordReset: {
    check: (u) => {
      if (!u.has_password) throw refused(SUPPORT_MESSAGES.noPassword(u.email));
    },
    write: async (ctx, tx, u) => {
      const issued = await issueChallenge(tx, ctx.authKeys.codes, {
        userId: u.id,
        email: u.email,
        purpose: 'RESET_PASSWORD',
        address: 'staff',
      });
      const link = new URL('/reset-password', ctx.config.PUBLIC_URL);
      link.searchParams.set('email', u.email);
      return {
        message: SUPPORT_ACTIONS.passwordReset.done(u.email),
        mail: resetCodeMail(u.email, issued.code, link.toString()),
        issued,
        after: { sentTo: u.email },
      };
    },
  },
  signOut: {
    write: async (_ctx, tx, u) => {
      const [{ n }] = await tx.query<{ n: number }>(
        'select count(*)::int as n from sessions where user_id = $1 and revoked_at is null and expires_at > now()',
        [u.id],
      );
      await revokeAllSessions(tx, u.id, 'signed out by staff');
      return {
        message: SUPPORT_ACTIONS.signOut.done(u.email, n),
        sessionsEnded: n,
        before: { sessions: n },
        after: { sessions: 0 },
      };
    },
  },
};

/** Refuses the same action on the same user again within SUPPORT_REPEAT_SECONDS (read under the user's lock). */
async function notTooSoon(tx: Queryable, action: SupportAction, userId: number) {
  const [last] = await tx.query<{ ago: number; action: string }>(
    `select extract(epoch from now() - at)::float8 as ago, action from audit_log
      where subject_type = 'User' and subject_id = $1 and action in ($2, $3) order by id desc limit 1`,
    [String(userId), SUPPORT_ACTIONS[action].history, SUPPORT_MAIL_FAILED],
  );
  // A send whose mail failed may be tried again at once.
  if (last && last.action !== SUPPORT_MAIL_FAILED && last.ago < SUPPORT_REPEAT_SECONDS)
    throw refused(SUPPORT_MESSAGES.tooSoon(Math.max(1, Math.ceil(SUPPORT_REPEAT_SECONDS - last.ago))));
}

/**
 * Mutation.supportAction: one of the support tools on a user, through the one command path: staff
 * only (NOT_FOUND for anyone else), never on the caller's own account or another staff account,
 * not twice within a minute; one history record with the staff member as actor and the user as
 * subject. A mail that cannot be sent takes its code back and says so.
 */
export async function supportAction(ctx: AppContext, args: { userId: unknown; action: unknown }) {
  const action = oneOfArg('action', args.action, SUPPORT_ACTION_KEYS);
  await requireSupportStaff(ctx);
  const found = await supportTarget(ctx.db, args.userId);
  if (found.id === ctx.viewer!.id) throw refused(SUPPORT_MESSAGES.self);
  if (found.is_staff) throw refused(SUPPORT_MESSAGES.staffAccount);
  const def = ACTIONS[action];
  const done = await runCommand(ctx, {
    authorize: () => found,
    lock: (tx) => supportTarget(tx, found.id, true),
    check: async (u, _a, tx) => {
      await notTooSoon(tx, action, u.id);
      await def.check?.(u, tx);
    },
    write: (tx, u) => def.write(ctx, tx, u),
    // Signing out someone with no live session changes nothing, so it leaves no record.
    history: (d, u): HistoryEntry | null =>
      d.sessionsEnded === 0
        ? null
        : {
            action: SUPPORT_ACTIONS[action].history,
            subjectType: 'User',
            subjectId: u.id,
            label: `User: ${u.email}`,
            before: d.before ?? null,
            after: d.after ?? null,
          },
  });
  if (action === 'signOut') ctx.pubsub.publish('session:ended', { userId: found.id });
  if (done.mail) {
    try {
      await ctx.mailer.deliver(done.mail, ctx.log);
    } catch (error) {
      // The code goes again, and the history says the mail did not leave.
      await runCommand(ctx, {
        authorize: () => found,
        write: async (tx) => {
          if (done.issued) await withdrawChallenge(tx, done.issued);
        },
        history: () => ({
          action: SUPPORT_MAIL_FAILED,
          subjectType: 'User',
          subjectId: found.id,
          label: `User: ${found.email}`,
          changes: [{ field: 'mail', before: SUPPORT_ACTIONS[action].history, after: 'not sent' }],
        }),
      });
      if (error instanceof MailDeliveryError) throw userError(SUPPORT_MESSAGES.mailFailed, 'MAIL_UNAVAILABLE');
      throw error;
    }
  }
  return { message: done.message };
}
