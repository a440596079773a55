import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { GraphQLError } from 'graphql';
import type { AppContext, AppServices } from '../context';
import { RequestCookies } from '../auth/cookies';
import { resolveViewer } from '../session';
import { userError } from '../errors';
import { NULL_CHARACTER_MESSAGE } from '../graphql-input-guards';
import { CORRELATION_HEADER } from '../app';
import {
  BYTE_ORDER_MARK,
  csvLine,
  DEFAULT_SEPARATOR,
  isCsvSeparator,
  type CsvSeparator,
} from '../../resources/reservations/csv-format';

/** What an export needs to know before it streams: the file's name, how many rows, its heading row. */
export type CsvPlan = {
  filename: string;
  total: number;
  header: readonly string[];
  /** The rows, a chunk at a time (keyset-paged), each as its cells. */
  rows: () => AsyncIterable<readonly (readonly unknown[])[]>;
};

/**
 * A CSV download behind sign-in (GET, session cookies), in one shape for every export: the request
 * is authorized and its parameters checked before anything is sent (401, 400, 404 with a JSON
 * error), then the file streams chunk by chunk with X-Total-Count so the portal can show progress.
 * `plan` authorizes and parses the export's own parameters; `what` names it in the log.
 */
export async function streamCsv(
  services: AppServices,
  req: IncomingMessage,
  res: ServerResponse,
  what: string,
  plan: (ctx: AppContext, params: URLSearchParams) => Promise<CsvPlan>,
) {
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
  const logFailure = (error: unknown, message: string) =>
    services.log.error({ correlationId, err: { message: (error as Error).message } }, `${what} ${message}`);
  const separator = url.searchParams.get('separator') ?? DEFAULT_SEPARATOR;
  let planned: CsvPlan;
  try {
    const viewer = await resolveViewer(services, request, cookies);
    const ctx = { ...services, viewer, cookies, request, correlationId } as AppContext;
    if (!isCsvSeparator(separator))
      throw userError('Choose a comma or a semicolon as the separator.', 'BAD_USER_INPUT');
    // PostgreSQL text cannot hold U+0000: refused as bad input, as the GraphQL API refuses it.
    const withNul = [...url.searchParams].find(([, v]) => v.includes('\u0000'));
    if (withNul) throw userError(`${NULL_CHARACTER_MESSAGE} (${withNul[0]})`, 'BAD_USER_INPUT');
    const params = new URLSearchParams(url.searchParams);
    params.delete('separator');
    planned = await plan(ctx, params);
  } catch (error) {
    const code = error instanceof GraphQLError ? error.extensions.code : null;
    if (code === 'UNAUTHENTICATED') return fail(401, error instanceof Error ? error.message : 'Sign in again.');
    if (code === 'BAD_USER_INPUT') return fail(400, (error as Error).message);
    if (code === 'NOT_FOUND' || code === 'FORBIDDEN') return fail(404, 'Property not found.');
    logFailure(error, 'failed before it started');
    return fail(503, 'The export could not start. Try again in a moment.');
  }
  for (const line of cookies.outgoing) res.appendHeader('set-cookie', line);
  res.statusCode = 200;
  res.setHeader('content-type', 'text/csv; charset=utf-8');
  res.setHeader('cache-control', 'no-store');
  res.setHeader('content-disposition', `attachment; filename="${planned.filename}"`);
  res.setHeader('x-total-count', String(planned.total));
  const sep = separator as CsvSeparator;
  res.write(`${BYTE_ORDER_MARK}${csvLine(planned.header, sep)}\n`);
  let closed = false;
  res.on('close', () => (closed = true));
  try {
    for await (const chunk of planned.rows()) {
      if (closed) break;
      const text = `${chunk.map((cells) => csvLine(cells, sep)).join('\n')}\n`;
      if (!res.write(text)) await new Promise((resolve) => res.once('drain', resolve));
    }
    res.end();
  } catch (error) {
    logFailure(error, 'failed while streaming');
    res.destroy(error as Error);
  }
}
