import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppContext, AppServices } from '../context';
import { RequestCookies } from '../auth/cookies';
import { resolveViewer } from '../session';
import { checkPropertyAccess, propertyFacts } from '../auth/authorize';
import { mediaStoreFor } from './media-store';

export const MEDIA_PATH = '/media/';
const HASH = /^\/media\/([0-9a-f]{64})$/;

/**
 * GET /media/<content hash>: a stored image file, only while an image names it, with its type and
 * `Cache-Control: immutable` (the name is its content). A published property's photos are public;
 * any other property's only to a session that may read it. Anything else is a plain 404.
 */
export async function serveMedia(services: AppServices, req: IncomingMessage, res: ServerResponse) {
  const notFound = () => {
    res.statusCode = 404;
    res.setHeader('content-type', 'text/plain; charset=utf-8');
    res.setHeader('cache-control', 'no-store');
    res.end('Not found');
  };
  const hash = HASH.exec((req.url ?? '').split('?')[0])?.[1];
  if (!hash || (req.method !== 'GET' && req.method !== 'HEAD')) return notFound();
  // A variant's type is its format's; the original's is stored on the row.
  const [file] = await services.db.query<{ property_id: number; content_type: string; status: string }>(
    `select i.property_id, coalesce('image/' || (v->>'format'), i.content_type) as content_type, p.status
       from images i join properties p on p.id = i.property_id
       left join lateral jsonb_array_elements(i.variants) v on v->>'hash' = $1
      where i.original_hash = $1 or i.variants @> jsonb_build_array(jsonb_build_object('hash', $1::text))
      limit 1`,
    [hash],
  );
  if (!file) return notFound();
  if (file.status !== 'PUBLISHED') {
    const headers = { get: (name: string) => (req.headers[name.toLowerCase()] as string | undefined) ?? null };
    const request = { method: req.method ?? 'GET', url: req.url ?? '/', headers };
    const cookies = new RequestCookies(headers.get('cookie'), services.config.isProduction);
    try {
      const viewer = await resolveViewer(services, request, cookies);
      const ctx = { ...services, viewer, cookies, request, correlationId: randomUUID() } as AppContext;
      await checkPropertyAccess(ctx, await propertyFacts(services.db, file.property_id), 'read', 'Image');
    } catch {
      return notFound();
    }
    for (const line of cookies.outgoing) res.appendHeader('set-cookie', line);
  }
  const bytes = await mediaStoreFor(services.config.DATA_DIR).get(hash);
  if (!bytes) return notFound();
  res.statusCode = 200;
  res.setHeader('content-type', file.content_type);
  res.setHeader('content-length', String(bytes.byteLength));
  res.setHeader('x-content-type-options', 'nosniff');
  res.setHeader(
    'cache-control',
    file.status === 'PUBLISHED' ? 'public, max-age=31536000, immutable' : 'private, max-age=31536000, immutable',
  );
  res.end(req.method === 'HEAD' ? undefined : Buffer.from(bytes));
}
