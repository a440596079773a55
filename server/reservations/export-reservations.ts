import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { GraphQLError } from 'graphql';
import type { AppContext, AppServices } from '../context';
import { RequestCookies } from '../auth/cookies';
import { resolveViewer } from '../session';
import { authorizeProperty } from '../auth/authorize';
import { CSV_COLUMNS, type ReservationQuery } from '../../resources/reservations/reservations.schema';
import { RESERVATION_ROW, reservationFilter } from './reservations-query';
import { parseQuery } from './list-reservations';
import {
  BYTE_ORDER_MARK,
  csvLine,
  DEFAULT_SEPARATOR,
  isCsvSeparator,
  type CsvSeparator,
} from '../../resources/reservations/csv-format';
import { userError } from '../errors';
import { NULL_CHARACTER_MESSAGE } from '../graphql-input-guards';
import { CORRELATION_HEADER } from '../app';

export const EXPORT_PATH = '/exports/reservations.csv';
/** Rows read per round trip: the file is written as it is read, so memory stays flat however many rows match. */
const CHUNK = 1000;

/** The export's own parameters; the rest are the list's filters. */
const OWN_PARAMS = ['propertyId', 'separator'];

/**
 * GET /exports/reservations.csv?propertyId=1&separator=comma|semicolon&<the list's filters>: every row of the filtered list
 * (not one page), streamed in keyset-paged chunks. X-Total-Count tells the portal how many rows
 * to expect, so it can show progress. Authorized like the list, with the session cookies.
 */
export async function exportReservations(services: AppServices, req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const headers = { get: (name: string) => (req.headers[name.toLowerCase()] as string | undefined) ?? null };
  const request = { method: req.method ?? 'GET', url: url.toString(), headers };
  const cookies = new RequestCookies(headers.get('cookie'), services.config.isProduction);
  const correlationId = randomUUID();
  res.setHeader(CORRELATION_HEADER, correlationId);
  const fail = (status: number, message: string) => {
    for (const line of cookies.outgoing) res.appendHeader('set-cookie', line);
    res.statusCode = status;
    res.setHeader('content-type', 'application/json; charset=utf-8');
    res.setHeader('cache-control', 'no-store');
    res.end(JSON.stringify({ error: message }));
  };
  let q: ReservationQuery;
  let propertyId: number;
  const separator = url.searchParams.get('separator') ?? DEFAULT_SEPARATOR;
  try {
    const viewer = await resolveViewer(services, request, cookies);
    const ctx = { ...services, viewer, cookies, request, correlationId } as AppContext;
    propertyId = (await authorizeProperty(ctx, Number(url.searchParams.get('propertyId')), 'read', 'Reservation'))
      .propertyId;
    if (!isCsvSeparator(separator))
      throw userError('Choose a comma or a semicolon as the separator.', 'BAD_USER_INPUT');
    // PostgreSQL text cannot hold U+0000: refused as bad input, as the GraphQL list refuses it.
    const withNul = [...url.searchParams].find(([, v]) => v.includes('\u0000'));
    if (withNul) throw userError(`${NULL_CHARACTER_MESSAGE} (${withNul[0]})`, 'BAD_USER_INPUT');
    // The list's filters, checked strictly: a filter that does not parse is refused, never silently dropped.
    q = parseQuery(Object.fromEntries([...url.searchParams].filter(([k]) => !OWN_PARAMS.includes(k))));
  } catch (error) {
    const code = error instanceof GraphQLError ? error.extensions.code : null;
    if (code === 'UNAUTHENTICATED') return fail(401, error instanceof Error ? error.message : 'Sign in again.');
    if (code === 'BAD_USER_INPUT') return fail(400, (error as Error).message);
    if (code === 'NOT_FOUND' || code === 'FORBIDDEN') return fail(404, 'Property not found.');
    services.log.error(
      { correlationId, err: { message: (error as Error).message } },
      'Reservations export failed before it started',
    );
    return fail(500, 'Something went wrong.');
  }
  const f = reservationFilter(q);
  let n: string;
  try {
    [{ n }] = await services.db.query<{ n: string }>(`select count(*) as n from reservations r where ${f.where}`, [
      propertyId,
      ...f.params,
    ]);
  } catch (error) {
    services.log.error(
      { correlationId, err: { message: (error as Error).message } },
      'Reservations export failed before it started',
    );
    return fail(503, 'The export could not start. Try again in a moment.');
  }
  for (const line of cookies.outgoing) res.appendHeader('set-cookie', line);
  res.statusCode = 200;
  res.setHeader('content-type', 'text/csv; charset=utf-8');
  res.setHeader('cache-control', 'no-store');
  res.setHeader('content-disposition', `attachment; filename="reservations-${propertyId}.csv"`);
  res.setHeader('x-total-count', n);
  const sep = separator as CsvSeparator;
  res.write(
    `${BYTE_ORDER_MARK}${csvLine(
      CSV_COLUMNS.map(([h]) => h),
      sep,
    )}\n`,
  );

  // Keyset paging on (sort column, id): each chunk starts after the last row of the one before.
  let after: { key: string; id: string } | null = null;
  const sortKey =
    f.sort === 'r.booked_at'
      ? `to_char(r.booked_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
      : `${f.sort}::text`;
  let closed = false;
  res.on('close', () => (closed = true));
  try {
    while (!closed) {
      const params: unknown[] = [propertyId, ...f.params];
      let seek = '';
      if (after) {
        const cmp = f.dir === 'asc' ? '>' : '<';
        seek = ` and (${f.sort}, r.id) ${cmp} ($${params.push(after.key)}::${f.sort === 'r.booked_at' ? 'timestamptz' : 'date'}, $${params.push(after.id)}::bigint)`;
      }
      const rows = await services.db.query<Record<string, unknown>>(
        `select ${RESERVATION_ROW}, ${sortKey} as "sortKey" from reservations r where ${f.where}${seek}
          order by ${f.orderBy} limit ${CHUNK}`,
        params,
      );
      if (!rows.length) break;
      const text = `${rows
        .map((r) =>
          csvLine(
            CSV_COLUMNS.map(([, k]) => r[k]),
            sep,
          ),
        )
        .join('\n')}\n`;
      if (!res.write(text)) await new Promise((resolve) => res.once('drain', resolve));
      if (rows.length < CHUNK) break;
      const last = rows[rows.length - 1];
      after = { key: String(last.sortKey), id: String(last.id) };
    }
    res.end();
  } catch (error) {
    services.log.error(
      { correlationId, err: { message: (error as Error).message } },
      'Reservations export failed while streaming',
    );
    res.destroy(error as Error);
  }
}
