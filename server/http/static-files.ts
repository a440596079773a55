import { existsSync } from 'node:fs';
import path from 'node:path';
import sirv from 'sirv';
import type { IncomingMessage, ServerResponse } from 'node:http';

type Handler = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/** Serves the built SPA; any unknown path gets index.html so deep links work. */
export function createStaticHandler(distDir: string): Handler | null {
  if (!existsSync(path.join(distDir, 'index.html'))) return null;
  return sirv(distDir, {
    single: true,
    etag: true,
    gzip: true,
    brotli: true,
    setHeaders(res, pathname) {
      if (pathname.startsWith('/assets/')) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      else res.setHeader('Cache-Control', 'no-cache');
    },
  }) as Handler;
}
