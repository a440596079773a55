import { useCallback, useEffect, useState } from 'react';
import { Button, Result, Spin } from 'antd';
import { useNavigate } from 'react-router';
import { GqlError, gqlRequest } from '../../../providers/graphql-request';
import { deleteCookie } from '../../../providers/browser-cookies';
import { clearMfaState } from '../../auth/mfa-state';
import { AUTH_DOCS } from '../../../resources/auth/auth.documents';
import { SIGN_OUT_TEXTS } from '../../../resources/auth/auth.messages';
import { GENERIC_MESSAGES } from '../../../resources/messages';

/** Waits before each attempt after the first: a dropped connection or a restarting server gets three tries. */
export const SIGN_OUT_RETRY_MS = [1_000, 2_000] as const;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The sign-out query, tried again after a failure; true once the server has signed the browser out.
 * UNAUTHENTICATED is that answer too: no session (a second tab, a session that ran out), or cookies
 * the server cleared on an earlier try whose revocation failed.
 */
async function signOutOnServer(): Promise<boolean> {
  for (let attempt = 0; ; attempt++) {
    try {
      await gqlRequest(AUTH_DOCS.userSignOut);
      return true;
    } catch (error) {
      if (error instanceof GqlError && error.code === 'UNAUTHENTICATED') return true;
      if (attempt >= SIGN_OUT_RETRY_MS.length) return false;
      await wait(SIGN_OUT_RETRY_MS[attempt]);
    }
  }
}

/**
 * Runs the sign-out query, forgets the local state, then goes to /sign-in (spec §2). The session's
 * cookies are the server's to clear: when it cannot be reached the page says so, with Try again,
 * rather than leaving the user signed in while showing the sign-in page.
 */
export function SignOutPage() {
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  const signOut = useCallback(async () => {
    setFailed(false);
    // The id token stays until the server has answered: while new-auth is off it is the bearer that
    // names the session to end, so Try again still can.
    if (!(await signOutOnServer())) {
      setFailed(true);
      return;
    }
    deleteCookie('id_token');
    clearMfaState();
    navigate('/sign-in', { replace: true });
  }, [navigate]);
  useEffect(() => {
    void signOut();
  }, [signOut]);
  return (
    <div style={{ display: 'grid', placeItems: 'center', minHeight: '100vh', padding: 16 }}>
      {failed ? (
        <Result
          status="warning"
          title={SIGN_OUT_TEXTS.failedTitle}
          subTitle={SIGN_OUT_TEXTS.failedBody}
          extra={
            <Button type="primary" onClick={() => void signOut()}>
              {GENERIC_MESSAGES.tryAgain}
            </Button>
          }
        />
      ) : (
        <Spin tip={SIGN_OUT_TEXTS.signingOut} />
      )}
    </div>
  );
}
