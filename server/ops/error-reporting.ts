import * as Sentry from '@sentry/node';
import { ERROR_TRACE_SAMPLE_RATE, scrubEvent } from '../../resources/error-scrub';

let enabled = false;

/**
 * The server's error reporter (Sentry's SDK): off unless SENTRY_DSN is set. No traces (spec §9),
 * no personal data, and every event and breadcrumb through the scrubber before it leaves.
 * `transport` is for tests, which read what would have been sent.
 */
export function initErrorReporting(options: {
  dsn?: string;
  environment?: string;
  transport?: Parameters<typeof Sentry.init>[0] extends infer O
    ? O extends { transport?: infer T }
      ? T
      : never
    : never;
}) {
  if (!options.dsn) return false;
  Sentry.init({
    dsn: options.dsn,
    environment: options.environment,
    tracesSampleRate: ERROR_TRACE_SAMPLE_RATE,
    dataCollection: { userInfo: false },
    defaultIntegrations: false,
    integrations: [],
    transport: options.transport,
    beforeSend: (event) => scrubEvent(event),
    beforeBreadcrumb: (crumb) => scrubEvent(crumb),
  });
  enabled = true;
  return true;
}

/** Reports an unexpected error with the request's correlation id (a no-op while reporting is off). */
export function reportError(error: unknown, correlationId?: string | null) {
  if (!enabled) return;
  Sentry.withScope((scope) => {
    if (correlationId) scope.setTag('correlation_id', correlationId);
    Sentry.captureException(error);
  });
}

export const flushErrorReports = (ms = 2000) => (enabled ? Sentry.flush(ms) : Promise.resolve(true));
