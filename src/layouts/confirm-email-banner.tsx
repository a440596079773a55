import { useState } from 'react';
import { Alert, Button, Space } from 'antd';
import { useNavigate } from 'react-router';
import { useGqlSend } from '../portal/use-gql';
import { AUTH_DOCS } from '../../resources/auth/auth.documents';
import { AUTH_TEXT, EMAIL_CONFIRMATION } from '../../resources/auth/auth.messages';
import './confirm-email-banner.css';

/** Spec §2 and §8: shown while the email is unverified; resends the link or goes to change the address. */
export function ConfirmEmailBanner({ email }: { email: string }) {
  const send = useGqlSend();
  const navigate = useNavigate();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [sending, setSending] = useState(false);

  async function resend() {
    setSending(true);
    try {
      await send(AUTH_DOCS.verifyCurrentUserAttribute, { attributeName: 'email' });
      setResult({ ok: true, text: EMAIL_CONFIRMATION.sent(email) });
    } catch {
      setResult({ ok: false, text: EMAIL_CONFIRMATION.resendFailed });
    } finally {
      setSending(false);
    }
  }

  return (
    <Alert
      banner
      className="confirm-email-banner"
      type={result && !result.ok ? 'error' : 'warning'}
      message={result ? result.text : `Please confirm your email address, ${email}. We sent you a link to confirm it.`}
      action={
        <Space wrap>
          <Button size="small" loading={sending} onClick={resend}>
            {AUTH_TEXT.resendConfirmation}
          </Button>
          <Button size="small" type="link" onClick={() => navigate('/user-details/update')}>
            {AUTH_TEXT.updateEmail}
          </Button>
        </Space>
      }
    />
  );
}
