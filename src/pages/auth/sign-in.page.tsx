import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { PublicLayout } from '../../layouts/public-layout';
import { ANTI_SPAM_FORM_PROPS, AntiSpam, type AntiSpamHandle } from '../../auth/anti-spam';
import { GqlError, gqlRequest, toBase64 } from '../../../providers/graphql-request';
import { deleteCookie } from '../../../providers/browser-cookies';
import { clearMfaState, saveMfaState } from '../../auth/mfa-state';
import { safeReturnPath } from '../../auth/safe-redirect';
import { signInBanner, type Banner } from '../../auth/sign-in-errors';
import { afterFirstPaint, formIsValid, once, zodRule } from '../../forms/zod-rule';
import { AUTH_DOCS } from '../../../resources/auth/auth.documents';
import { AUTH_TEXT, SIGN_IN_ERRORS } from '../../../resources/auth/auth.messages';
import { KEEP_FOCUS } from '../../lib/keep-focus';
import type { LoginMutation } from '../../generated/graphql-types';

// zod (≈ 14 kB gzipped) is not needed to show the form: its schema arrives just after, before anyone has typed.
const loadSignInForm = once(() => import('../../../resources/auth/auth.forms').then((m) => m.signInForm));

type LoginResult = LoginMutation;

export function SignInPage() {
  const [form] = Form.useForm();
  const values = Form.useWatch([], form);
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const from = safeReturnPath(params.get('to') ?? (location.state as { from?: string } | null)?.from);
  const [submitting, setSubmitting] = useState(false);
  const [banner, setBanner] = useState<Banner | null>(null);
  const antiSpam = useRef<AntiSpamHandle>(null);
  // The form shows at once; a sign-in waits for this check to have finished.
  const checked = useRef<Promise<void>>(Promise.resolve());
  const [schema, setSchema] = useState<Awaited<ReturnType<typeof loadSignInForm>> | null>(null);
  useEffect(() => afterFirstPaint(() => void loadSignInForm().then(setSchema)), []);

  useEffect(() => {
    let live = true;
    // Signed in already: back to where the user came from. Otherwise drop any stale tokens.
    checked.current = gqlRequest(AUTH_DOCS.userAttributes).then(
      () => {
        if (live) navigate(from, { replace: true });
      },
      async () => {
        await gqlRequest(AUTH_DOCS.logout).catch(() => undefined);
        deleteCookie('id_token');
        clearMfaState();
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
      await checked.current;
      await antiSpam.current?.pass();
      const { login } = await gqlRequest<LoginResult>(AUTH_DOCS.login, {
        username: toBase64(email),
        password: toBase64(password),
      });
      if (login.authFlow === 'MFA_REQUIRED') {
        saveMfaState({
          username: email,
          destination: login.challengeParameters?.codeDeliveryDestination ?? email,
          from,
        });
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

  return (
    <PublicLayout>
      <h1 className="public__title">{AUTH_TEXT.signInHeading}</h1>
      <Alert role="status" type="info" showIcon message={AUTH_TEXT.mfaBanner} style={{ marginBottom: 16 }} />
      {banner && (
        <Alert
          role="alert"
          type="error"
          showIcon
          message={banner.title}
          description={banner.detail}
          style={{ marginBottom: 16 }}
        />
      )}
      <p className="public__text">{AUTH_TEXT.signInIntro}</p>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        disabled={submitting}
        {...ANTI_SPAM_FORM_PROPS}
      >
        <Form.Item
          label="Email"
          name="username"
          rules={[zodRule(() => loadSignInForm().then((f) => f.shape.username))]}
          validateTrigger="onBlur"
        >
          <Input type="email" autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item
          label="Password"
          name="password"
          rules={[zodRule(() => loadSignInForm().then((f) => f.shape.password))]}
          validateTrigger="onBlur"
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <AntiSpam ref={antiSpam} action="login" />
        <Button
          type="primary"
          htmlType="submit"
          block
          size="large"
          loading={submitting}
          disabled={!schema || !formIsValid(schema, values)}
          style={{ marginTop: 16 }}
        >
          Sign in
        </Button>
      </Form>
      <p className="public__text" style={{ marginTop: 16 }}>
        <Link to="/forgot-password" {...KEEP_FOCUS}>
          {AUTH_TEXT.forgotLink}
        </Link>
      </p>
      <p className="public__text public__text--secondary" style={{ fontSize: 13 }}>
        By signing in you accept our{' '}
        <Link to="/terms#privacy-and-intellectual-property-rights" {...KEEP_FOCUS}>
          privacy policy
        </Link>{' '}
        and{' '}
        <Link to="/terms" {...KEEP_FOCUS}>
          terms of use
        </Link>
        .
      </p>
    </PublicLayout>
  );
}
