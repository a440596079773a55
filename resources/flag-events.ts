import { z } from 'zod';
import { FEATURE_FLAGS } from './domain';
import { FLAG_EVENT_BATCH } from './timings';
import { once } from './once';

/**
 * A batch of flag evaluations the portal acted on, as the API takes it: each the flag, its value, the
 * user's role and the route (ids replaced). Built on first use: only the server validates with it.
 */
export const flagEventsSchema = once(() =>
  z
    .object({
      events: z
        .array(
          z
            .object({
              flag: z.enum(Object.keys(FEATURE_FLAGS) as [string, ...string[]]),
              value: z.boolean(),
              role: z.string().max(40),
              route: z.string().max(200),
            })
            .strict(),
        )
        .min(1)
        .max(FLAG_EVENT_BATCH),
    })
    .strict(),
);
export type FlagEvent = z.infer<ReturnType<typeof flagEventsSchema>>['events'][number];

export const FLAG_EVENTS_PATH = '/flag-events';
/** Requests a session may send a minute: 3 s flushes and page hides stay well under it. */
export const FLAG_EVENT_REQUESTS_PER_MINUTE = 40;

export const FLAG_EVENT_MESSAGES = {
  tooMany: `At most ${FLAG_EVENT_BATCH} events a request.`,
  tooFast: 'Too many flag event requests: wait a minute.',
  signIn: 'Sign in to send flag events.',
  origin: 'Flag events are taken from the portal only.',
} as const;

/** '/properties/12/rate-plans/34/edit' → '/properties/:id/rate-plans/:id/edit': a route without ids or queries. */
export const routePattern = (pathname: string) =>
  pathname
    .split('?')[0]
    .replace(/\/\d+(?=\/|$)/g, '/:id')
    .replace(/\/[A-Z0-9]{6,}(?=\/|$)/g, '/:ref')
    .slice(0, 200);
