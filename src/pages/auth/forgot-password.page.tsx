import { useRef, useState } from 'react';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { Link, useLocation, useNavigate } from 'react-router';
import { PublicLayout } from '../../layouts/public-layout';
import { ANTI_SPAM_FORM_PROPS, AntiSpam, type AntiSpamHandle } from '../../auth/anti-spam';
import { GqlError, gqlRequest, toBase64 } from '../../../providers/graphql-request';
import { bannerLine, signInBanner } from '../../auth/sign-in-errors';
import { formIsValid, zodRule } from '../../forms/zod-rule';
import { AUTH_DOCS } from '../../../resources/auth/auth.documents';
import { AUTH_TEXT, SIGN_IN_ERRORS } from '../../../resources/auth/auth.messages';
import { forgotPasswordForm } from '../../../resources/auth/auth.forms';
import type { ForgotPasswordMutation } from '../../generated/graphql-types';

export type ForgotState = {
  forced?: boolean;
  notification?: string;
  email?: string;
  sent?: boolean;
  destination?: string;
};
type Sent = ForgotPasswordMutation;

export function ForgotPasswordPage() {
  const location = useLocation();
  const state = (location.state ?? {}) as ForgotState;
  const navigate = useNavigate();
  const [form] = Form.useForm();
  const values = Form.useWatch([], form);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(state.notification ?? null);
  const [sent, setSent] = useState<{ email: string; destination: string } | null>(
    state.sent && state.email ? { email: state.email, destination: state.destination ?? state.email } : null,
  );
  const antiSpam = useRef<AntiSpamHandle>(null);

  async function send(email: string, goOn: boolean) {
    setSending(true);
    setError(null);
    const normalised = email.trim().toLowerCase();
    try {
      await antiSpam.current?.pass();
      const { forgotPassword } = await gqlRequest<Sent>(AUTH_DOCS.forgotPassword, { username: toBase64(normalised) });
      const destination = forgotPassword.codeDeliveryDetails?.destination ?? normalised;
      setSent({ email: normalised, destination });
      if (goOn) navigate('/reset-password', { state: { email: normalised, destination, forced: state.forced } });
    } catch (e) {
      const banner = e instanceof GqlError ? signInBanner(e) : null;
      setError(bannerLine(banner ?? SIGN_IN_ERRORS.other));
    } finally {
      setSending(false);
    }
  }

  return (
    <PublicLayout>
      <Typography.Title level={1} style={{ fontSize: 26 }}>
        {state.forced ? AUTH_TEXT.forgotTitleForced : AUTH_TEXT.forgotTitle}
      </Typography.Title>
      {error && <Alert role="alert" type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      {sent ? (
        <>
          <Alert
            role="status"
            type="success"
            showIcon
            message={`We've sent a reset code to ${sent.destination}.`}
            style={{ marginBottom: 16 }}
          />
          <AntiSpam ref={antiSpam} action="forgot_password" />
          <Button
            type="primary"
            block
            size="large"
            style={{ marginTop: 16 }}
            onClick={() =>
              navigate('/reset-password', {
                state: { email: sent.email, destination: sent.destination, forced: state.forced },
              })
            }
          >
            Enter the code
          </Button>
          <Button block style={{ marginTop: 12 }} loading={sending} onClick={() => send(sent.email, false)}>
            Resend code
          </Button>
        </>
      ) : (
        <>
          <Typography.Paragraph>
            {state.forced ? 'Your password has expired. ' : ''}Enter the email you sign in with and we'll send you a
            code to choose a new password.
          </Typography.Paragraph>
          <Form
            form={form}
            layout="vertical"
            requiredMark={false}
            onFinish={({ email }) => send(email, true)}
            initialValues={{ email: state.email }}
            {...ANTI_SPAM_FORM_PROPS}
          >
            <Form.Item
              label="Email"
              name="email"
              rules={[zodRule(forgotPasswordForm.shape.email)]}
              validateTrigger="onBlur"
            >
              <Input type="email" autoComplete="username" autoFocus />
            </Form.Item>
            <AntiSpam ref={antiSpam} action="forgot_password" />
            <Button
              type="primary"
              htmlType="submit"
              block
              size="large"
              loading={sending}
              disabled={!formIsValid(forgotPasswordForm, values)}
              style={{ marginTop: 16 }}
            >
              Send reset code
            </Button>
          </Form>
        </>
      )}
      <Typography.Paragraph style={{ marginTop: 16 }}>
        <Link to="/sign-in">Back to sign in</Link>
      </Typography.Paragraph>
    </PublicLayout>
  );
}
