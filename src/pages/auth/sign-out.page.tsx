import { useEffect } from 'react';
import { Spin } from 'antd';
import { useNavigate } from 'react-router';
import { gqlRequest } from '../../../providers/graphql-request';
import { deleteCookie } from '../../../providers/browser-cookies';
import { clearMfaState } from '../../auth/mfa-state';
import { AUTH_DOCS } from '../../../resources/auth/auth.documents';

/** Runs the sign-out query, forgets the local state, then goes to /sign-in (spec §2). */
export function SignOutPage() {
  const navigate = useNavigate();
  useEffect(() => {
    gqlRequest(AUTH_DOCS.userSignOut)
      .catch(() => undefined)
      .finally(() => {
        deleteCookie('id_token');
        clearMfaState();
        navigate('/sign-in', { replace: true });
      });
  }, [navigate]);
  return (
    <div style={{ display: 'grid', placeItems: 'center', minHeight: '100vh' }}>
      <Spin tip="Signing out…" />
    </div>
  );
}
