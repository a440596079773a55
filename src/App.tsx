import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { ThemeProvider } from './theme';
import { Tracking } from './portal/tracking';
import { ErrorBoundary } from './pages/error-boundary';
import { Spinner } from './layouts/spinner';
// Sign-in, where every signed-out visit lands, is in the entry: one file to wait for instead of a dozen
// (small chunks compress worse and queue behind each other), and the portal needs its antd Form, Input,
// Button and Alert anyway.
import { SignInPage } from './pages/auth/sign-in.page';

// Every other screen is its own chunk: the public screens never load Refine or the portal.
const MfaCodePage = lazy(() => import('./pages/auth/mfa-code.page').then((m) => ({ default: m.MfaCodePage })));
const ForgotPasswordPage = lazy(() =>
  import('./pages/auth/forgot-password.page').then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() =>
  import('./pages/auth/reset-password.page').then((m) => ({ default: m.ResetPasswordPage })),
);
const SignOutPage = lazy(() => import('./pages/auth/sign-out.page').then((m) => ({ default: m.SignOutPage })));
const loadPortal = () => import('./portal/portal-app');
const PortalApp = lazy(loadPortal);
const TermsPage = lazy(() => import('./pages/public/terms.page').then((m) => ({ default: m.TermsPage })));
const ContactUsPage = lazy(() => import('./pages/public/contact-us.page').then((m) => ({ default: m.ContactUsPage })));

/** Screens outside the portal; any other address is the portal's, so its chunk starts downloading with the entry's first run, not after React's first render. */
const PUBLIC_PATHS = [
  '/sign-in',
  '/users/sign_in',
  '/mfa-code',
  '/forgot-password',
  '/reset-password',
  '/sign-out',
  '/terms',
  '/contact-us',
];
if (typeof location !== 'undefined' && !PUBLIC_PATHS.includes(location.pathname)) void loadPortal();

const loading = (
  <div style={{ display: 'grid', placeItems: 'center', minHeight: '100vh' }}>
    <Spinner />
  </div>
);
const page = (node: ReactNode) => <Suspense fallback={loading}>{node}</Suspense>;

export function App() {
  return (
    <ThemeProvider>
      <Tracking />
      <ErrorBoundary>
        <Routes>
          <Route path="/sign-in" element={page(<SignInPage />)} />
          <Route path="/users/sign_in" element={<Navigate to="/sign-in" replace />} />
          <Route path="/mfa-code" element={page(<MfaCodePage />)} />
          <Route path="/forgot-password" element={page(<ForgotPasswordPage />)} />
          <Route path="/reset-password" element={page(<ResetPasswordPage />)} />
          <Route path="/sign-out" element={page(<SignOutPage />)} />
          <Route path="/terms" element={page(<TermsPage />)} />
          <Route path="/contact-us" element={page(<ContactUsPage />)} />
          <Route path="/*" element={page(<PortalApp />)} />
        </Routes>
      </ErrorBoundary>
    </ThemeProvider>
  );
}
