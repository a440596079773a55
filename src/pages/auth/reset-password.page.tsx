import { useRef, useState } from 'react';
import { Alert, Button, Form, Input, Result, Typography } from 'antd';
import { Link, useLocation, useNavigate } from 'react-router';
import { Navigate } from '../../lib/navigate';
import { PublicLayout } from '../../layouts/public-layout';
import { ANTI_SPAM_FORM_PROPS, AntiSpam, type AntiSpamHandle } from '../../auth/anti-spam';
import { GqlError, gqlRequest, toBase64 } from '../../../providers/graphql-request';
import { deleteCookie } from '../../../providers/browser-cookies';
import { formIsValid, zodRule } from '../../forms/zod-rule';
import { NewPasswordFields } from './new-password-fields';
import { AUTH_DOCS } from '../../../resources/auth/auth.documents';
import { AUTH_CODES, AUTH_TEXT, RESET_ERRORS, SIGN_IN_ERRORS, VALIDATION } from '../../../resources/auth/auth.messages';
import { bannerLine } from '../../auth/sign-in-errors';
import { resetPasswordForm, verificationCode } from '../../../resources/auth/auth.forms';
import type { ForgotState } from './forgot-password.page';

export function ResetPasswordPage() {
  const location = useLocation();
  // The email comes in navigation state from /forgot-password, or in the link of a reset staff sent (issue 30).
  const linked = new URLSearchParams(location.search).get('email')?.trim().slice(0, 254);
  const state = {
    ...(linked && /^[^@\s]+@[^@\s]+$/.test(linked) ? { email: linked } : {}),
    ...(location.state ?? {}),
  } as ForgotState;
  const navigate = useNavigate();
  const [form] = Form.useForm();
  const values = Form.useWatch([], form) as { code?: string; password?: string; confirmPassword?: string } | undefined;
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<{ message: string; resend?: boolean } | null>(null);
  const [done, setDone] = useState(false);
  const antiSpam = useRef<AntiSpamHandle>(null);

  if (!state.email) return <Navigate to="/forgot-password" replace state={{ notification: AUTH_TEXT.resetNotice }} />;
  const resendState = { email: state.email, destination: state.destination, sent: true, forced: state.forced };

  async function submit(v: { code: string; password: string }) {
    setSubmitting(true);
    setError(null);
    try {
      await antiSpam.current?.pass();
      await gqlRequest(AUTH_DOCS.forgotPasswordSubmit, {
        username: toBase64(state.email!),
        confirmationCode: v.code.trim(),
        password: toBase64(v.password),
      });
      // The reset signed the user out everywhere, this browser included.
      deleteCookie('id_token');
      setDone(true);
    } catch (e) {
      if (!(e instanceof GqlError)) return setError({ message: bannerLine(SIGN_IN_ERRORS.other) });
      // A code guessed wrongly too often is burnt: the server says so, and a new code is one click away.
      if (e.code === AUTH_CODES.expiredCode)
        setError({
          message: e.message === RESET_ERRORS.codeBurnt ? RESET_ERRORS.codeBurnt : RESET_ERRORS.invalidOrExpired,
          resend: true,
        });
      else if (e.code === AUTH_CODES.codeMismatch) form.setFields([{ name: 'code', errors: [RESET_ERRORS.wrongCode] }]);
      else if (e.code === AUTH_CODES.passwordHistory)
        form.setFields([{ name: 'password', errors: [RESET_ERRORS.history] }]);
      else if (e.code === AUTH_CODES.invalidPassword)
        form.setFields([
          {
            name: 'password',
            errors: [
              e.message === VALIDATION.weakPassword || e.message === VALIDATION.minLength
                ? e.message
                : RESET_ERRORS.insecure,
            ],
          },
        ]);
      else if (e.code === AUTH_CODES.limitExceeded) setError({ message: RESET_ERRORS.lockedOut, resend: true });
      else setError({ message: bannerLine(SIGN_IN_ERRORS.other) });
    } finally {
      setSubmitting(false);
    }
  }

  if (done) {
    return (
      <PublicLayout>
        <Result
          status="success"
          title={AUTH_TEXT.resetSuccess}
          subTitle="You can now sign in with your new password."
          extra={
            <Button type="primary" size="large" onClick={() => navigate('/sign-in', { replace: true })}>
              Sign in
            </Button>
          }
        />
      </PublicLayout>
    );
  }

  return (
    <PublicLayout>
      <Typography.Title level={1} style={{ fontSize: 26 }}>
        {AUTH_TEXT.resetTitle}
      </Typography.Title>
      <Typography.Paragraph>
        Enter the code we sent to <strong>{state.destination ?? state.email}</strong> and choose a new password.
      </Typography.Paragraph>
      {error && (
        <Alert
          role="alert"
          type="error"
          showIcon
          message={error.message}
          style={{ marginBottom: 16 }}
          action={
            error.resend ? (
              <Link to="/forgot-password" state={resendState}>
                Resend code
              </Link>
            ) : undefined
          }
        />
      )}
      <Form form={form} layout="vertical" requiredMark={false} onFinish={submit} {...ANTI_SPAM_FORM_PROPS}>
        <Form.Item label={AUTH_TEXT.codeLabel} name="code" rules={[zodRule(verificationCode)]} validateTrigger="onBlur">
          <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} autoFocus />
        </Form.Item>
        <NewPasswordFields labels={{ password: 'New password', confirm: 'Confirm new password' }} />
        <AntiSpam ref={antiSpam} action="reset_password" />
        <Button
          type="primary"
          htmlType="submit"
          block
          size="large"
          loading={submitting}
          disabled={!formIsValid(resetPasswordForm, values)}
          style={{ marginTop: 16 }}
        >
          Reset password
        </Button>
      </Form>
      <Typography.Paragraph style={{ marginTop: 16 }}>
        <Link to="/forgot-password" state={resendState}>
          Resend code
        </Link>{' '}
        · <Link to="/sign-in">Back to sign in</Link>
      </Typography.Paragraph>
    </PublicLayout>
  );
}
