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
import {
  DRAWING_GRAPHQL_URL,
  FIRST_READS_ID,
  FIRST_SCREEN_CHUNKS_ID,
  FIRST_SCREEN_PAGE,
  FIRST_SCREEN_PAGES,
  FIRST_SCREEN_SLOT,
  type PageFiles,
} from '../../resources/first-screen';
import { countOf } from '../../resources/plural';
import type { Drawn, Seed } from '../../src/first-screen/draw.server';
import { parsePropertyId } from '../../src/layouts/property-outlet';
import { safeReturnPath } from '../../src/auth/safe-redirect';
import { encodedBody } from './compressed-body';
import type { AppConfig } from '../../src/lib/app-config';

/**
 * The addresses whose first screen the server draws: a property's pages (its id as the portal
 * reads it, parsePropertyId: its ManageProperty is read with the user's), a group's, and the home
 * (a staff member's console, a user's properties, or the redirect to a user's one property or group).
 */
const DRAWN = /^\/(?:(?:properties\/([^/?]+)|property-groups\/[^/?]+)(?:\/[^?]*)?)?$/;

type Draw = (address: string, seed: Seed, wide: boolean, send: typeof fetch) => Promise<Drawn>;

/** What a batch member of the reads answered. */
type Answer = { data?: Record<string, unknown> | null; errors?: { message?: string }[] };

/**
 * A signed-in page with its first screen in it. On a phone the portal's code is seconds of download
 * before it can draw anything; here the server reads what the page shows as the signed-in user (the
 * same operations the portal sends, through the same schema, rules and cookies), draws it with the
 * portal's own components (src/first-screen/draw.server.tsx, built into `drawerFile`), and sends it
 * in first-screen.html with the reads, which the portal's first render draws again from (no second
 * read, and it takes the drawing over as it stands: src/router-root.tsx). The page's
 * own CSS (the build's first-screen-pages.json) is linked in the head; its chunks are fetched with the portal's.
 *
 * `serve` answers and says true, or says false for the plain page: not such an address, no session,
 * no build of the drawer, a read refused (signed out, not this user's property), or anything that
 * failed. Cookies the reads renewed (a rotated refresh token) are set on the response either way.
 */
