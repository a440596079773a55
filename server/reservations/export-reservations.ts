import type { IncomingMessage, ServerResponse } from 'node:http';
import { ALL_VIEW_PARAM } from '../../resources/reservations/front-desk';
import type { AppServices } from '../context';
import { authorizeProperty, canOnProperty } from '../auth/authorize';
import { streamCsv } from '../http/csv-export';
import { csvColumnsFor, reservationsCsvName } from '../../resources/reservations/reservations.schema';
import { RESERVATION_ROW, reservationFilter } from './reservations-query';
import { parseQuery } from './list-reservations';
export const EXPORT_PATH = '/exports/reservations.csv';
/** Rows read per round trip: the file is written as it is read, so memory stays flat however many rows match. */
const CHUNK = 1000;

/** The export's own parameters; the rest are the list's filters. */
/** The export's own parameter, and the list's "All reservations" marker (not a filter). */
const OWN_PARAMS = ['propertyId', ALL_VIEW_PARAM];

/**
 * GET /exports/reservations.csv?propertyId=1&separator=comma|semicolon&<the list's filters>: every row of the filtered list
 * (not one page), streamed in keyset-paged chunks (server/http/csv-export.ts). Authorized like the
 * list, with the session cookies.
 */
export const exportReservations = (services: AppServices, req: IncomingMessage, res: ServerResponse) =>
  streamCsv(services, req, res, 'Reservations export', async (ctx, params) => {
    const facts = await authorizeProperty(ctx, Number(params.get('propertyId')), 'read', 'Reservation');
    const propertyId = facts.propertyId;
    // Special requests are stored with card numbers masked; the guest's phone only for those who may read it.
    const columns = csvColumnsFor(await canOnProperty(ctx, facts, 'read', 'GuestContact'));
    // The list's filters, checked strictly: a filter that does not parse is refused, never silently dropped.
    const q = parseQuery(Object.fromEntries([...params].filter(([k]) => !OWN_PARAMS.includes(k))));
    const f = reservationFilter(q);
    const [{ n }] = await services.db.query<{ n: string }>(
      `select count(*) as n from reservations r where ${f.where}`,
      [propertyId, ...f.params],
    );
    return {
      filename: reservationsCsvName(propertyId, q),
      total: Number(n),
      header: columns.map(([h]) => h),
      rows: () => reservationRows(services, propertyId, f, columns),
    };
  });

/** Keyset paging on (sort column, id): each chunk starts after the last row of the one before. */
async function* reservationRows(
  services: AppServices,
  propertyId: number,
  f: ReturnType<typeof reservationFilter>,
  columns: ReturnType<typeof csvColumnsFor>,
) {
  let after: { key: string; id: string } | null = null;
  const sortKey =
    f.sort === 'r.booked_at'
      ? `to_char(r.booked_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
      : `${f.sort}::text`;
  for (;;) {
    const params: unknown[] = [propertyId, ...f.params];
    let seek = '';
    if (after) {
      const cmp = f.dir === 'asc' ? '>' : '<';
      seek = ` and (${f.sort}, r.id) ${cmp} ($${params.push(after.key)}::${f.sort === 'r.booked_at' ? 'timestamptz' : 'date'}, $${params.push(after.id)}::bigint)`;
    }
    const rows: Record<string, unknown>[] = await services.db.query<Record<string, unknown>>(
      `select ${RESERVATION_ROW}, r.special_requests as "specialRequests", r.guest_phone as "guestPhone",
              ${sortKey} as "sortKey" from reservations r where ${f.where}${seek}
        order by ${f.orderBy} limit ${CHUNK}`,
      params,
    );
    if (rows.length) yield rows.map((r) => columns.map(([, k]) => r[k]));
    if (rows.length < CHUNK) return;
    const last = rows[rows.length - 1];
    after = { key: String(last.sortKey), id: String(last.id) };
  }
}
