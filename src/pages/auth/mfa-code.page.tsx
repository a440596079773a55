import { useRef, useState } from 'react';
import { Alert, Button, Form, Input, Modal, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { Navigate } from '../../lib/navigate';
import { PublicLayout } from '../../layouts/public-layout';
import { ANTI_SPAM_FORM_PROPS, AntiSpam, type AntiSpamHandle } from '../../auth/anti-spam';
import { GqlError, gqlRequest, toBase64 } from '../../../providers/graphql-request';
import { clearMfaState, loadMfaState } from '../../auth/mfa-state';
import { mfaOutcome } from '../../auth/sign-in-errors';
import { formIsValid, zodRule } from '../../forms/zod-rule';
import { AUTH_DOCS } from '../../../resources/auth/auth.documents';
import { AUTH_TEXT, MFA_ERRORS, MFA_MODALS } from '../../../resources/auth/auth.messages';
import { mfaForm } from '../../../resources/auth/auth.forms';
import { GENERIC_MESSAGES } from '../../../resources/messages';
import { useSupport } from '../../lib/use-support';
import { KEEP_FOCUS } from '../../lib/keep-focus';

type ModalKind = keyof typeof MFA_MODALS;

export function MfaCodePage() {
  const [state] = useState(loadMfaState);
  const [form] = Form.useForm();
  const values = Form.useWatch([], form);
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<{ title: string; detail?: string } | null>(null);
  const [modal, setModal] = useState<ModalKind | null>(null);
  const antiSpam = useRef<AntiSpamHandle>(null);
  const support = useSupport();

  if (!state) return <Navigate to="/sign-in" replace />;

  const restart = () => {
    clearMfaState();
    navigate('/sign-in', { replace: true, state: { from: state.from } });
  };

  async function submit({ code }: { code: string }) {
    setSubmitting(true);
    setError(null);
    try {
      await antiSpam.current?.pass();
      await gqlRequest(AUTH_DOCS.mfaCode, {
        otpCode: code.trim(),
        challengeName: 'EMAIL_OTP',
        username: toBase64(state!.username),
      });
      clearMfaState();
      navigate(state!.from || '/', { replace: true });
    } catch (e) {
      const outcome = e instanceof GqlError ? mfaOutcome(e) : 'generic';
      if (outcome === 'invalidCode') setError(MFA_ERRORS.invalidCode);
      else if (outcome === 'expired') setModal('expired');
      else if (outcome === 'lockedOut') setModal('lockedOut');
      else setError({ title: GENERIC_MESSAGES.somethingWentWrong });
      form.setFieldValue('code', '');
    } finally {
      setSubmitting(false);
    }
  }

  const shown = modal ? MFA_MODALS[modal] : null;
  return (
    <PublicLayout>
      <Typography.Title level={1} style={{ fontSize: 26 }}>
        {AUTH_TEXT.mfaTitle}
      </Typography.Title>
      <Typography.Paragraph>
        We've sent a verification code to <strong>{state.destination}</strong>. The code is valid for ten minutes.
      </Typography.Paragraph>
      {error && (
        <Alert
          role="alert"
          type="error"
          showIcon
          message={error.title}
          description={error.detail}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form form={form} layout="vertical" requiredMark={false} onFinish={submit} {...ANTI_SPAM_FORM_PROPS}>
        <Form.Item
          label={AUTH_TEXT.codeLabel}
          name="code"
          rules={[zodRule(mfaForm.shape.code)]}
          validateTrigger="onBlur"
        >
          <Input
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            pattern="[0-9]*"
            autoFocus
            style={{ letterSpacing: 4, fontSize: 18 }}
          />
        </Form.Item>
        <AntiSpam ref={antiSpam} action="mfa_code" />
        <Button
          type="primary"
          htmlType="submit"
          block
          size="large"
          disabled={submitting || !formIsValid(mfaForm, values)}
          style={{ marginTop: 16 }}
        >
          {submitting ? AUTH_TEXT.verifying : AUTH_TEXT.submit}
        </Button>
      </Form>
      <Typography.Paragraph style={{ marginTop: 16 }}>
        Didn't get a code?{' '}
        <Button type="link" style={{ padding: 0 }} onClick={() => setModal('resend')} {...KEEP_FOCUS}>
          {AUTH_TEXT.resend}
        </Button>
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary" style={{ fontSize: 13 }}>
        Check your junk or spam folder. If it isn't there, contact support on{' '}
        <a href={`mailto:${support.email}`}>{support.email}</a> or {support.phone}.
      </Typography.Paragraph>
      <Modal
        open={Boolean(shown)}
        title={shown?.title}
        onCancel={modal === 'expired' ? restart : () => setModal(null)}
        footer={
          // Locked: the user waits and enters the same code here; the others go back to sign in.
          <Button type="primary" onClick={modal === 'lockedOut' ? () => setModal(null) : restart}>
            {shown?.action}
          </Button>
        }
      >
        <p>{shown?.body}</p>
      </Modal>
    </PublicLayout>
  );
}
