import { randomUUID } from 'node:crypto';
import { stat, readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CORRELATION_HEADER, type GraphqlApp } from '../app';
import type { Logger } from '../logger';
import { COOKIES } from '../auth/cookies';
import { AUTH_DOCS } from '../../resources/auth/auth.documents';
import { PROPERTY_DOCS } from '../../resources/properties/property.documents';
import { FIRST_READS_ID, FIRST_SCREEN_PAGE, FIRST_SCREEN_SLOT } from '../../resources/first-screen';
import type { FirstReads } from '../../src/first-screen/first-reads';
import { parsePropertyId } from '../../src/layouts/property-outlet';
import { encodedBody } from './compressed-body';

/** The addresses whose first screen the server draws: a property's home (its id as the portal reads it, parsePropertyId). */
const DRAWN = /^\/properties\/([^/?]+)\/?$/;

type Draw = (address: string, reads: FirstReads, wide: boolean) => Promise<string>;

/** What a batch member of the reads answered. */
type Answer = { data?: Record<string, unknown> | null; errors?: unknown[] };

/**
 * A signed-in page with its first screen in it. On a phone the portal's code is seconds of download
 * before it can draw anything; here the server reads what the page shows as the signed-in user (the
 * same operations the portal sends, through the same schema, rules and cookies), draws it with the
 * portal's own components (src/first-screen/draw.server.tsx, built into `drawerFile`), and sends it
 * in first-screen.html with the reads, which the portal's first render draws again from (no second
 * read, and it replaces the drawing only when its page is on screen: src/first-screen).
 *
 * `serve` answers and says true, or says false for the plain page: not such an address, no session,
 * no build of the drawer, a read refused (signed out, not this user's property), or anything that
 * failed. Cookies the reads renewed (a rotated refresh token) are set on the response either way.
 */
export function createFirstScreen(yoga: GraphqlApp, distDir: string, drawerFile: string, log: Logger) {
  let drawer: Promise<Draw | null> | undefined;
  let page: { at: number; html: Promise<string> } | null = null;
  const loadDrawer = () =>
    (drawer ??= import(pathToFileURL(drawerFile).href).then(
      (module: { drawFirstScreen: Draw }) => module.drawFirstScreen,
      (error: Error) => {
        log.warn({ err: { message: error.message } }, 'First screens are not drawn: the drawer did not load');
        return null;
      },
    ));
  // The page is read again when a build replaces it.
  const template = async (): Promise<string | null> => {
    const file = path.join(distDir, FIRST_SCREEN_PAGE);
    const at = await stat(file).then(
      (s) => s.mtimeMs,
      () => null,
    );
    if (at === null) return null;
    if (page?.at !== at) page = { at, html: readFile(file, 'utf8') };
    return page.html;
  };

  async function reads(cookie: string, propertyId: number, res: ServerResponse): Promise<FirstReads | null> {
    const response = await yoga.fetch('http://portal.internal/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, [CORRELATION_HEADER]: randomUUID() },
      body: JSON.stringify([
        { query: AUTH_DOCS.userAttributes },
        { query: PROPERTY_DOCS.manageProperty, variables: { id: propertyId } },
      ]),
    });
    const renewed = response.headers.getSetCookie();
    if (renewed.length > 0) res.setHeader('set-cookie', renewed);
    if (!response.ok) return null;
    const [viewer, property] = (await response.json()) as Answer[];
    if (viewer?.errors || property?.errors || !viewer?.data || !property?.data) return null;
    return {
      viewer: viewer.data as FirstReads['viewer'],
      property: { id: propertyId, answer: property.data },
    };
  }

  /** Whether to draw this request at all: decided at once, so every other GET (the assets) waits on nothing. */
  const drawable = (req: IncomingMessage): number | null => {
    const match = req.method === 'GET' ? DRAWN.exec((req.url ?? '/').split('?')[0]) : null;
    const cookie = req.headers.cookie ?? '';
    if (!match || !(cookie.includes(`${COOKIES.access}=`) || cookie.includes(`${COOKIES.refresh}=`))) return null;
    return parsePropertyId(match[1]);
  };

  return function serve(req: IncomingMessage, res: ServerResponse): Promise<boolean> | false {
    const propertyId = drawable(req);
    return propertyId !== null && answerDrawn(req, res, propertyId);
  };

  async function answerDrawn(req: IncomingMessage, res: ServerResponse, propertyId: number): Promise<boolean> {
    try {
      const [html, draw] = await Promise.all([template(), loadDrawer()]);
      if (!html || !draw) return false;
      const found = await reads(req.headers.cookie!, propertyId, res);
      if (!found) return false;
      const mobile = req.headers['sec-ch-ua-mobile'] === '?1' || /\bMobi/.test(req.headers['user-agent'] ?? '');
      const drawn = await draw(req.url ?? '/', found, !mobile);
      // The portal drew no page (a first sign-in or an expired password go elsewhere): the plain page.
      if (!drawn.includes('<main')) return false;
      // JSON in a script element: "<" escaped, so nothing in it can close the element.
      const json = JSON.stringify(found).replace(/</g, '\\u003c');
      const body = html.replace(
        FIRST_SCREEN_SLOT,
        () => `${drawn}<script type="application/json" id="${FIRST_READS_ID}">${json}</script>`,
      );
      const headers: Record<string, string | string[]> = {
        'content-type': 'text/html; charset=utf-8',
        // The user's own data: never kept by a shared cache, nor by the browser for another user.
        'cache-control': 'no-store',
        vary: 'Cookie',
      };
      const sent = await encodedBody(req, headers, body);
      res.writeHead(200, headers).end(sent);
      return true;
    } catch (error) {
      log.warn({ err: { message: (error as Error).message } }, 'A first screen was not drawn');
      return false;
    }
  }
}