export function createFirstScreen(
  yoga: GraphqlApp,
  distDir: string,
  drawerFile: string,
  log: Logger,
  appConfig: AppConfig,
) {
  let drawer: Promise<Draw | null> | undefined;
  let page: { at: number; html: Promise<string>; pages: Promise<Record<string, PageFiles>> } | null = null;
  const loadDrawer = () =>
    (drawer ??= import(pathToFileURL(drawerFile).href).then(
      (module: { drawFirstScreen: Draw }) => module.drawFirstScreen,
      (error: Error) => {
        log.warn({ err: { message: error.message } }, 'First screens are not drawn: the drawer did not load');
        return null;
      },
    ));
  // The page (and its pages' files) is read again when a build replaces it.
  const template = async (): Promise<{ html: string; pages: Record<string, PageFiles> } | null> => {
    const file = path.join(distDir, FIRST_SCREEN_PAGE);
    const at = await stat(file).then(
      (s) => s.mtimeMs,
      () => null,
    );
    if (at === null) return null;
    if (page?.at !== at) {
      const pages = readFile(path.join(distDir, FIRST_SCREEN_PAGES), 'utf8').then((json) => JSON.parse(json));
      page = { at, html: readFile(file, 'utf8'), pages };
    }
    return { html: await page.html, pages: await page.pages };
  };

  /**
   * The server's own GraphQL as the user: their cookies, and those a read renewed (a rotated refresh
   * token is never sent again), which are set on the page too.
   */
  function asUser(cookie: string, res: ServerResponse): typeof fetch {
    const jar = new Map(cookie.split(/;\s*/).map((pair) => [pair.slice(0, pair.indexOf('=')), pair] as const));
    const renewed: string[] = [];
    return async (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set('cookie', [...jar.values()].join('; '));
      if (!headers.has(CORRELATION_HEADER)) headers.set(CORRELATION_HEADER, randomUUID());
      const response = await yoga.fetch(String(input), { ...init, headers });
      for (const line of response.headers.getSetCookie()) {
        const pair = line.split(';')[0];
        jar.set(pair.slice(0, pair.indexOf('=')), pair);
        renewed.push(line);
      }
      if (renewed.length > 0) res.setHeader('set-cookie', renewed);
      return response;
    };
  }

  /** The reads every drawing starts from: the user's UserAttributes and, on a property's address, its ManageProperty; or why they failed. */
  async function seed(send: typeof fetch, propertyId: number | null): Promise<Omit<Seed, 'appConfig'> | string> {
    const response = await send(DRAWING_GRAPHQL_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([
        { query: AUTH_DOCS.userAttributes },
        ...(propertyId === null ? [] : [{ query: PROPERTY_DOCS.manageProperty, variables: { id: propertyId } }]),
      ]),
    });
    if (!response.ok) return `the first reads answered ${response.status}`;
    const [viewer, property] = (await response.json()) as Answer[];
    if (viewer?.errors || !viewer?.data) return `UserAttributes failed (${viewer?.errors?.[0]?.message})`;
    if (propertyId === null) return { viewer: viewer.data as Seed['viewer'] };
    if (property?.errors || !property?.data) return `ManageProperty failed (${property?.errors?.[0]?.message})`;
    return { viewer: viewer.data as Seed['viewer'], property: { id: propertyId, answer: property.data } };
  }

  /** Whether to draw this request at all (and its property's id, if any): decided at once, so every other GET (the assets) waits on nothing. */
  const drawable = (req: IncomingMessage): { propertyId: number | null } | null => {
    const match = req.method === 'GET' ? DRAWN.exec((req.url ?? '/').split('?')[0]) : null;
    const cookie = req.headers.cookie ?? '';
    if (!match || !(cookie.includes(`${COOKIES.access}=`) || cookie.includes(`${COOKIES.refresh}=`))) return null;
    if (match[1] === undefined) return { propertyId: null };
    const propertyId = parsePropertyId(match[1]);
    return propertyId === null ? null : { propertyId };
  };

  return function serve(req: IncomingMessage, res: ServerResponse): Promise<boolean> | false {
    const address = drawable(req);
    return address !== null && answerDrawn(req, res, address.propertyId);
  };

  /**
   * A redirect to an address of the portal's own, as the sign-in's return address is checked
   * (safeReturnPath: resolved as a browser would, on this origin, outside the sign-in pages) and
   * already in the form it resolves to; otherwise the plain page, whose code moves on.
   */
  function redirected(res: ServerResponse, to: string): boolean {
    if (safeReturnPath(to) !== to) return false;
    res.writeHead(302, { location: to, 'cache-control': 'no-store', vary: 'Cookie' }).end();
    return true;
  }

  async function answerDrawn(req: IncomingMessage, res: ServerResponse, propertyId: number | null): Promise<boolean> {
    try {
      const [built, draw] = await Promise.all([template(), loadDrawer()]);
      if (!built) return notDrawn(res, 'no build');
      if (!draw) return notDrawn(res, 'the drawer did not load');
      const started = performance.now();
      const send = asUser(req.headers.cookie!, res);
      const found = await seed(send, propertyId);
      if (typeof found === 'string') return notDrawn(res, found);
      const mobile = req.headers['sec-ch-ua-mobile'] === '?1' || /\bMobi/.test(req.headers['user-agent'] ?? '');
      const drawn = await draw(req.url ?? '/', { ...found, appConfig }, !mobile, send);
      // The page sends the user on: the browser goes there at once, to a page drawn in its turn.
      if ('redirect' in drawn) return redirected(res, drawn.redirect) || notDrawn(res, 'it leads elsewhere');
      // A read failed, or the page is not drawn on the server: the plain page.
      if ('notDrawn' in drawn) return notDrawn(res, drawn.notDrawn);
      // The portal drew no page (an expired password goes to its reset, with state): the plain page.
      if (!drawn.html.includes('<main')) return notDrawn(res, 'no page in it');
      // JSON in a script element: "<" escaped, so nothing in it can close the element.
      const json = JSON.stringify(drawn.reads).replace(/</g, '\\u003c');
      // The drawn pages' CSS in the head (the drawing needs it, and the portal's page after it); their
      // chunks are fetched with the portal's code once the drawing has painted (the page's boot script).
      const files = drawn.reads.pages.map((name) => built.pages[name]).filter((f) => f !== undefined);
      const styles = [...new Set(files.flatMap((f) => f.styles))];
      const chunks = JSON.stringify([...new Set(files.flatMap((f) => f.scripts))]);
      const body = built.html
        .replace(
          '</head>',
          () => `${styles.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`).join('')}</head>`,
        )
        .replace(FIRST_SCREEN_SLOT, () => drawn.html)
        .replace(
          '</body>',
          () =>
            `<script type="application/json" id="${FIRST_READS_ID}">${json}</script>` +
            `<script type="application/json" id="${FIRST_SCREEN_CHUNKS_ID}">${chunks}</script></body>`,
        );
      const headers: Record<string, string | string[]> = {
        'content-type': 'text/html; charset=utf-8',
        // The user's own data: never kept by a shared cache, nor by the browser for another user.
        'cache-control': 'no-store',
        vary: 'Cookie',
        // How long the drawing took (its reads and renders), and in how many renders: one where the
        // address's reads were known ahead (src/first-screen/read-hints.ts).
        'server-timing': `draw;dur=${(performance.now() - started).toFixed(1)};desc="${countOf(drawn.renders, 'render', 'renders')}"`,
      };
      const sent = await encodedBody(req, headers, body);
      res.writeHead(200, headers).end(sent);
      return true;
    } catch (error) {
      log.warn({ err: { message: (error as Error).message } }, 'A first screen was not drawn');
      return notDrawn(res, 'the drawing failed');
    }
  }
}

/**
 * The plain page is sent instead of a drawn one: its answer says why, in its Server-Timing (the
 * user's own reads' errors, as the portal would show them; never an exception's text), for whoever
 * looks at the answer in the browser's network panel or in a test.
 */
function notDrawn(res: ServerResponse, why: string): false {
  if (!res.headersSent) res.setHeader('server-timing', `draw;desc="not drawn: ${headerSafe(why)}"`);
  return false;
}

/** Text a quoted header value can carry: printable ASCII, no quote or backslash, at most 200 characters. */
const headerSafe = (text: string) => text.replace(/[^\x20-\x7e]|["\\]/g, ' ').slice(0, 200);
