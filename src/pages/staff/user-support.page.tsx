import { App, Alert, Button, Descriptions, Spin, Tag, Typography } from 'antd';
import { Link, useLocation, useParams } from 'react-router';
import { Navigate } from '../../lib/navigate';
import { useQueryClient } from '@tanstack/react-query';
import { useAbility } from '../../access/ability';
import { BackLink } from '../../layouts/back-link';
import { Panel } from '../../layouts/panel';
import { refreshGql, useGql, useGqlSend } from '../../portal/use-gql';
import { GqlError } from '../../../providers/graphql-errors';
import { GENERIC_MESSAGES } from '../../../resources/messages';
import { formatDateTime } from '../../../resources/plural';
import { SUPPORT_DOCS } from '../../../resources/users/support.documents';
import { USER_DOCS } from '../../../resources/users/user.documents';
import {
  LOCK_REASONS,
  OPERATOR_ACTOR,
  SUPPORT_ACTIONS,
  SUPPORT_MESSAGES,
  USER_HISTORY_NAMES,
  VIEW_AS_TEXTS,
  scopeUsersPath,
  type SupportAction,
} from '../../../resources/users/support';
import type { SupportUserQuery } from '../../generated/graphql-types';
import './user-support.css';
import { UserFlagsPanel } from './user-flags-panel';
import { useScreenAtLeast } from '../../lib/use-screen';

type User = SupportUserQuery['supportUser'];
type Lock = User['locks'][number];

const lockText = (l: Lock) => {
  const until = l.until ? formatDateTime(l.until) : '';
  if (l.kind === 'password') return LOCK_REASONS.password(l.count, until);
  if (l.kind === 'codeLocked') return LOCK_REASONS.codeLocked(until);
  if (l.kind === 'wrongCodes') return LOCK_REASONS.wrongCodes(l.count);
  return LOCK_REASONS.codesSent(l.count);
};

/** Which actions make sense for this user now (the server refuses the rest anyway). */
function offered(u: User): SupportAction[] {
  const out: SupportAction[] = [];
  if (u.locks.some((l) => l.kind !== 'codesSent')) out.push('unlock');
  if (!u.emailVerified || u.pendingEmail) out.push('resend');
  if (u.hasPassword) out.push('passwordReset');
  if (u.activeSessions > 0) out.push('signOut');
  return out;
}

