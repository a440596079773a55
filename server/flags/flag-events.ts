import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppServices } from '../context';
import { RequestCookies } from '../auth/cookies';
import { resolveViewer } from '../session';
import {
  FLAG_EVENT_MESSAGES,
  FLAG_EVENT_REQUESTS_PER_MINUTE,
  flagEventsSchema,
  type FlagEvent,
} from '../../resources/flag-events';

const MAX_BYTES = 64 * 1024;
/** Requests per session in the current minute (one process; a limit on noise, not a security boundary). */
const windows = new Map<string, { start: number; count: number }>();

function allowed(sessionId: string, now = Date.now()): boolean {
  const w = windows.get(sessionId);
  if (!w || now - w.start >= 60_000) {
    if (windows.size > 10_000) windows.clear();
    windows.set(sessionId, { start: now, count: 1 });
    return true;
  }
  w.count++;
  return w.count <= FLAG_EVENT_REQUESTS_PER_MINUTE;
}

async function readBody(req: IncomingMessage): Promise<string | null> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Adds a batch to the day's counts in one statement: one row per flag and value. */
export async function countFlagEvents(services: Pick<AppServices, 'db'>, events: FlagEvent[]) {
  const tally = new Map<string, { flag: string; value: boolean; n: number }>();
  for (const e of events) {
    const key = `${e.flag}:${e.value}`;
    const t = tally.get(key) ?? { flag: e.flag, value: e.value, n: 0 };
    t.n++;
    tally.set(key, t);
  }
  const rows = [...tally.values()];
  await services.db.query(
    `insert into flag_event_counts (day, flag, value, count)
     select (now() at time zone 'utc')::date, f, v, n from unnest($1::text[], $2::boolean[], $3::int[]) as t(f, v, n)
     on conflict (day, flag, value) do update set count = flag_event_counts.count + excluded.count`,
    [rows.map((r) => r.flag), rows.map((r) => r.value), rows.map((r) => r.n)],
  );
}

/**
 * POST /flag-events {events: [...]} (spec §9): the portal's flag evaluations, at most 100 a request,
 * from a signed-in session of the portal's own origin, a bounded number of requests a minute.
 * Answers 204; 400 for events it cannot read, 401, 403, 413, 429.
 */
export async function receiveFlagEvents(services: AppServices, req: IncomingMessage, res: ServerResponse) {
  const answer = (status: number, error?: string) => {
    res.statusCode = status;
    if (error) {
      res.setHeader('content-type', 'application/json; charset=utf-8');
      res.end(JSON.stringify({ error }));
    } else res.end();
  };
  const origin = req.headers.origin;
  const host = req.headers.host;
  if (origin && !services.config.ALLOWED_ORIGINS.includes(origin) && new URL(origin).host !== host)
    return answer(403, FLAG_EVENT_MESSAGES.origin);
  const headers = { get: (name: string) => (req.headers[name.toLowerCase()] as string | undefined) ?? null };
  const cookies = new RequestCookies(headers.get('cookie'), services.config.isProduction);
  const viewer = await resolveViewer(services, { method: 'POST', url: req.url ?? '/', headers }, cookies).catch(
    () => null,
  );
  if (!viewer) return answer(401, FLAG_EVENT_MESSAGES.signIn);
  if (!allowed(viewer.sessionId)) return answer(429, FLAG_EVENT_MESSAGES.tooFast);
  const text = await readBody(req);
  if (text === null) return answer(413, FLAG_EVENT_MESSAGES.tooMany);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return answer(400, 'Send events as JSON.');
  }
  const count = (body as { events?: unknown[] })?.events;
  if (Array.isArray(count) && count.length > 100) return answer(413, FLAG_EVENT_MESSAGES.tooMany);
  const parsed = flagEventsSchema().safeParse(body);
  if (!parsed.success) return answer(400, parsed.error.issues[0].message);
  await countFlagEvents(services, parsed.data.events);
  answer(204);
}

/** The counts of the last `days` days, newest first: what the health page shows staff. */
export async function flagEventCounts(services: Pick<AppServices, 'db'>, days: number) {
  const rows = await services.db.query<{ day: string; flag: string; value: boolean; count: string }>(
    `select day::text as day, flag, value, count from flag_event_counts
      where day > (now() at time zone 'utc')::date - $1::int order by day desc, flag, value`,
    [days],
  );
  return rows.map((r) => ({ ...r, count: Number(r.count) }));
}
