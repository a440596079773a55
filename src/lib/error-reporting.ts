import { ERROR_TRACE_SAMPLE_RATE, scrubEvent } from '../../resources/error-scrub';
import { loadAppConfig } from './app-config';

type Reporter = { captureException: (error: unknown) => unknown };
let reporter: Reporter | null = null;

/**
 * The portal's error reporter (Sentry's browser SDK): loaded only when the server names a public
 * DSN (GET /app-config sentryDsn), so the page carries none of it otherwise. No traces, no user, and
 * every event and breadcrumb through the scrubber.
 */
export async function startErrorReporting() {
  try {
    const { sentryDsn } = await loadAppConfig();
    if (!sentryDsn) return;
    const Sentry = await import('@sentry/react');
    Sentry.init({
      dsn: sentryDsn,
      tracesSampleRate: ERROR_TRACE_SAMPLE_RATE,
      beforeSend: (event) => scrubEvent(event),
      beforeBreadcrumb: (crumb) => scrubEvent(crumb),
    });
    reporter = Sentry;
  } catch {
    // Reporting errors must never become one.
  }
}

/** A render failure caught by the page's error boundary (the console still has it, spec §8). */
export function reportClientError(error: unknown) {
  reporter?.captureException(error);
}