/** Issue 30: staff's support page for one user, with the tools that help a supplier who is stuck. */
export function UserSupportPage() {
  const allowed = useAbility().can('manage', 'UserSupport');
  const userId = Number(useParams().userId);
  const valid = Number.isSafeInteger(userId) && userId > 0;
  const from = (useLocation().state as { from?: string } | null)?.from;
  const { data, isLoading, error } = useGql<SupportUserQuery>(
    ['support-user', userId],
    SUPPORT_DOCS.user,
    { userId },
    allowed && valid,
  );
  const send = useGqlSend();
  const client = useQueryClient();
  const { message, modal } = App.useApp();
  const phone = !useScreenAtLeast('sm');
  if (!allowed) return <Navigate to="/" replace />;
  const back = <BackLink to={from ?? '/'} label={from ? 'Back' : 'Back to home'} />;
  if (!valid || error)
    return (
      <>
        {back}
        <Alert type="error" showIcon role="alert" message={error?.message ?? SUPPORT_MESSAGES.notFound} />
      </>
    );
  if (isLoading || !data) return <Spin />;
  const u = data.supportUser;

  const run = (action: SupportAction) =>
    modal.confirm({
      title: `${SUPPORT_ACTIONS[action].button}?`,
      content: SUPPORT_ACTIONS[action].confirm(u.email),
      okText: SUPPORT_ACTIONS[action].button,
      okButtonProps: { danger: action === 'signOut' },
      onOk: async () => {
        try {
          const done = await send<{ supportAction: { message: string } }>(SUPPORT_DOCS.action, {
            userId: u.id,
            action,
          });
          message.success(done.supportAction.message);
        } catch (e) {
          message.error(e instanceof GqlError ? e.message : GENERIC_MESSAGES.somethingWentWrong);
        } finally {
          await refreshGql(client, ['support-user', u.id]);
        }
      },
    });

  const resendInvitation = (invitation: User['invitations'][number]) =>
    modal.confirm({
      title: `${SUPPORT_MESSAGES.resendInvitation}?`,
      content: SUPPORT_MESSAGES.resendInvitationConfirm(u.email, invitation.scopeName),
      okText: SUPPORT_MESSAGES.resendInvitation,
      onOk: async () => {
        try {
          const done = await send<{ resendInvitation: { message: string } }>(USER_DOCS.resend, {
            invitationId: invitation.id,
          });
          message.success(done.resendInvitation.message);
        } catch (e) {
          message.error(e instanceof GqlError ? e.message : GENERIC_MESSAGES.somethingWentWrong);
        } finally {
          await refreshGql(client, ['support-user', u.id]);
        }
      },
    });

  const viewAs = () =>
    modal.confirm({
      title: `${VIEW_AS_TEXTS.button} ${u.email}?`,
      content: VIEW_AS_TEXTS.confirm(u.email),
      okText: VIEW_AS_TEXTS.button,
      onOk: async () => {
        try {
          await send(SUPPORT_DOCS.startViewAs, { userId: u.id });
          // A new page as the user: their identity, abilities and data, nothing of staff's left in memory.
          window.location.assign('/');
        } catch (e) {
          message.error(e instanceof GqlError ? e.message : GENERIC_MESSAGES.somethingWentWrong);
        }
      },
    });
  const actions = offered(u);
  const blocked = u.isSelf ? SUPPORT_MESSAGES.self : u.isStaff ? SUPPORT_MESSAGES.staffAccount : null;
  return (
    <div className="user-support">
      {back}
      <Typography.Title level={1} style={{ fontSize: 26, marginBottom: 4 }}>
        {u.name}
      </Typography.Title>
      <div className="user-support__tags">
        <Typography.Text type="secondary">{u.email}</Typography.Text>
        {u.isStaff && <Tag color="purple">Staff</Tag>}
        <Tag color={u.emailVerified ? 'green' : 'orange'}>{u.emailVerified ? 'Verified' : 'Not verified'}</Tag>
        {u.locks.length > 0 && <Tag color="red">Locked out</Tag>}
      </div>

      <Panel title="Sign-in">
        {u.locks.length ? (
          <Alert
            type="warning"
            showIcon
            message="Cannot sign in now"
            description={
              <ul className="user-support__locks">
                {u.locks.map((l) => (
                  <li key={l.kind}>{lockText(l)}</li>
                ))}
              </ul>
            }
          />
        ) : (
          <Typography.Paragraph>Nothing stops this user signing in.</Typography.Paragraph>
        )}
        <Descriptions
          size="small"
          column={1}
          layout={phone ? 'vertical' : 'horizontal'}
          items={[
            {
              key: 'verified',
              label: 'Email address',
              children: u.pendingEmail
                ? `Changing to ${u.pendingEmail}, not confirmed yet`
                : u.emailVerified
                  ? 'Confirmed'
                  : 'Not confirmed',
            },
            { key: 'password', label: 'Password', children: u.hasPassword ? 'Set' : 'Not set yet (invited)' },
            {
              key: 'last',
              label: 'Last sign-in',
              children: u.lastSignInAt ? formatDateTime(u.lastSignInAt) : 'Never',
            },
            {
              key: 'sessions',
              label: 'Signed in on',
              children: `${u.activeSessions} ${u.activeSessions === 1 ? 'device' : 'devices'}`,
            },
          ]}
        />
        {blocked ? (
          <Typography.Paragraph type="secondary">{blocked}</Typography.Paragraph>
        ) : (
          <div className="user-support__actions" role="group" aria-label="Support actions">
            <Button onClick={viewAs}>{VIEW_AS_TEXTS.button}</Button>
            {(Object.keys(SUPPORT_ACTIONS) as SupportAction[]).map((a) => (
              <Button key={a} disabled={!actions.includes(a)} danger={a === 'signOut'} onClick={() => run(a)}>
                {SUPPORT_ACTIONS[a].button}
              </Button>
            ))}
          </div>
        )}
      </Panel>

      <Panel title="Access">
        {u.memberships.length === 0 && u.invitations.length === 0 && (
          <Typography.Paragraph type="secondary">No property or group access.</Typography.Paragraph>
        )}
        <ul className="plain-list" aria-label="Memberships">
          {u.memberships.map((m) => (
            <li key={m.id}>
              <Link to={scopeUsersPath(m)}>{m.scopeName}</Link> · {m.roleLabel}{' '}
              {m.disabled && <Tag color="red">Access disabled</Tag>}
            </li>
          ))}
          {u.invitations.map((i) => (
            <li key={`i${i.id}`}>
              <Link to={scopeUsersPath(i)}>{i.scopeName}</Link> · {i.roleLabel} ·{' '}
              <Tag color={i.expired ? 'red' : 'blue'}>{i.expired ? 'Invitation expired' : 'Invited'}</Tag>
              <Button size="small" onClick={() => resendInvitation(i)}>
                {SUPPORT_MESSAGES.resendInvitation}
              </Button>
            </li>
          ))}
        </ul>
      </Panel>

      <UserFlagsPanel user={u} />

      <Panel title="History">
        {u.history.length ? (
          <ul className="plain-list" aria-label="History">
            {u.history.map((h) => (
              <li key={h.id}>
                <strong>{USER_HISTORY_NAMES[h.action] ?? h.label}</strong>
                <div className="plain-list__description">
                  {formatDateTime(h.at)} · {h.actor ?? OPERATOR_ACTOR}
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <Typography.Paragraph type="secondary">Nothing recorded yet.</Typography.Paragraph>
        )}
      </Panel>
    </div>
  );
}
