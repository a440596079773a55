import path from 'node:path';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AppServices } from '../context';
import type { GraphqlApp } from '../app';
import { setSecurityHeaders } from './security-headers';
import { clientBuilt, createStaticHandler } from './static-files';
import { createFirstScreen } from './first-screen';
import { attachWebSocket } from './websocket';
import { createGraphqlLane } from './graphql-lane';
import { checkHealth } from './health';
import { appConfig } from './app-config';
import { EXPORT_PATH, exportReservations } from '../reservations/export-reservations';
import { MEDIA_PATH, serveMedia } from '../media/serve-media';
import { TRAIL_EXPORT_PATH, exportTrail } from '../trails/export-trail';
import { exportProperties } from '../properties/export-properties';
import { FINDER_EXPORT_PATH } from '../../resources/properties/finder-export';
import { receiveFlagEvents } from '../flags/flag-events';
import { FLAG_EVENTS_PATH } from '../../resources/flag-events';
import { ANTISPAM_ACTIONS, createAntiSpamChallenge, type AntiSpamAction } from '../auth/antispam';

/** One Node server: GET /healthz, /graphql over HTTP and WebSocket, and the SPA. */
export function createHttpServer(services: AppServices, yoga: GraphqlApp, distDir: string) {
  const { config, log } = services;
  const serveStatic = createStaticHandler(distDir);
  // What /app-config answers, and what a drawn page comes with: the same settings, built once.
  const settings = appConfig(config);
  const firstScreen = createFirstScreen(
    yoga,
    distDir,
    path.join(distDir, '..', 'dist-ssr', 'first-screen.js'),
    log,
    settings,
  );
  const lane = createGraphqlLane(yoga, log);
  if (!clientBuilt(distDir)) log.warn({ distDir }, 'No built client found: pages answer 503 until npm run build');

  const server = createServer((req, res) => {
    setSecurityHeaders(res, config.isProduction, config.PUBLIC_SENTRY_DSN);
    const url = req.url ?? '/';
    if (url === '/healthz' || url.startsWith('/healthz?')) return void health(res);
    if (url.startsWith('/antispam/')) return void antispam(url, res);
    if (url === '/vip' || url.startsWith('/vip?')) return enableAllFeatures(res);
    if (url === '/app-config') return reply(res, 200, settings);
    if (url.startsWith(`${EXPORT_PATH}?`) && req.method === 'GET') return void exportReservations(services, req, res);
    if (url === FLAG_EVENTS_PATH && req.method === 'POST')
      return void receiveFlagEvents(services, req, res).catch((error) => {
        services.log.error({ err: { message: (error as Error).message } }, 'Flag events were not counted');
        if (!res.headersSent) reply(res, 503, { error: 'Flag events could not be counted.' });
      });
    if (url.startsWith(`${TRAIL_EXPORT_PATH}?`) && req.method === 'GET') return void exportTrail(services, req, res);
    if ((url === FINDER_EXPORT_PATH || url.startsWith(`${FINDER_EXPORT_PATH}?`)) && req.method === 'GET')
      return void exportProperties(services, req, res);
    if (url.startsWith(MEDIA_PATH))
      return void serveMedia(services, req, res).catch((error) => {
        services.log.error({ err: { message: (error as Error).message } }, 'Serving a media file failed');
        if (!res.headersSent) res.writeHead(500).end();
      });
    if (url === '/graphql' || url.startsWith('/graphql?')) {
      if (tooLarge(req)) return void reply(res, 413, { errors: [{ message: 'Request body too large.' }] });
      if (lane(req, res, config.MAX_BODY_BYTES)) return;
      return void yoga(req, res);
    }
    if (req.method === 'GET' || req.method === 'HEAD') {
      const plain = () => serveStatic(req, res, () => reply(res, 404, { error: 'Not found' }));
      // A property's home comes with its first screen drawn, when it can be (server/http/first-screen.ts).
      const drawing = firstScreen(req, res);
      if (!drawing) return plain();
      return void drawing.then((drawn) => drawn || plain(), plain);
    }
    reply(res, 404, { error: 'Not found' });
  });

  function tooLarge(req: IncomingMessage): boolean {
    if (req.method !== 'POST') return false;
    const isMultipart = (req.headers['content-type'] ?? '').startsWith('multipart/form-data');
    const limit = isMultipart
      ? config.MAX_UPLOAD_BYTES * config.MAX_UPLOAD_FILES + config.MAX_BODY_BYTES
      : config.MAX_BODY_BYTES;
    const length = Number(req.headers['content-length'] ?? NaN);
    // Without a declared length we cannot bound the read up front, so it is refused.
    return !Number.isFinite(length) || length > limit;
  }

  /** The widget fetches its proof-of-work challenge here; /antispam/config tells the page which provider to use. */
  async function antispam(url: string, res: ServerResponse) {
    const { pathname, searchParams } = new URL(url, 'http://localhost');
    if (pathname === '/antispam/config') {
      return reply(
        res,
        200,
        config.RECAPTCHA_SITE_KEY
          ? { provider: 'recaptcha', siteKey: config.RECAPTCHA_SITE_KEY }
          : { provider: config.ANTISPAM_PROVIDER },
      );
    }
    const action = searchParams.get('action');
    if (pathname !== '/antispam/challenge' || !ANTISPAM_ACTIONS.includes(action as AntiSpamAction)) {
      return reply(res, 400, { error: `action must be one of ${ANTISPAM_ACTIONS.join(', ')}` });
    }
    reply(res, 200, await createAntiSpamChallenge(services, action as AntiSpamAction));
  }

  /** Spec §2: /vip turns every feature flag on for this browser (Secure outside local development). */
  function enableAllFeatures(res: ServerResponse) {
    const secure = config.NODE_ENV === 'development' ? '' : '; Secure';
    res.statusCode = 302;
    res.setHeader('Set-Cookie', `enableAllFeatures=true; Path=/; SameSite=Lax; Max-Age=31536000${secure}`);
    res.setHeader('Location', '/');
    res.end();
  }

  async function health(res: ServerResponse) {
    const report = await checkHealth(services);
    reply(res, report.status === 'ok' ? 200 : 503, report);
  }

  // An idle keep-alive connection stays open longer than clients and load balancers keep theirs
  // (browsers, undici: 4 s; AWS ALB: 60 s), so a client never sends a request down a socket the
  // server is closing at that moment: Node's 5 s default lost a request that way under load
  // ("Please check the form and re-submit." on a save). headersTimeout must exceed it.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  const ws = attachWebSocket(server, yoga, config.ALLOWED_ORIGINS, services.pubsub);
  return {
    server,
    listen: (port: number, host: string) =>
      new Promise<number>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          const address = server.address();
          resolve(typeof address === 'object' && address ? address.port : port);
        });
      }),
    /**
     * Stops taking connections; live sockets close with 1001 (Going Away: graphql-ws reconnects, to
     * another instance behind a load balancer); requests in flight finish, for at most `graceMs`,
     * after which every connection left is cut (issue 32).
     */
    close: async (graceMs = 10_000) => {
      await ws.close();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const cut = setTimeout(() => server.closeAllConnections(), graceMs);
      await closed;
      clearTimeout(cut);
    },
  };
}

function reply(res: ServerResponse, status: number, body: unknown) {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.end(JSON.stringify(body));
}
