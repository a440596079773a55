import type * as SentryNode from '@sentry/node';
import { ERROR_TRACE_SAMPLE_RATE, scrubEvent } from '../../resources/error-scrub';

type Sentry = typeof SentryNode;
type Transport = NonNullable<Parameters<Sentry['init']>[0]>['transport'];
/** Loaded only when reporting is on: the SDK takes over a second to import, which every start and test would pay. */
let sentry: Sentry | null = null;

/**
 * The server's error reporter (Sentry's SDK): off unless SENTRY_DSN is set. No traces (spec §9),
 * no personal data, and every event and breadcrumb through the scrubber before it leaves.
 * `transport` is for tests, which read what would have been sent.
 */
export async function initErrorReporting(options: { dsn?: string; environment?: string; transport?: Transport }) {
  if (!options.dsn) return false;
  const Sentry = await import('@sentry/node');
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
  sentry = Sentry;
  return true;
}

/** Reports an unexpected error with the request's correlation id (a no-op while reporting is off). */
export function reportError(error: unknown, correlationId?: string | null) {
  const Sentry = sentry;
  if (!Sentry) return;
  Sentry.withScope((scope) => {
    if (correlationId) scope.setTag('correlation_id', correlationId);
    Sentry.captureException(error);
  });
}

export const flushErrorReports = (ms = 2000) => sentry?.flush(ms) ?? Promise.resolve(true);
