/**
 * A table's columns that only a wide screen shows (spec §9: a phone gets the few that fit), left
 * out by the page from its first render on. antd's own `responsive` columns learn the screen in a
 * layout effect and then draw the whole table again in one blocking task, the moment a page (or the
 * server's drawing of it, src/first-screen) has just been taken over.
 */
export function wideColumns(phone: boolean) {
  return {
    /** The column, on a wide screen only. */
    wide: <T>(column: T): T | null => (phone ? null : column),
    /** The columns this screen shows. */
    shown: <T>(columns: (T | null)[]): T[] => columns.filter((column): column is T => column !== null),
  };
}
