import { useCallback, useEffect, useRef, useState } from 'react';
import { useInvalidateAuthStore } from '@refinedev/core';
import { App, Button, Result, Spin } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useGqlSend } from '../../portal/use-gql';
import { AUTH_DOCS } from '../../../resources/auth/auth.documents';
import { AUTH_TEXT } from '../../../resources/auth/auth.messages';
import { GENERIC_MESSAGES } from '../../../resources/messages';

/** Spec §2: confirms the email with the code from the link, then goes home; a failure can be retried. */
export function VerifyEmailPage() {
  const send = useGqlSend();
  const [params] = useSearchParams();
  const code = params.get('code');
  const navigate = useNavigate();
  const invalidate = useInvalidateAuthStore();
  const { message } = App.useApp();
  const [status, setStatus] = useState<'verifying' | 'failed'>(code ? 'verifying' : 'failed');

  const verify = useCallback(async () => {
    if (!code) return;
    setStatus('verifying');
    try {
      await send(AUTH_DOCS.verifyCurrentUserAttributeSubmit, { attributeName: 'email', verificationCode: code });
      await invalidate();
      message.success('Your email address is confirmed.');
      navigate('/', { replace: true });
    } catch {
      setStatus('failed');
    }
  }, [code, invalidate, message, navigate, send]);

  // Once per code: the callbacks above change identity on every render.
  const attempted = useRef<string | null>(null);
  useEffect(() => {
    if (!code || attempted.current === code) return;
    attempted.current = code;
    void verify();
  }, [code, verify]);

  if (status === 'verifying')
    return (
      <div style={{ display: 'grid', placeItems: 'center', minHeight: '40vh' }}>
        <Spin />
      </div>
    );
  return (
    <Result
      status="warning"
      title={AUTH_TEXT.verifyEmailFailed}
      subTitle={code ? 'The link may have expired or been used already.' : 'The link is missing its code.'}
      extra={[
        code && (
          <Button key="retry" type="primary" onClick={verify}>
            {GENERIC_MESSAGES.tryAgain}
          </Button>
        ),
        <Button key="home" onClick={() => navigate('/')}>
          Go to home
        </Button>,
      ]}
    />
  );
}
