import type { DehydratedState } from '@tanstack/react-query';
import { FIRST_READS_ID } from '../../resources/first-screen';
import type { ToldDays } from '../../resources/property-day';

/**
 * What a page the server drew was drawn from (server/http/first-screen.ts, src/first-screen/draw.server.tsx):
 * the query cache its drawing read (the user's identity, the layout's and the page's reads), the
 * pages whose chunks it showed, whether it guessed the screen wide, and each property day it drew
 * (resources/property-day.ts, `tellDays`). They come with the page, so
 * the portal's first render is the same page, drawn from them, and takes over the server's markup
 * as it stands (hydrates it) instead of loading and asking again.
 */
export type FirstReads = { state: DehydratedState; pages: string[]; wide: boolean; zone: string; days?: ToldDays };

/**
 * The time zone this process shows dates and times in (the server's when it draws, the browser's
 * when the portal takes over), as what sets two zones' pages apart: its offset from UTC at the 1st
 * and 15th of each month of last year, this year and next. Intl's name for the zone would say the
 * same, but asking for it loads the browser's time-zone data, 70 ms of a phone's main thread in the
 * takeover on a page that shows no local time. Zones with the same offsets on all those days draw
 * the same page; one whose change of clocks falls between them, React finds and redraws.
 */
export function zoneHere(): string {
  const year = new Date().getFullYear();
  const offsets: number[] = [];
  for (let month = -12; month < 24; month++)
    for (const day of [1, 15]) offsets.push(new Date(year, month, day).getTimezoneOffset());
  return offsets.join(' ');
}

let found: FirstReads | null | undefined;
/** The page's reads, read once from their element. */
export function readFirstReads(): FirstReads | null {
  if (found !== undefined) return found;
  const element = typeof document === 'undefined' ? null : document.getElementById(FIRST_READS_ID);
  try {
    found = element ? (JSON.parse(element.textContent ?? '') as FirstReads) : null;
  } catch {
    found = null;
  }
  return found;
}

/** Whether the page came with reads no live subscription has yet been open for (`liveSinceDrawn`). */
let unwatched = false;

/** The page's reads, taken once: the element goes, so a later mount of the portal (after signing out) reads its own. */
export function takeFirstReads(): FirstReads | null {
  const reads = readFirstReads();
  document.getElementById(FIRST_READS_ID)?.remove();
  found = null;
  unwatched = reads !== null;
  return reads;
}

/**
 * Asked by the first live subscription to connect after a drawn page loaded (src/live/live-client.ts):
 * the page's answers were read by the server before the portal's code had even arrived, so changes
 * in between were never pushed, and the page reads afresh once, as after a reconnect.
 */
export function liveSinceDrawn(): boolean {
  const missed = unwatched;
  unwatched = false;
  return missed;
}
