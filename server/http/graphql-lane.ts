import type { IncomingMessage, ServerResponse } from 'node:http';
import { getOperationAST, type DocumentNode, type ExecutionResult } from 'graphql';
import { processRegularResult } from 'graphql-yoga';
import { getCORSHeadersByRequestAndOptions } from '@whatwg-node/server';
import type { GraphqlApp } from '../app';
import type { RequestInfo } from '../context';
import { CORRELATION_HEADER } from '../app';
import { encodedBody } from './compressed-body';
import type { Logger } from '../logger';

/** The media types the lane answers with, as Yoga names them. */
const LANE_TYPES = ['application/graphql-response+json', 'application/json'] as const;
type LaneType = (typeof LANE_TYPES)[number];

type Params = { query: string; operationName?: string | null; variables?: Record<string, unknown> | null };

/**
 * The portal's everyday request, one JSON operation POSTed to /graphql, served without Yoga's
 * Fetch API layer (a Request, a body stream, an AbortSignal and a Response per call, most of the
 * server's time per request). It runs the very pipeline Yoga runs: `yoga.getEnveloped` gives the
 * same parse and validation caches, armor limits, introspection rule, masked errors, error log
 * and context, and Yoga's own `processRegularResult` picks the status and writes the body. CSRF
 * needs nothing more: a JSON body is never a "simple" request. Anything else (GET, batches,
 * uploads, subscriptions, other Accept types, bad JSON, parse or validation errors) goes to Yoga,
 * with the body already read, so every such answer stays Yoga's.
 */
export function createGraphqlLane(yoga: GraphqlApp, log: Logger) {
  return function serve(req: IncomingMessage, res: ServerResponse, maxBytes: number): boolean {
    const type = laneTypeFor(req);
    if (!type) return false;
    const request = requestInfo(req);
    readBody(req, maxBytes)
      .then(
        (body) => answer(req, request, res, body, type),
        () => {
          if (!res.headersSent) res.writeHead(400).end();
        },
      )
      .catch((error: unknown) => {
        // Whatever failed here failed outside Yoga's own error handling: the 500 is logged with the id the client sees.
        const { correlationId } = yoga.requestState(request);
        log.error({ correlationId, err: error, status: 500 }, 'Request failed');
        if (!res.headersSent) res.writeHead(500, { [CORRELATION_HEADER]: correlationId }).end();
        else res.destroy(error as Error);
      });
    return true;
  };

  async function answer(req: IncomingMessage, request: RequestInfo, res: ServerResponse, body: Buffer, type: LaneType) {
    const params = paramsOf(body);
    const enveloped = params && yoga.getEnveloped({ request, params, req } as never);
    let document: DocumentNode | undefined;
    try {
      document = enveloped ? enveloped.parse(params.query) : undefined;
      const operation = document && getOperationAST(document, params!.operationName);
      if (
        !operation ||
        operation.operation === 'subscription' ||
        enveloped!.validate(enveloped!.schema, document!).length
      )
        document = undefined;
    } catch {
      document = undefined; // parse errors, and armor's limits, which throw: Yoga answers those its own way
    }
    if (!enveloped || !document) return viaYoga(req, res, body);
    let contextValue: unknown;
    try {
      contextValue = await enveloped.contextFactory();
    } catch {
      // Yoga turns a failing context (the database away, say) into its masked error; the same
      // correlation id goes along, so the log lines of both attempts and the answer agree.
      return viaYoga(req, res, body, yoga.requestState(request).correlationId);
    }
    const result = (await enveloped.execute({
      schema: enveloped.schema,
      document,
      operationName: params!.operationName,
      variableValues: params!.variables,
      contextValue,
    })) as ExecutionResult;
    const response = processRegularResult(
      result,
      { Response: CapturedResponse } as never,
      type,
    ) as unknown as CapturedResponse;
    const state = yoga.requestState(request);
    const headers: Record<string, string | string[]> = {
      ...response.headers,
      [CORRELATION_HEADER]: state.correlationId,
    };
    if (state.cookies.outgoing.length) headers['set-cookie'] = state.cookies.outgoing;
    const cors = getCORSHeadersByRequestAndOptions(request as never, yoga.cors(request) as never);
    if (cors) Object.assign(headers, cors);
    const sent = await encodedBody(req, headers, response.body ?? '');
    res.writeHead(response.status, headers).end(sent);
  }

  /** Hands a request whose body is already read to Yoga and copies its answer out. */
  async function viaYoga(req: IncomingMessage, res: ServerResponse, body: Buffer, correlationId?: string) {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    if (correlationId) headers[CORRELATION_HEADER] = correlationId;
    const response = await yoga.fetch(
      `http://${req.headers.host ?? 'localhost'}${req.url}`,
      { method: 'POST', headers, body: new Uint8Array(body) },
      { req } as never, // the client's address goes along (server/http/client-address.ts)
    );
    const out: Record<string, string | string[]> = {};
    response.headers.forEach((value, name) => {
      if (name !== 'set-cookie') out[name] = value;
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length) out['set-cookie'] = cookies;
    const sent = await encodedBody(req, out, Buffer.from(await response.arrayBuffer()));
    res.writeHead(response.status, out).end(sent);
  }
}

/** Yoga's result processor builds a Response; the lane only needs what it was given. */
class CapturedResponse {
  readonly status: number;
  readonly headers: Record<string, string>;
  constructor(
    readonly body: string | null,
    init: { status?: number; headers?: Record<string, string> } = {},
  ) {
    this.status = init.status ?? 200;
    this.headers = { ...init.headers };
  }
}

/**
 * The lane's media type for a POST of JSON to /graphql, chosen as Yoga chooses: by the first Accept
 * entry, where a wildcard (or no Accept at all) means application/json. Null when that first entry
 * is anything else, or names another charset than UTF-8: then Yoga decides.
 */
function laneTypeFor(req: IncomingMessage): LaneType | null {
  if (req.method !== 'POST' || req.url !== '/graphql' || req.headers.upgrade) return null;
  if (mediaType(req.headers['content-type']) !== 'application/json') return null;
  const [first = '*/*', ...params] = (req.headers.accept || '*/*')
    .split(',')[0]
    .replace(/\s/g, '')
    .toLowerCase()
    .split(';');
  const charset = params.find((p) => p.startsWith('charset='));
  if (charset && charset !== 'charset=utf-8') return null;
  if (first === '*/*' || first === 'application/*') return 'application/json';
  return (LANE_TYPES as readonly string[]).includes(first) ? (first as LaneType) : null;
}

const mediaType = (header: string | undefined) => (header ?? '').split(';')[0].trim().toLowerCase();

/** One operation object with a string query and nothing we do not know; null sends the request to Yoga. */
function paramsOf(body: Buffer): Params | null {
  let value: unknown;
  try {
    value = JSON.parse(body.toString('utf8'));
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const { query, operationName, variables, ...rest } = value as Record<string, unknown>;
  if (typeof query !== 'string' || Object.keys(rest).length) return null;
  if (operationName != null && typeof operationName !== 'string') return null;
  if (variables != null && (typeof variables !== 'object' || Array.isArray(variables))) return null;
  return {
    query,
    operationName: operationName as string | null | undefined,
    variables: variables as Params['variables'],
  };
}

function requestInfo(req: IncomingMessage): RequestInfo {
  return {
    method: req.method!,
    url: `http://${req.headers.host ?? 'localhost'}${req.url}`,
    headers: {
      get(name) {
        const value = req.headers[name.toLowerCase()];
        return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
      },
    },
  };
}

function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        reject(new Error('body too large'));
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}
