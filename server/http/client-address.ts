import type { IncomingMessage } from 'node:http';

/**
 * The address a request came from, which sign-in failures are counted against. Behind a proxy
 * (TRUST_PROXY=true) it is the last hop the proxy added to X-Forwarded-For; otherwise the socket's
 * peer, whatever the request says. Without either (a request made in-process) it is 'local'.
 */
export function clientAddress(
  req: Pick<IncomingMessage, 'socket' | 'headers'> | undefined,
  trustProxy: boolean,
): string {
  if (trustProxy) {
    const forwarded = req?.headers['x-forwarded-for'];
    const hops = (Array.isArray(forwarded) ? forwarded.join(',') : (forwarded ?? ''))
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean);
    if (hops.length) return hops[hops.length - 1].slice(0, 64);
  }
  return req?.socket?.remoteAddress ?? 'local';
}
