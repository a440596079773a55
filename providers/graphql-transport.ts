/** Where the API answers; here, not in graphql-client, so the public screens need not load urql for it. */
export const GRAPHQL_PATH = '/graphql';

/**
 * The fetch that every GraphQL request goes through (spec §7): small queries are batched
 * (at most 5 operations, 20 ms window) into one POST; mutations and anything carrying a file
 * travel alone; credentials are included; every HTTP request gets a fresh x-correlation-id;
 * a bearer ID token is added unless the new-auth flag is on.
 */
export const BATCH_MAX = 5;
export const BATCH_WINDOW_MS = 20;
export const CORRELATION_HEADER = 'x-correlation-id';

export type TransportOptions = {
  /** The underlying fetch (window.fetch in the browser). */
  fetch?: typeof fetch;
  maxBatch?: number;
  windowMs?: number;
  /** Returns the ID token to send as a bearer, or null to send none. */
  getBearerToken?: () => string | null;
  newId?: () => string;
};

/**
 * The headers the transport adds to every HTTP request: a fresh correlation id and, when there is
 * one, the bearer ID token. Requests made outside the transport (the photo upload's XHR) use it too.
 */
export function requestHeaders(
  options: Pick<TransportOptions, 'getBearerToken' | 'newId'> = {},
): Record<string, string> {
  const newId = options.newId ?? (() => crypto.randomUUID());
  const headers: Record<string, string> = { [CORRELATION_HEADER]: newId() };
  const token = options.getBearerToken?.();
  if (token) headers.authorization = `Bearer ${token}`;
  return headers;
}

type Pending = {
  body: Record<string, unknown>;
  resolve: (r: Response) => void;
  reject: (e: unknown) => void;
};

export function createGraphqlFetch(options: TransportOptions = {}): typeof fetch {
  const baseFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const maxBatch = options.maxBatch ?? BATCH_MAX;
  const windowMs = options.windowMs ?? BATCH_WINDOW_MS;
  const queues = new Map<string, { items: Pending[]; timer: ReturnType<typeof setTimeout> }>();

  const send = (url: string, init: RequestInit) => {
    const headers = new Headers(init.headers);
    for (const [name, value] of Object.entries(requestHeaders(options))) headers.set(name, value);
    return baseFetch(url, { ...init, headers, credentials: 'include' });
  };

  const flush = (url: string) => {
    const queue = queues.get(url);
    if (!queue) return;
    queues.delete(url);
    clearTimeout(queue.timer);
    const { items } = queue;
    if (items.length === 1) {
      send(url, jsonInit(items[0].body)).then(items[0].resolve, items[0].reject);
      return;
    }
    send(url, jsonInit(items.map((i) => i.body)))
      .then(async (response) => {
        const text = await response.text();
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = undefined;
        }
        items.forEach((item, index) => {
          // A refused batch (e.g. 413) answers every member with the same error body.
          const one = Array.isArray(parsed) ? parsed[index] : parsed;
          const status = Array.isArray(parsed) ? 200 : response.status;
          item.resolve(
            new Response(one === undefined ? text : JSON.stringify(one), {
              status,
              headers: { 'content-type': 'application/json' },
            }),
          );
        });
      })
      .catch((error) => {
        for (const item of items) item.reject(error);
      });
  };

  return async (input, init = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const body = batchableBody(init);
    if (!body) return send(url, init);
    return new Promise<Response>((resolve, reject) => {
      let queue = queues.get(url);
      if (!queue) {
        queue = { items: [], timer: setTimeout(() => flush(url), windowMs) };
        queues.set(url, queue);
      }
      queue.items.push({ body, resolve, reject });
      if (queue.items.length >= maxBatch) flush(url);
    });
  };
}

/** Only JSON POSTs of a single query are batched; mutations, subscriptions and files go alone. */
function batchableBody(init: RequestInit): Record<string, unknown> | null {
  if ((init.method ?? 'GET').toUpperCase() !== 'POST' || typeof init.body !== 'string') return null;
  try {
    const parsed = JSON.parse(init.body) as Record<string, unknown>;
    if (Array.isArray(parsed) || typeof parsed.query !== 'string') return null;
    return /^\s*(query\b|\{)/.test(stripComments(parsed.query)) ? parsed : null;
  } catch {
    return null;
  }
}

const stripComments = (q: string) => q.replace(/#[^\n]*/g, '');

function jsonInit(body: unknown): RequestInit {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json, application/json' },
    body: JSON.stringify(body),
  };
}
