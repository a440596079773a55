import { useEffect, useState } from 'react';
import { Alert, Button, Form, Result, Spin, Typography } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PublicLayout } from '../../layouts/public-layout';
import { GqlError, gqlRequest } from '../../../providers/graphql-request';
import { formIsValid } from '../../forms/zod-rule';
import { NewPasswordFields } from './new-password-fields';
import { newPasswordForm } from '../../../resources/auth/auth.forms';
import { AUTH_CODES } from '../../../resources/auth/auth.messages';
import { GENERIC_MESSAGES } from '../../../resources/messages';
import { USER_DOCS } from '../../../resources/users/user.documents';
import { USER_MESSAGES } from '../../../resources/users/user-rules';
import type { InvitationQuery } from '../../generated/graphql-types';

type Invitation = InvitationQuery['invitation'];

/** /accept-invitation?token=…: the emailed link. A new account chooses its password (§5 rules); then the usual sign-in. */
export function AcceptInvitationPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [form] = Form.useForm();
  const values = Form.useWatch([], form) as { password?: string; confirmPassword?: string } | undefined;
  const [invitation, setInvitation] = useState<Invitation | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState(false);

  useEffect(() => {
    gqlRequest<InvitationQuery>(USER_DOCS.invitation, { token }).then(
      (data) => setInvitation(data.invitation),
      (e) => setProblem(e instanceof GqlError ? e.message : GENERIC_MESSAGES.somethingWentWrong),
    );
  }, [token]);

  async function accept(v: { password?: string }) {
    setSaving(true);
    setError(null);
    try {
      await gqlRequest(USER_DOCS.accept, { token, password: v.password ?? null });
      setDone(true);
    } catch (e) {
      if (!(e instanceof GqlError)) setError(GENERIC_MESSAGES.somethingWentWrong);
      else if (e.code === AUTH_CODES.invalidPassword || e.code === AUTH_CODES.passwordHistory)
        form.setFields([{ name: 'password', errors: [e.message] }]);
      else if (e.code.startsWith('INVITATION_')) setProblem(e.message);
      else setError(e.message);
    } finally {
      setSaving(false);
    }
  }

  const signIn = (
    <Button type="primary" size="large" onClick={() => navigate('/sign-in', { replace: true })}>
      Sign in
    </Button>
  );
  if (done)
    return (
      <PublicLayout>
        <Result
          status="success"
          title={USER_MESSAGES.accepted}
          subTitle="Sign in with your email and password; we'll email you a code."
          extra={signIn}
        />
      </PublicLayout>
    );
  if (problem)
    return (
      <PublicLayout>
        <Result status="warning" title={problem} extra={signIn} />
      </PublicLayout>
    );
  if (!invitation)
    return (
      <PublicLayout>
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      </PublicLayout>
    );

  return (
    <PublicLayout>
      <Typography.Title level={1} style={{ fontSize: 26 }}>
        Accept your invitation
      </Typography.Title>
      <Typography.Paragraph>
        You're invited to manage <strong>{invitation.scopeName}</strong> as {invitation.roleLabel}, with the account{' '}
        <strong>{invitation.email}</strong>.
      </Typography.Paragraph>
      {error && <Alert role="alert" type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      {invitation.needsPassword ? (
        <Form form={form} layout="vertical" requiredMark={false} onFinish={accept}>
          <Typography.Paragraph>Choose a password for your account.</Typography.Paragraph>
          <NewPasswordFields labels={{ password: 'Password', confirm: 'Confirm password' }} autoFocus />
          <Button
            type="primary"
            htmlType="submit"
            block
            size="large"
            loading={saving}
            disabled={!formIsValid(newPasswordForm, values)}
            style={{ marginTop: 16 }}
          >
            Set password and accept
          </Button>
        </Form>
      ) : (
        <Button type="primary" block size="large" loading={saving} onClick={() => accept({})}>
          Accept invitation
        </Button>
      )}
      <Typography.Paragraph style={{ marginTop: 16 }}>
        <Link to="/sign-in">Back to sign in</Link>
      </Typography.Paragraph>
    </PublicLayout>
  );
}
