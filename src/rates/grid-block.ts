import { ROOM_STATUS_TEXT } from '../../resources/rates-inventory/rates-inventory.schema';
import { isFlag, pastedFor, parseTsv, typedFor, type CellValue, type GridRow } from './rates-model';

/**
 * A block of the grid (issue 31): the rectangle between where a selection started (anchor) and
 * where it is now (active). Edits over it become pending edits like typed ones, so they share the
 * grid's one save, its conflict view and its undo.
 */
export type Pos = { row: number; col: number };
export type Block = { r0: number; r1: number; c0: number; c1: number };
export type CellEditOf = { row: GridRow; col: number; value: CellValue };
type Grid = {
  rows: GridRow[];
  /** A cell's value with pending edits counted. */
  value: (row: GridRow, col: number) => CellValue;
  /** Past days, read-only grids and a linked plan's rates. */
  locked: (col: number, row?: GridRow) => boolean;
};

export const blockOf = (anchor: Pos, active: Pos): Block => ({
  r0: Math.min(anchor.row, active.row),
  r1: Math.max(anchor.row, active.row),
  c0: Math.min(anchor.col, active.col),
  c1: Math.max(anchor.col, active.col),
});
export const inBlock = (b: Block, r: number, c: number) => r >= b.r0 && r <= b.r1 && c >= b.c0 && c <= b.c1;
export const blockSize = (b: Block) => (b.r1 - b.r0 + 1) * (b.c1 - b.c0 + 1);

/** The editable cells of a block that hold the active row's field: one field over days, or over several plans. */
export function targets(g: Grid, b: Block, active: Pos): { row: GridRow; col: number }[] {
  const field = g.rows[active.row]?.field;
  const out: { row: GridRow; col: number }[] = [];
  for (let r = b.r0; r <= b.r1; r++) {
    if (g.rows[r].field !== field) continue;
    for (let c = b.c0; c <= b.c1; c++) if (!g.locked(c, g.rows[r])) out.push({ row: g.rows[r], col: c });
  }
  return out;
}

/** What a change leaves pending: only cells whose value really moves. */
const changed = (g: Grid, list: CellEditOf[]) => list.filter((e) => e.value !== g.value(e.row, e.col));

/** Text typed over a block: a value, '+10%' or '-5' for each cell; the first cell that cannot take it names why. */
export function typeOver(
  g: Grid,
  cells: { row: GridRow; col: number }[],
  text: string,
): { edits: CellEditOf[] } | { error: string } {
  const edits: CellEditOf[] = [];
  for (const { row, col } of cells) {
    const typed = typedFor(row.field, text, g.value(row, col));
    if ('error' in typed) return typed;
    if ('value' in typed) edits.push({ row, col, value: typed.value });
  }
  return { edits: changed(g, edits) };
}

/** One value for every cell (Close / Open, a cleared stay). */
export const setAll = (g: Grid, cells: { row: GridRow; col: number }[], value: CellValue) =>
  changed(
    g,
    cells.map((c) => ({ ...c, value })),
  );

/** Each row's first day copied over the rest of the block's days (a spreadsheet's fill right, Ctrl+R). */
export function fillRight(g: Grid, b: Block): CellEditOf[] {
  const edits: CellEditOf[] = [];
  for (let r = b.r0; r <= b.r1; r++) {
    const row = g.rows[r];
    const v = g.value(row, b.c0);
    for (let c = b.c0 + 1; c <= b.c1; c++) if (!g.locked(c, row)) edits.push({ row, col: c, value: v });
  }
  return changed(g, edits);
}

/** A cell as copied text: what the cell shows, flags as ✕ or empty, the room status in words. */
function copyText(row: GridRow, v: CellValue) {
  if (row.field === 'roomClosed') return v ? ROOM_STATUS_TEXT.closed : ROOM_STATUS_TEXT.open;
  if (isFlag(row.field)) return v ? '✕' : '';
  return v === null || v === undefined ? '' : String(v);
}
/** A block as tab-separated rows, as a spreadsheet copies and pastes. */
export function copyBlock(g: Grid, b: Block): string {
  const lines: string[] = [];
  for (let r = b.r0; r <= b.r1; r++) {
    const cells: string[] = [];
    for (let c = b.c0; c <= b.c1; c++) cells.push(copyText(g.rows[r], g.value(g.rows[r], c)));
    lines.push(cells.join('\t'));
  }
  return lines.join('\n');
}

/**
 * Pasted text from the block's top left: each pasted cell onto the grid's cell at that offset (past
 * days and cells beyond the grid left alone); one pasted value over a larger block fills it all.
 * Returns the edits and the block they cover, or the first message of a cell that cannot take its text.
 */
export function pasteAt(
  g: Grid,
  b: Block,
  text: string,
  days: number,
): { edits: CellEditOf[]; block: Block } | { error: string } {
  const grid = parseTsv(text);
  const single = grid.length === 1 && grid[0].length === 1;
  const height = single ? b.r1 - b.r0 + 1 : grid.length;
  const width = single ? b.c1 - b.c0 + 1 : Math.max(...grid.map((l) => l.length));
  const edits: CellEditOf[] = [];
  for (let i = 0; i < height && b.r0 + i < g.rows.length; i++) {
    const row = g.rows[b.r0 + i];
    for (let j = 0; j < width && b.c0 + j < days; j++) {
      const text = single ? grid[0][0] : grid[i][j];
      if (text === undefined || g.locked(b.c0 + j, row)) continue;
      // An empty rate or rooms cell has nothing to give (a stay's empty clears it).
      if (!text.trim() && (row.field === 'rate' || row.field === 'roomsToSell')) continue;
      const parsed = pastedFor(row.field, text);
      if ('error' in parsed) return parsed;
      edits.push({ row, col: b.c0 + j, value: parsed.value });
    }
  }
  const block = {
    r0: b.r0,
    r1: Math.min(g.rows.length - 1, b.r0 + height - 1),
    c0: b.c0,
    c1: Math.min(days - 1, b.c0 + width - 1),
  };
  return { edits: changed(g, edits), block };
}
