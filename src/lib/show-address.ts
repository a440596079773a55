/**
 * Puts `to` (a search, or a path on this origin) in the address bar in place of the current entry,
 * without telling the router: for a page that shows a default view of an empty address and writes
 * that view into the address so that it can be bookmarked, where the router's navigation would draw
 * the whole page again for nothing (a page taken over from the server's drawing draws that in one
 * task that holds up input). The router reads the bar on the next navigation, back and forward
 * included; until then its own address stays the empty one, so the page must take an empty address
 * as the default view until the user moves.
 */
export function showAddress(to: string): void {
  window.history.replaceState(window.history.state, '', to);
}
