import { Fragment, useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { cellKey, colOf, dayOf, isFlag, savedValue, type Calendar, type CellValue, type GridRow } from './rates-model';
import {
  AVAILABILITY_TEXT,
  availability,
  CELL_LABELS,
  ROOM_STATUS_TEXT,
  unsellableReason,
} from '../../resources/rates-inventory/rates-inventory.schema';
import { nightCovered } from '../../resources/promotions/promotion-rules';
import { Link } from 'react-router';
import {
  blockOf,
  blockSize,
  copyBlock,
  fillRight,
  inBlock,
  pasteAt,
  setAll,
  targets,
  typeOver,
  type CellEditOf,
} from './grid-block';
import './rates-grid.css';

export const MIN_COL_WIDTH = 72;
/** The narrowest a day gets when the days share out the width (a rate such as 1,250.00 still fits, at 13 px). */
const FIT_COL_WIDTH = 56;
/** The sticky label column: narrower on a phone, so more than one day is in view. */
const firstColFor = (viewWidth: number) => (viewWidth < 500 ? 130 : 230);
const OVERSCAN = 4;
const WEEKDAY = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTH = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

type Props = {
  cal: Calendar;
  rows: GridRow[];
  edits: Map<string, CellValue>;
  readOnly: boolean;
  /** Pending edits of one or many cells, one step of the unsaved-edits undo. */
  onEdit: (cells: CellEditOf[]) => void;
  onUndo: () => void;
  onRedo: () => void;
  onToggle: (planId: string) => void;
  expanded: Set<string>;
  onSelect: (row: GridRow, col: number) => void;
  onError: (message: string | null) => void;
  /** A day to bring into view and select: a new object each time, so the same day can be asked for again. */
  scrollTo: { col: number } | null;
  /** Widen the days to fill the grid's width (a short range, as the all-room-types view shows). */
  fit?: boolean;
};

/** A rate cell's marker: the promotions covering that night, named on hover, linking to the first. */
function PromotionMarker({ cal, row, date }: { cal: Calendar; row: GridRow; date: string }) {
  const covering = row.field === 'rate' ? (row.plan?.promotions ?? []).filter((p) => nightCovered(p, date)) : [];
  if (!covering.length) return null;
  const names = covering.map((p) => p.name).join(', ');
  return (
    <Link
      className="rates-grid__promo"
      to={`/properties/${cal.propertyId}/promotions/${covering[0].id}`}
      title={`Promotion: ${names}`}
      aria-label={`Promotion on ${date}: ${names}`}
      tabIndex={-1}
      onMouseDown={(e) => e.stopPropagation()}
    />
  );
}

const show = (_field: string, v: CellValue) =>
  v === null || v === undefined ? '' : typeof v === 'boolean' ? (v ? '✕' : '') : String(v);

/** A room status cell: the word beside its colour, so colour is never the only cue. */
const StatusCell = ({ closed }: { closed: boolean }) =>
  closed ? <>✕ {ROOM_STATUS_TEXT.closed}</> : <>✓ {ROOM_STATUS_TEXT.open}</>;

/** A collapsed plan's restrictions on its rate cell, so nothing needs expanding to be seen. */
function RestrictionBadges({ row, col }: { row: GridRow; col: number }) {
  const p = row.plan!;
  const badges: [string, string][] = [];
  if (p.stopSell[col]) badges.push(['SS', CELL_LABELS.stopSell]);
  if (p.closedToArrival[col]) badges.push(['CTA', CELL_LABELS.closedToArrival]);
  if (p.closedToDeparture[col]) badges.push(['CTD', CELL_LABELS.closedToDeparture]);
  if (p.minStay[col] != null && p.minStay[col]! > 1)
    badges.push([`${p.minStay[col]}+`, `${CELL_LABELS.minStay} ${p.minStay[col]}`]);
  if (!badges.length) return null;
  return (
    <span className="rates-grid__badges" title={badges.map((b) => b[1]).join(', ')}>
      {badges.map(([short]) => (
        <span key={short} aria-hidden>
          {short}
        </span>
      ))}
      <span className="visually-hidden">{badges.map((b) => b[1]).join(', ')}</span>
    </span>
  );
}

/**
 * The calendar grid: sticky first column and date header, only the visible days rendered (a few
 * hundred cells however long the range), edited with the keyboard or the mouse.
 */
export function RatesGrid({
  cal,
  rows,
  edits,
  readOnly,
  onEdit,
  onUndo,
  onRedo,
  onToggle,
  expanded,
  onSelect,
  onError,
  scrollTo,
  fit = false,
}: Props) {
  const days = cal.roomsToSell.length;
  /** Today's column: the days before it are shown for context and never edited. */
  const todayCol = colOf(cal, cal.firstEditable);
  /** Past days, a read-only grid, and a linked plan's rates (they follow the plan it is linked to). */
  const locked = (col: number, row?: GridRow) =>
    readOnly || col < todayCol || (row?.field === 'rate' && Boolean(row.plan?.linkedTo));
  const box = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ left: 0, width: 1200 });
  // Opens on today's rooms to sell (the room status row is above it).
  const [sel, setSel] = useState(() => ({
    row: Math.max(
      0,
      rows.findIndex((r) => r.field === 'roomsToSell'),
    ),
    col: todayCol,
  }));
  const [anchor, setAnchor] = useState(sel);
  const [editing, setEditingState] = useState<string | null>(null);
  // Whether the open editor's text is still to be committed: Enter commits it, and the blur that
  // follows as focus returns to the grid must not commit it a second time (a '+10%' would apply twice).
  const editorOpen = useRef(false);
  const setEditing = (text: string | null) => {
    editorOpen.current = text !== null;
    setEditingState(text);
  };
  const dragging = useRef(false);
  useEffect(() => {
    const up = () => {
      dragging.current = false;
    };
    window.addEventListener('mouseup', up);
    return () => window.removeEventListener('mouseup', up);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only on first render: open at today, the past to the left
  useLayoutEffect(() => {
    const el = box.current!;
    const measure = () => setView({ left: el.scrollLeft, width: el.clientWidth });
    el.scrollLeft = todayCol * MIN_COL_WIDTH;
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when asked to jump (the days' width is read as it is then)
  useEffect(() => {
    if (scrollTo == null || !box.current) return;
    box.current.scrollLeft = scrollTo.col * COL_WIDTH;
    setSel((s) => ({ ...s, col: scrollTo.col }));
  }, [scrollTo]);

  const FIRST_COL = firstColFor(view.width); // the CSS width takes it from --rates-first-col
  // The days' width: fixed, or shared out over the grid's width when the range is short enough to fit.
  const COL_WIDTH = fit ? Math.max(FIT_COL_WIDTH, (view.width - FIRST_COL - 2) / days) : MIN_COL_WIDTH;
  const first = Math.max(0, Math.floor(view.left / COL_WIDTH) - OVERSCAN);
  const last = Math.min(days - 1, Math.ceil((view.left + view.width - FIRST_COL) / COL_WIDTH) + OVERSCAN);
  const cols: number[] = [];
  for (let c = first; c <= last; c++) cols.push(c);

  const value = (row: GridRow, col: number) => {
    const k = cellKey(row, col);
    return edits.has(k) ? edits.get(k)! : savedValue(cal, row, col);
  };
  // Booked and left to sell sit under rooms to sell; the rows after them shift down by two.
  const roomsAt = rows.findIndex((r) => r.field === 'roomsToSell');
  const statusRow = rows.find((r) => r.field === 'roomClosed');
  const roomsLeft = (c: number) => availability(value(rows[roomsAt], c) as number | null, cal.booked[c])?.left ?? null;
  /** Why a plan's night does not sell (the room closed, sold out, or the plan stop-sold), with pending edits counted. */
  const reasonAt = (row: GridRow, c: number) =>
    row.field === 'rate'
      ? unsellableReason({
          roomClosed: statusRow ? value(statusRow, c) === true : false,
          left: roomsLeft(c),
          stopSell: value({ ...row, key: `${row.planId}|stopSell`, field: 'stopSell', head: false }, c) === true,
        })
      : null;
  const grid = { rows, value, locked };
  const block = blockOf(anchor, sel);
  const many = blockSize(block) > 1;
  const edit = (cells: CellEditOf[]) => {
    if (cells.length) onEdit(cells);
  };
  const move = useCallback(
    (row: number, col: number, extend = false) => {
      const r = Math.max(0, Math.min(rows.length - 1, row));
      const c = Math.max(0, Math.min(days - 1, col));
      setSel({ row: r, col: c });
      if (!extend) setAnchor({ row: r, col: c });
      onSelect(rows[r], c);
      const el = box.current!;
      const x = c * COL_WIDTH;
      if (x < el.scrollLeft) el.scrollLeft = x;
      else if (x + COL_WIDTH > el.scrollLeft + el.clientWidth - FIRST_COL)
        el.scrollLeft = x + COL_WIDTH - el.clientWidth + FIRST_COL;
    },
    [rows, days, onSelect, FIRST_COL, COL_WIDTH],
  );

  /** Typed text over the selected cell or block: a value, '+10%' or '-5'; a block stays selected after. */
  const commit = (text: string, then: [number, number]) => {
    if (!editorOpen.current) return;
    const typed = typeOver(grid, targets(grid, block, sel), text);
    if ('error' in typed) return onError(typed.error);
    onError(null);
    edit(typed.edits);
    setEditing(null);
    box.current?.focus();
    if (!many) move(then[0], then[1]);
  };
  const paste = (text: string) => {
    const pasted = pasteAt(grid, block, text, days);
    if ('error' in pasted) return onError(pasted.error);
    onError(null);
    edit(pasted.edits);
    setAnchor({ row: pasted.block.r0, col: pasted.block.c0 });
    setSel({ row: pasted.block.r1, col: pasted.block.c1 });
  };

  const onKey = (e: KeyboardEvent) => {
    if (editing) return;
    const row = rows[sel.row];
    const mod = e.ctrlKey || e.metaKey;
    if (mod && e.key.toLowerCase() === 'z') {
      e.preventDefault();
      return e.shiftKey ? onRedo() : onUndo();
    }
    if (mod && e.key.toLowerCase() === 'y') {
      e.preventDefault();
      return onRedo();
    }
    if (mod && e.key.toLowerCase() === 'r' && !readOnly) {
      e.preventDefault();
      return edit(fillRight(grid, block));
    }
    const arrows: Record<string, [number, number]> = {
      ArrowUp: [-1, 0],
      ArrowDown: [1, 0],
      ArrowLeft: [0, -1],
      ArrowRight: [0, 1],
    };
    if (arrows[e.key]) {
      e.preventDefault();
      move(sel.row + arrows[e.key][0], sel.col + arrows[e.key][1], e.shiftKey);
      return;
    }
    if (e.key === 'Tab') {
      e.preventDefault();
      move(sel.row, sel.col + (e.shiftKey ? -1 : 1));
      return;
    }
    if (!row || locked(sel.col, row)) return;
    if (e.key === 'Enter' || e.key === ' ' || e.key === 'F2') {
      e.preventDefault();
      if (isFlag(row.field)) edit(setAll(grid, targets(grid, block, sel), !value(row, sel.col)));
      else setEditing(many ? '' : `${show(row.field, value(row, sel.col))}`);
    } else if (!isFlag(row.field) && !mod && /^[0-9.+-]$/.test(e.key)) {
      e.preventDefault();
      setEditing(`\u0000${e.key}`);
    } else if ((e.key === 'Delete' || e.key === 'Backspace') && (row.field === 'minStay' || row.field === 'maxStay')) {
      edit(setAll(grid, targets(grid, block, sel), null));
    }
  };

  const blockCells = many ? targets(grid, block, sel) : [];
  const flagBlock = many && isFlag(rows[sel.row]?.field);
  const again = () => box.current?.focus();
  return (
    <>
      {/* Always there (a hint until a block is chosen), so the grid never moves under a drag. */}
      {!readOnly && (
        <div className="rates-grid__block" role="status">
          <span>
            {!many
              ? 'Drag or Shift+click to select a block of cells.'
              : `${blockCells.length} cells selected. ${
                  flagBlock
                    ? 'Choose Close or Open for all of them.'
                    : 'Type a value, +10% or -5 for all of them, or paste.'
                }`}
          </span>
          {flagBlock && (
            <>
              <button
                type="button"
                className="rates-grid__block-action"
                onClick={() => (edit(setAll(grid, blockCells, true)), again())}
              >
                Close
              </button>
              <button
                type="button"
                className="rates-grid__block-action"
                onClick={() => (edit(setAll(grid, blockCells, false)), again())}
              >
                Open
              </button>
            </>
          )}
          {block.c1 > block.c0 && (
            <button
              type="button"
              className="rates-grid__block-action"
              onClick={() => (edit(fillRight(grid, block)), again())}
            >
              Fill right
            </button>
          )}
        </div>
      )}
      <div
        className={`rates-grid${fit ? ' is-fit' : ''}`}
        ref={box}
        tabIndex={0}
        role="grid"
        aria-label="Rates and inventory calendar"
        aria-rowcount={rows.length + 1 + BOOKED_ROWS}
        aria-colcount={days + 1}
        onKeyDown={onKey}
        onCopy={(e) => {
          if (editing !== null) return;
          e.preventDefault();
          e.clipboardData.setData('text/plain', copyBlock(grid, block));
        }}
        onPaste={(e) => {
          if (editing !== null || readOnly) return;
          e.preventDefault();
          paste(e.clipboardData.getData('text/plain'));
        }}
        onScroll={(e) => setView({ left: e.currentTarget.scrollLeft, width: e.currentTarget.clientWidth })}
      >
        <div
          className="rates-grid__inner"
          style={{
            width: FIRST_COL + days * COL_WIDTH,
            ['--rates-first-col' as string]: `${FIRST_COL}px`,
            ['--rates-col' as string]: `${COL_WIDTH}px`,
          }}
        >
          <div className="rates-grid__row rates-grid__header" role="row">
            <div className="rates-grid__first" role="columnheader">
              {cal.roomTypeName}
            </div>
            <div style={{ width: first * COL_WIDTH, flex: 'none' }} />
            {cols.map((c) => {
              const d = new Date(`${dayOf(cal, c)}T00:00:00Z`);
              const weekend = d.getUTCDay() === 0 || d.getUTCDay() === 6;
              return (
                <div
                  key={c}
                  role="columnheader"
                  aria-colindex={c + 2}
                  data-date={dayOf(cal, c)}
                  className={`rates-grid__cell rates-grid__date${weekend ? ' is-weekend' : ''}${c < todayCol ? ' is-past' : ''}`}
                >
                  <span>{WEEKDAY[d.getUTCDay()]}</span>
                  <strong>{d.getUTCDate()}</strong>
                  <span>{MONTH[d.getUTCMonth()]}</span>
                </div>
              );
            })}
          </div>
          {rows.map((row, r) => (
            <Fragment key={row.key}>
              {r === roomsAt + 1 && (
                <BookedRows
                  cal={cal}
                  cols={cols}
                  first={first}
                  todayCol={todayCol}
                  rowIndex={roomsAt + 3}
                  colWidth={COL_WIDTH}
                  rooms={(c) => value(rows[roomsAt], c) as number | null}
                />
              )}
              <div
                className={`rates-grid__row${row.head ? ' is-head' : ''}`}
                role="row"
                aria-rowindex={r + (r > roomsAt ? 2 + BOOKED_ROWS : 2)}
                data-row={row.key}
              >
                <div className="rates-grid__first" role="rowheader">
                  {row.planId && row.head ? (
                    <button
                      type="button"
                      className="rates-grid__toggle"
                      aria-expanded={expanded.has(row.planId)}
                      onClick={() => onToggle(row.planId!)}
                    >
                      {expanded.has(row.planId) ? '▾' : '▸'} {row.label}
                      {row.plan?.link && (
                        <span className="rates-grid__link" title={`Follows ${row.plan.link}`}>
                          <span aria-hidden>linked</span>
                          <span className="visually-hidden"> follows {row.plan.link}</span>
                        </span>
                      )}
                    </button>
                  ) : (
                    <span className={row.head ? '' : 'rates-grid__sub'}>{row.label}</span>
                  )}
                </div>
                <div style={{ width: first * COL_WIDTH, flex: 'none' }} />
                {cols.map((c) => {
                  const k = cellKey(row, c);
                  const selected = sel.row === r && sel.col === c;
                  const d = new Date(`${dayOf(cal, c)}T00:00:00Z`).getUTCDay();
                  const status = row.field === 'roomClosed';
                  const reason = reasonAt(row, c);
                  const cls = `rates-grid__cell${d === 0 || d === 6 ? ' is-weekend' : ''}${c < todayCol ? ' is-past' : ''}${edits.has(k) ? ' is-dirty' : ''}${selected ? ' is-selected' : ''}${isFlag(row.field) && value(row, c) ? ' is-on' : ''}${status ? (value(row, c) ? ' is-closed' : ' is-open') : ''}${reason ? ' is-unsellable' : ''}${many && inBlock(block, r, c) ? ' is-in-block' : ''}`;
                  return (
                    // biome-ignore lint/a11y/useKeyWithClickEvents: the grid's own onKeyDown edits the selected cell (Enter or Space switches the room status)
                    <div
                      key={c}
                      role="gridcell"
                      aria-colindex={c + 2}
                      aria-selected={selected}
                      aria-readonly={locked(c, row) || undefined}
                      data-cell={`${row.key}|${dayOf(cal, c)}`}
                      className={cls}
                      title={
                        reason
                          ? `Not selling: ${reason}`
                          : row.field === 'rate' && row.plan?.link
                            ? `Follows ${row.plan.link}`
                            : undefined
                      }
                      onClick={(e) => {
                        // One click opens or closes the room for the day (the status row only; a shift-click selects).
                        if (status && !locked(c, row) && !e.shiftKey && !many)
                          edit([{ row, col: c, value: !value(row, c) }]);
                      }}
                      onMouseDown={(e) => {
                        if (!(selected && editing)) {
                          setEditing(null);
                          move(r, c, e.shiftKey);
                          dragging.current = true;
                        }
                      }}
                      onMouseEnter={(e) => {
                        // Dragging across cells selects the block between.
                        if (dragging.current && e.buttons === 1) move(r, c, true);
                      }}
                      onDoubleClick={() => {
                        if (locked(c, row) || status) return;
                        if (isFlag(row.field)) edit([{ row, col: c, value: !value(row, c) }]);
                        else setEditing(show(row.field, value(row, c)));
                      }}
                    >
                      {selected && editing !== null ? (
                        <input
                          className="rates-grid__editor"
                          aria-label={`${row.label} ${dayOf(cal, c)}`}
                          autoFocus
                          defaultValue={editing.startsWith('\u0000') ? editing.slice(1) : editing}
                          onKeyDown={(e) => {
                            e.stopPropagation();
                            if (e.key === 'Enter') {
                              e.preventDefault();
                              commit(e.currentTarget.value, [r + 1, c]);
                            } else if (e.key === 'Tab') {
                              e.preventDefault();
                              commit(e.currentTarget.value, [r, c + (e.shiftKey ? -1 : 1)]);
                            } else if (e.key === 'Escape') {
                              e.preventDefault();
                              onError(null);
                              setEditing(null);
                              box.current?.focus();
                            }
                          }}
                          onBlur={(e) => {
                            if (editing !== null) commit(e.currentTarget.value, [r, c]);
                          }}
                        />
                      ) : (
                        <>
                          {status ? <StatusCell closed={value(row, c) === true} /> : show(row.field, value(row, c))}
                          {reason && <span className="visually-hidden"> Not selling: {reason}</span>}
                          {row.field === 'rate' && !expanded.has(row.planId!) && (
                            <RestrictionBadges row={row} col={c} />
                          )}
                          <PromotionMarker cal={cal} row={row} date={dayOf(cal, c)} />
                        </>
                      )}
                    </div>
                  );
                })}
              </div>
            </Fragment>
          ))}
        </div>
      </div>
    </>
  );
}

/** Two read-only rows under rooms to sell: booked (cancelled left out) and left to sell, tinted and labelled by state. */
const BOOKED_ROWS = 2;
function BookedRows({
  cal,
  cols,
  first,
  todayCol,
  rowIndex,
  colWidth,
  rooms,
}: {
  cal: Calendar;
  cols: number[];
  first: number;
  todayCol: number;
  rowIndex: number;
  colWidth: number;
  rooms: (col: number) => number | null;
}) {
  const cell = (c: number) => {
    const d = new Date(`${dayOf(cal, c)}T00:00:00Z`).getUTCDay();
    return `rates-grid__cell is-readonly${d === 0 || d === 6 ? ' is-weekend' : ''}${c < todayCol ? ' is-past' : ''}`;
  };
  return (
    <>
      <div className="rates-grid__row" role="row" aria-rowindex={rowIndex} data-row="booked">
        <div className="rates-grid__first" role="rowheader">
          <span>Booked</span>
        </div>
        <div style={{ width: first * colWidth, flex: 'none' }} />
        {cols.map((c) => (
          <div
            key={c}
            role="gridcell"
            aria-colindex={c + 2}
            aria-readonly
            className={cell(c)}
            data-cell={`booked|${dayOf(cal, c)}`}
          >
            {cal.booked[c]}
          </div>
        ))}
      </div>
      <div className="rates-grid__row" role="row" aria-rowindex={rowIndex + 1} data-row="left">
        <div className="rates-grid__first" role="rowheader">
          <span>Left to sell</span>
        </div>
        <div style={{ width: first * colWidth, flex: 'none' }} />
        {cols.map((c) => {
          const a = availability(rooms(c), cal.booked[c]);
          return (
            <div
              key={c}
              role="gridcell"
              aria-colindex={c + 2}
              aria-readonly
              className={`${cell(c)}${a && a.state !== 'open' ? ` is-${a.state}` : ''}`}
              data-cell={`left|${dayOf(cal, c)}`}
              title={a ? `${AVAILABILITY_TEXT[a.state]}: ${a.left}` : 'No rooms loaded'}
            >
              {a ? (
                <>
                  {a.state === 'overbooked' ? '⚠ ' : a.state === 'soldOut' ? '✕ ' : a.state === 'low' ? '! ' : ''}
                  {a.left}
                  <span className="visually-hidden"> {AVAILABILITY_TEXT[a.state]}</span>
                </>
              ) : (
                '—'
              )}
            </div>
          );
        })}
      </div>
    </>
  );
}
