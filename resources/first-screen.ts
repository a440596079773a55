/**
 * A signed-in page whose first screen the server draws (server/http/first-screen.ts): the page the
 * build writes for it (scripts/portal-shell-plugin.ts), the mark in it where the drawing goes, and
 * the elements the portal finds in the browser (src/first-screen).
 */
export const FIRST_SCREEN_PAGE = 'first-screen.html';
export const FIRST_SCREEN_SLOT = '<!--first-screen-->';
/** The reads it was drawn from, as JSON, for the portal's first render. */
export const FIRST_READS_ID = 'first-reads';
/** Written by the build beside the page: for each page (by the name it is exported as), the chunks and CSS it needs beyond the portal's own. */
export const FIRST_SCREEN_PAGES = 'first-screen-pages.json';
export type PageFiles = { scripts: string[]; styles: string[] };
/** The drawn page's own chunks, as a JSON list of addresses: fetched beside the portal's code once the drawing has painted. */
export const FIRST_SCREEN_CHUNKS_ID = 'first-screen-chunks';
/** What the portal says on the console when React found its page differing from the server's drawing and drew it again. */
export const DRAWING_DIFFERED = "The server's drawing differed from the portal's page; React drew it again:";
/** Where the server's drawing sends its reads: the server's own GraphQL, called in process (never over the network). */
export const DRAWING_GRAPHQL_URL = 'http://portal.internal/graphql';
