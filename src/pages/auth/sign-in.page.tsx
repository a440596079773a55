import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Form, Input, Spin, Typography } from 'antd';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { PublicLayout } from '../../layouts/public-layout';
import { AntiSpam, type AntiSpamHandle } from '../../auth/anti-spam';
import { GqlError, gqlRequest, toBase64 } from '../../../providers/graphql-request';
import { deleteCookie } from '../../../providers/browser-cookies';
import { clearMfaState, saveMfaState } from '../../auth/mfa-state';
import { safeReturnPath } from '../../auth/safe-redirect';
import { signInBanner, type Banner } from '../../auth/sign-in-errors';
import { formIsValid, zodRule } from '../../forms/zod-rule';
import { AUTH_DOCS } from '../../../resources/auth/auth.documents';
import { AUTH_TEXT, SIGN_IN_ERRORS } from '../../../resources/auth/auth.messages';
import { signInForm } from '../../../resources/auth/auth.forms';

type LoginResult = { login: { authFlow: string | null; challengeParameters: { codeDeliveryDestination: string } | null } };

export function SignInPage() {
  const [form] = Form.useForm();
  const values = Form.useWatch([], form);
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const from = safeReturnPath(params.get('to') ?? (location.state as { from?: string } | null)?.from);
  const [checking, setChecking] = useState(true);
  const [submitting, setSubmitting] = useState(false);
  const [banner, setBanner] = useState<Banner | null>(null);
  const antiSpam = useRef<AntiSpamHandle>(null);

  useEffect(() => {
    let live = true;
    // Signed in already: back to where the user came from. Otherwise drop any stale tokens.
    gqlRequest(AUTH_DOCS.userAttributes).then(
      () => live && navigate(from, { replace: true }),
      async () => {
        await gqlRequest(AUTH_DOCS.logout).catch(() => undefined);
        deleteCookie('id_token');
        clearMfaState();
        if (live) setChecking(false);
      },
    );
    return () => {
      live = false;
    };
  }, [from, navigate]);

  async function submit({ username, password }: { username: string; password: string }) {
    setSubmitting(true);
    setBanner(null);
    const email = username.trim().toLowerCase();
    try {
      await antiSpam.current?.pass();
      const { login } = await gqlRequest<LoginResult>(AUTH_DOCS.login, { username: toBase64(email), password: toBase64(password) });
      if (login.authFlow === 'MFA_REQUIRED') {
        saveMfaState({ username: email, destination: login.challengeParameters?.codeDeliveryDestination ?? email, from });
        navigate('/mfa-code', { state: { destination: login.challengeParameters?.codeDeliveryDestination, from } });
      } else if (login.authFlow === 'USER_PASSWORD') {
        navigate(from, { replace: true });
      } else {
        setBanner(SIGN_IN_ERRORS.other);
      }
    } catch (error) {
      setBanner(error instanceof GqlError ? signInBanner(error) : SIGN_IN_ERRORS.other);
    } finally {
      setSubmitting(false);
    }
  }

  if (checking) {
    return (
      <PublicLayout>
        <div style={{ textAlign: 'center', padding: 40 }}><Spin /></div>
      </PublicLayout>
    );
  }

  return (
    <PublicLayout>
      <Typography.Title level={1} style={{ fontSize: 26 }}>{AUTH_TEXT.signInHeading}</Typography.Title>
      <Alert role="status" type="info" showIcon message={AUTH_TEXT.mfaBanner} style={{ marginBottom: 16 }} />
      {banner && <Alert role="alert" type="error" showIcon message={banner.title} description={banner.detail} style={{ marginBottom: 16 }} />}
      <Typography.Paragraph>{AUTH_TEXT.signInIntro}</Typography.Paragraph>
      <Form form={form} layout="vertical" requiredMark={false} onFinish={submit} disabled={submitting}>
        <Form.Item label="Email" name="username" rules={[zodRule(signInForm.shape.username)]} validateTrigger="onBlur">
          <Input type="email" autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item label="Password" name="password" rules={[zodRule(signInForm.shape.password)]} validateTrigger="onBlur">
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <AntiSpam ref={antiSpam} action="login" />
        <Button type="primary" htmlType="submit" block size="large" loading={submitting} disabled={!formIsValid(signInForm, values)} style={{ marginTop: 16 }}>
          Sign in
        </Button>
      </Form>
      <Typography.Paragraph style={{ marginTop: 16 }}>
        <Link to="/forgot-password">{AUTH_TEXT.forgotLink}</Link>
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary" style={{ fontSize: 13 }}>
        By signing in you accept our <Link to="/terms#privacy-and-intellectual-property-rights">privacy policy</Link> and{' '}
        <Link to="/terms">terms of use</Link>.
      </Typography.Paragraph>
    </PublicLayout>
  );
}
