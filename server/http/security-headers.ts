import type { ServerResponse } from 'node:http';

/** The page's policy; `reportTo`: the portal's error reporter's origin (PUBLIC_SENTRY_DSN), which it may send to. */
const cspFor = (reportTo: string | null) =>
  [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self' ws: wss:${reportTo ? ` ${reportTo}` : ''}`,
    "worker-src 'self' blob:",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
const CSP = cspFor(null);
const policies = new Map<string, string>();

export function setSecurityHeaders(res: ServerResponse, isProduction: boolean, sentryDsn?: string): void {
  let csp = CSP;
  if (sentryDsn) {
    const origin = new URL(sentryDsn).origin;
    csp = policies.get(origin) ?? cspFor(origin);
    policies.set(origin, csp);
  }
  if (isProduction) res.setHeader('Content-Security-Policy', csp);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
}
