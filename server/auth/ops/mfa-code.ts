import type { AppContext } from '../../context';
import type { Queryable } from '../../db/client';
import { userError } from '../../errors';
import { AUTH_CODES, AUTH_SERVER_MESSAGES } from '../../../resources/auth/auth.messages';
import { consumeAntiSpamPass } from '../antispam';
import { codeSchema, decodeBase64, normaliseEmail } from '../auth-input';
import { checkChallenge, isUuid } from '../challenges';
import { COOKIES } from '../cookies';
import { createSession, enterSession } from '../sessions';
import { verifyToken } from '../tokens';
import { runCommand } from '../../commands/run-command';
import { antiSpamRefused } from './auth-errors';

export type MfaArgs = { otpCode: string; challengeName: string; username: string };

/** Second step: the emailed code, bound to the challenge in the mfa_session cookie. */
export async function mfaCode(ctx: AppContext, args: MfaArgs) {
  const code = codeSchema.safeParse(args.otpCode);
  if (!code.success) throw userError(AUTH_SERVER_MESSAGES.invalidCode, AUTH_CODES.codeMismatch);
  if (args.challengeName !== 'EMAIL_OTP') throw userError('Unsupported challenge.', AUTH_CODES.unsupportedFlow);
  const email = normaliseEmail(decodeUsername(args.username));
  if (!(await consumeAntiSpamPass(ctx, 'mfa_code'))) throw antiSpamRefused();

  const claims = await verifyToken<{ cid: string; email: string }>(
    ctx.authKeys.jwt,
    'mfa',
    ctx.cookies.get(COOKIES.mfa),
  );
  if (!claims || !isUuid(claims.cid))
    throw userError('The sign-in session is missing or has expired.', AUTH_CODES.missingSession);
  if (claims.email !== email) throw userError(AUTH_SERVER_MESSAGES.sessionExpired, AUTH_CODES.notAuthorized);

  // Signed in by this step: the user is the actor. A wrong code commits its count and records nothing.
  const outcome = await runCommand(ctx, {
    authorize: () => claims,
    write: async (tx) => {
      const checked = await checkChallenge(tx, ctx.authKeys.codes, { id: claims.cid, purpose: 'LOGIN' }, code.data);
      if (checked.outcome !== 'ok' || checked.userId == null) return { checked };
      // Before this sign-in's session exists: the first sign-in since accepting an invitation counts.
      const onboarding = await startOnboarding(tx, checked.userId);
      return { checked, session: await createSession(tx, checked.userId), onboarding };
    },
    history: ({ checked, session, onboarding }) =>
      session
        ? [
            {
              action: 'session.start',
              subjectType: 'User',
              subjectId: checked.userId,
              label: `User: ${email}`,
              changes: null,
              actor: { userId: checked.userId },
            },
            ...(onboarding ?? []).map((p) => ({
              action: 'property.onboard',
              subjectType: 'Property',
              subjectId: p.id,
              propertyId: p.id,
              label: `Property: ${p.name}`,
              before: { status: 'INVITED' },
              after: { status: 'ONBOARDING' },
              actor: { userId: checked.userId },
            })),
          ]
        : null,
  });
  const { checked } = outcome;
  for (const p of outcome.onboarding ?? []) ctx.pubsub.publish('property:updated', p.id, { id: p.id });
  if (checked.outcome === 'mismatch') throw userError(AUTH_SERVER_MESSAGES.invalidCode, AUTH_CODES.codeMismatch);
  // The sign-in session stays: after the lock the same code may be entered again (spec §8).
  if (checked.outcome === 'locked') throw userError(AUTH_SERVER_MESSAGES.tooManyCodes, AUTH_CODES.notAuthorized);
  if (!outcome.session) throw userError(AUTH_SERVER_MESSAGES.sessionExpired, AUTH_CODES.notAuthorized);

  const viewer = (await enterSession(ctx, outcome.session.sessionId, outcome.session.refreshToken))!;
  ctx.cookies.clear(COOKIES.mfa);
  ctx.viewer = viewer;
  return { success: true, authFlow: 'USER_PASSWORD', challengeName: null, challengeParameters: null };
}

/**
 * An invited user's first sign-in after accepting starts the onboarding of the Invited properties they
 * were invited to (issue 28: Invited → Onboarding); nobody else's sign-in moves a property. Asked with
 * one read from the user's own memberships (indexed), so an ordinary sign-in writes nothing here.
 */
async function startOnboarding(tx: Queryable, userId: number) {
  const due = await tx.query<{ id: number }>(
    `select distinct m.property_id as id
     from live_memberships m
     join properties p on p.id = m.property_id and p.status = 'INVITED'
     join users u on u.id = m.user_id
     join invitations i on i.property_id = m.property_id and i.email = u.email and i.accepted_at is not null
     where m.user_id = $1
       and not exists (select 1 from sessions s where s.user_id = $1 and s.created_at > i.accepted_at)`,
    [userId],
  );
  if (!due.length) return [];
  return tx.query<{ id: number; name: string }>(
    `update properties set status = 'ONBOARDING', updated_at = now()
     where id = any($1::int[]) and status = 'INVITED' returning id, name`,
    [due.map((d) => d.id)],
  );
}

function decodeUsername(value: string): string {
  // The spec sends the username base64-encoded to Login; MfaCode's is accepted either way.
  try {
    return decodeBase64(value, 'username', 700);
  } catch {
    return String(value ?? '').slice(0, 254);
  }
}
