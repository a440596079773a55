import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { Navigate } from './lib/navigate';
import { ThemeProvider } from './theme';
import { Tracking } from './portal/tracking';
import { RouterNav } from './portal/router-nav';
import { ErrorBoundary } from './pages/error-boundary';
import { Spinner } from './layouts/spinner';
import { PortalShell } from './layouts/portal-shell';
// Sign-in, where every signed-out visit lands, is in the entry: one file to wait for instead of a dozen
// (small chunks compress worse and queue behind each other), and the portal needs its antd Form, Input,
// Button and Alert anyway. The entry draws it without this router (src/main.tsx); here it is the route's.
import { SignInPage } from './pages/auth/sign-in.page';
import { lazyComponent } from './lib/lazy-component';
import { loadPortal, onPortalPath } from './public-paths';

const loading = (
  <div style={{ display: 'grid', placeItems: 'center', minHeight: '100vh' }}>
    <Spinner />
  </div>
);
/** Every other screen is its own chunk: the public screens never load Refine or the portal. */
const screen = (load: () => Promise<Record<string, unknown>>, name: string) =>
  lazyComponent<object>(load, name, loading);
const MfaCodePage = screen(() => import('./pages/auth/mfa-code.page'), 'MfaCodePage');
const ForgotPasswordPage = screen(() => import('./pages/auth/forgot-password.page'), 'ForgotPasswordPage');
const ResetPasswordPage = screen(() => import('./pages/auth/reset-password.page'), 'ResetPasswordPage');
const SignOutPage = screen(() => import('./pages/auth/sign-out.page'), 'SignOutPage');
// The portal loads under its frame (the same one index.html paints before any script runs).
const PortalApp = lazyComponent<object>(loadPortal, 'default', <PortalShell />);
// On a portal address the entry has started the portal's chunk already; this lets the route draw it as soon as it is in.
if (onPortalPath()) void PortalApp.preload();
/** The portal's chunk loaded (and the drawn page's with it): its first render then draws it, not its frame. */
export const preloadPortal = () => PortalApp.preload();
const AcceptInvitationPage = screen(() => import('./pages/auth/accept-invitation.page'), 'AcceptInvitationPage');
const TermsPage = screen(() => import('./pages/public/terms.page'), 'TermsPage');
const ContactUsPage = screen(() => import('./pages/public/contact-us.page'), 'ContactUsPage');

/** `portal`: the portal's element where it is not loaded on first use (the server drawing a first screen passes it with its reads). */
export function App({ portal = <PortalApp /> }: { portal?: ReactNode }) {
  return (
    <ThemeProvider>
      <RouterNav>
        <Tracking />
        <ErrorBoundary>
          <Routes>
            <Route path="/sign-in" element={<SignInPage />} />
            <Route path="/users/sign_in" element={<Navigate to="/sign-in" replace />} />
            <Route path="/mfa-code" element={<MfaCodePage />} />
            <Route path="/forgot-password" element={<ForgotPasswordPage />} />
            <Route path="/reset-password" element={<ResetPasswordPage />} />
            <Route path="/sign-out" element={<SignOutPage />} />
            <Route path="/accept-invitation" element={<AcceptInvitationPage />} />
            <Route path="/terms" element={<TermsPage />} />
            <Route path="/contact-us" element={<ContactUsPage />} />
            <Route path="/*" element={portal} />
          </Routes>
        </ErrorBoundary>
      </RouterNav>
    </ThemeProvider>
  );
}
