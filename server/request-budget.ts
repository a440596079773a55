import { GraphQLError } from 'graphql';
import { MAX_BULK_CELLS } from '../resources/rates-inventory/rates-inventory.schema';

/**
 * What one HTTP request may read or plan, across every operation of a batch and every alias:
 * `read` in rows (a calendar's plan-days, a page of bookings, a cell's history), `plan` in bulk
 * update cells. A request is the unit an attacker multiplies (5 operations × 15 aliases), so the
 * budget is the request's, not the field's: a few full calendars or two full-horizon previews.
 */
export const REQUEST_BUDGET = { read: 25_000, plan: 2 * MAX_BULK_CELLS } as const;
export type Budget = { -readonly [K in keyof typeof REQUEST_BUDGET]: number };
export const newBudget = (): Budget => ({ ...REQUEST_BUDGET });

export const BUDGET_MESSAGE =
  'This request asks for too much at once. Ask for fewer calendars, previews or pages in one request.';

/** Takes `units` from the request's budget, or refuses the field (HTTP 400) when the request has spent it. */
export function spend(ctx: { budget?: Budget }, kind: keyof Budget, units: number): void {
  if (!ctx.budget) return; // a context made outside an HTTP request (a socket, the CLI) has its own limits
  ctx.budget[kind] -= units;
  if (ctx.budget[kind] < 0)
    throw new GraphQLError(BUDGET_MESSAGE, {
      extensions: { code: 'TOO_COSTLY', http: { status: 400 }, limit: REQUEST_BUDGET[kind] },
    });
}
