import { useEffect, useRef, useState } from 'react';
import { Button, Form } from 'antd';
// The input and the password input alone: antd's Input index brings TextArea, OTP and Search with
// their styles and a resize observer (≈ 6 kB gzipped) that sign-in does not show.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { PublicLayout } from '../../layouts/public-layout';
import { ANTI_SPAM_FORM_PROPS, AntiSpam, type AntiSpamHandle } from '../../auth/anti-spam';
import { safeReturnPath } from '../../auth/safe-redirect';
import { formIsValid, zodRule } from '../../forms/zod-rule';
import { afterFirstPaint } from '../../lib/after-first-paint';
import { once } from '../../../resources/once';
import { AUTH_TEXT, SIGN_IN_ERRORS } from '../../../resources/auth/auth.messages';
import { Notice } from '../../layouts/notice';
import type { Banner } from '../../auth/sign-in-errors';
import { KEEP_FOCUS } from '../../lib/keep-focus';
import { NavLink, useNav } from '../../lib/navigation';

// zod (≈ 14 kB gzipped) is not needed to show the form: its schema arrives just after, before anyone has typed.
const loadSignInForm = once(() => import('../../../resources/auth/auth.forms').then((m) => m.signInForm));
// Nor is the server side of it: the transport, the documents and the banners (sign-in.actions.ts).
const loadActions = once(() => import('./sign-in.actions'));

export function SignInPage() {
  const [form] = Form.useForm();
  const values = Form.useWatch([], form);
  // Drawn before the router has loaded (src/main.tsx): where to go next comes from the nav in context.
  const { navigate, search, state } = useNav();
  const from = safeReturnPath(new URLSearchParams(search).get('to') ?? (state as { from?: string } | null)?.from);
  const [submitting, setSubmitting] = useState(false);
  const [banner, setBanner] = useState<Banner | null>(null);
  const antiSpam = useRef<AntiSpamHandle>(null);
  // The form shows at once; a sign-in waits for this check to have finished.
  const checked = useRef<Promise<void>>(Promise.resolve());
  const [schema, setSchema] = useState<Awaited<ReturnType<typeof loadSignInForm>> | null>(null);
  useEffect(() => afterFirstPaint(() => void loadSignInForm().then(setSchema)), []);

  useEffect(() => {
    let live = true;
    let done: () => void = () => undefined;
    checked.current = new Promise<void>((resolve) => {
      done = resolve;
    });
    // Signed in already: back to where the user came from. Otherwise drop any stale tokens. Once the form is on screen.
    const cancel = afterFirstPaint(() => {
      loadActions()
        .then((actions) => actions.alreadySignedIn())
        .then((signedIn) => {
          if (live && signedIn) navigate(from, { replace: true });
        })
        .catch(() => undefined)
        .finally(done);
    });
    return () => {
      live = false;
      cancel();
      done();
    };
  }, [from, navigate]);

  async function submit({ username, password }: { username: string; password: string }) {
    setSubmitting(true);
    setBanner(null);
    const email = username.trim().toLowerCase();
    const actions = await loadActions().catch(() => null);
    try {
      if (!actions) throw new Error('sign-in could not load');
      await checked.current;
      await antiSpam.current?.pass();
      const outcome = await actions.logIn(email, password, from);
      if (outcome.next === 'mfa') navigate('/mfa-code', { state: { destination: outcome.destination, from } });
      else if (outcome.next === 'signed-in') navigate(from, { replace: true });
      else setBanner(outcome.banner);
    } catch (error) {
      setBanner(actions ? actions.bannerFor(error) : SIGN_IN_ERRORS.other);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <PublicLayout>
      <h1 className="public__title">{AUTH_TEXT.signInHeading}</h1>
      <Notice type="info" title={AUTH_TEXT.mfaBanner} />
      {banner && <Notice type="error" title={banner.title} detail={banner.detail} />}
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
          <Password autoComplete="current-password" />
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
        <NavLink to="/forgot-password" {...KEEP_FOCUS}>
          {AUTH_TEXT.forgotLink}
        </NavLink>
      </p>
      <p className="public__text public__text--secondary" style={{ fontSize: 13 }}>
        By signing in you accept our{' '}
        <NavLink to="/terms#privacy-and-intellectual-property-rights" {...KEEP_FOCUS}>
          privacy policy
        </NavLink>{' '}
        and{' '}
        <NavLink to="/terms" {...KEEP_FOCUS}>
          terms of use
        </NavLink>
        .
      </p>
    </PublicLayout>
  );
}
