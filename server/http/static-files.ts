import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import sirv from 'sirv';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PUBLIC_PAGE, PUBLIC_PATHS } from '../../resources/public-paths';

type Handler = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

export const NOT_BUILT_MESSAGE = 'The portal has not been built yet: run npm run build, then reload this page.';

const builtAt = (index: string) => {
  try {
    return statSync(index).mtimeMs;
  } catch {
    return null;
  }
};

/**
 * Serves the built SPA; any unknown path gets index.html so deep links work. sirv lists the files
 * once, so the list is made again whenever index.html changes (a build after start), and while
 * there is no index.html (not built yet, or a build emptying dist) pages answer 503 with what to do
 * instead of sirv opening a file that is gone, which would crash the process.
 */
export function createStaticHandler(distDir: string): Handler {
  const index = path.join(distDir, 'index.html');
  let served: { at: number; handler: Handler; publicPage: boolean } | null = null;
  return (req, res, next) => {
    const at = builtAt(index);
    if (at === null) {
      served = null;
      res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '10' }).end(NOT_BUILT_MESSAGE);
      return;
    }
    if (served?.at !== at)
      served = { at, handler: filesOf(distDir), publicPage: existsSync(path.join(distDir, PUBLIC_PAGE)) };
    // A public screen gets the page without the portal's frame (index.html paints it for everything else).
    const url = req.url ?? '/';
    const pathname = url.split('?')[0];
    if (served.publicPage && PUBLIC_PATHS.includes(pathname)) req.url = `/${PUBLIC_PAGE}${url.slice(pathname.length)}`;
    served.handler(req, res, next);
  };
}

const filesOf = (distDir: string) =>
  sirv(distDir, {
    single: true,
    etag: true,
    gzip: true,
    brotli: true,
    setHeaders(res, pathname) {
      if (pathname.startsWith('/assets/')) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      else res.setHeader('Cache-Control', 'no-cache');
    },
  }) as Handler;

/** Whether the client was built when the server started (a line in the log says so when it was not). */
export const clientBuilt = (distDir: string) => builtAt(path.join(distDir, 'index.html')) !== null;
