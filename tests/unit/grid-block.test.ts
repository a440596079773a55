import { describe, expect, it } from 'vitest';
import { blockOf, copyBlock, fillRight, pasteAt, setAll, targets, typeOver } from '../../src/rates/grid-block';
import { typedFor, type CellValue, type GridRow } from '../../src/rates/rates-model';
import { RATES_MESSAGES } from '../../resources/rates-inventory/rates-inventory.schema';

const rows: GridRow[] = [
  { key: 'status', planId: null, field: 'roomClosed', label: 'Room status', head: true },
  { key: 'rooms', planId: null, field: 'roomsToSell', label: 'Rooms to sell', head: true },
  { key: '1|rate', planId: '1', field: 'rate', label: 'A', head: true },
  { key: '2|rate', planId: '2', field: 'rate', label: 'B', head: true },
  { key: '2|minStay', planId: '2', field: 'minStay', label: 'Minimum stay', head: false },
];
/** Five days; day 0 is in the past. Plan 1 rates 100.00…104.00, plan 2 has none on day 3. */
function gridOf() {
  const values = new Map<string, CellValue>();
  for (let c = 0; c < 5; c++) {
    values.set(`status|${c}`, false);
    values.set(`rooms|${c}`, 5);
    values.set(`1|rate|${c}`, `${100 + c}.00`);
    values.set(`2|rate|${c}`, c === 3 ? null : '80.00');
    values.set(`2|minStay|${c}`, null);
  }
  return {
    rows,
    value: (row: GridRow, col: number) => values.get(`${row.key}|${col}`) ?? null,
    locked: (col: number) => col === 0,
  };
}

describe('a block of the rates grid', () => {
  it('types a percentage or an amount from each cell, in exact cents, and leaves an empty rate alone', () => {
    expect(typedFor('rate', '+10%', '199.99')).toEqual({ value: '219.99' }); // 219.989 rounds half away from zero
    expect(typedFor('rate', '-5', '100.00')).toEqual({ value: '95.00' });
    expect(typedFor('rate', '+10%', null)).toEqual({ skip: true });
    expect(typedFor('rate', '-100%', '100.00')).toEqual({ error: RATES_MESSAGES.rateAtOrBelowZero });
    expect(typedFor('roomsToSell', '+2', 5)).toEqual({ value: 7 });
    expect(typedFor('roomsToSell', '-9', 5)).toEqual({ error: RATES_MESSAGES.rooms });
    expect(typedFor('minStay', '+1.5', 2)).toEqual({ error: RATES_MESSAGES.stay });
    expect(typedFor('rate', '150', '100.00')).toEqual({ value: '150.00' });
  });

  it('changes only the active field over the block, never a past day, and only cells that move', () => {
    const g = gridOf();
    // From plan 1's rate on day 0 to plan 2's minimum stay on day 4: the rates of both plans, days 1–4.
    const b = blockOf({ row: 2, col: 0 }, { row: 4, col: 4 });
    const cells = targets(g, b, { row: 2, col: 0 });
    expect(cells.map((c) => `${c.row.key}|${c.col}`)).toEqual([
      '1|rate|1',
      '1|rate|2',
      '1|rate|3',
      '1|rate|4',
      '2|rate|1',
      '2|rate|2',
      '2|rate|3',
      '2|rate|4',
    ]);
    const typed = typeOver(g, cells, '+10%');
    expect('edits' in typed && typed.edits.map((e) => e.value)).toEqual([
      '111.10',
      '112.20',
      '113.30',
      '114.40',
      '88.00',
      '88.00',
      '88.00',
    ]);
    expect(typeOver(g, cells, '100%x')).toEqual({ error: RATES_MESSAGES.rateNotNumber });
    // Rooms already 5 on every day: nothing to do.
    expect(setAll(g, targets(g, blockOf({ row: 1, col: 1 }, { row: 1, col: 4 }), { row: 1, col: 1 }), 5)).toEqual([]);
  });

  it('copies a block as tab-separated text and pastes it back, a spreadsheet’s cells too', () => {
    const g = gridOf();
    expect(copyBlock(g, blockOf({ row: 0, col: 1 }, { row: 2, col: 2 }))).toBe('Open\tOpen\n5\t5\n101.00\t102.00');
    const pasted = pasteAt(g, blockOf({ row: 2, col: 1 }, { row: 2, col: 1 }), '120\t121\t122\r\n90\t91\t\r\n', 5);
    expect('edits' in pasted && pasted.edits.map((e) => `${e.row.key}|${e.col}=${e.value}`)).toEqual([
      '1|rate|1=120.00',
      '1|rate|2=121.00',
      '1|rate|3=122.00',
      '2|rate|1=90.00',
      '2|rate|2=91.00',
    ]);
    expect('block' in pasted && pasted.block).toEqual({ r0: 2, r1: 3, c0: 1, c1: 3 });
    // One value over a larger block fills it; a bad value names why and changes nothing.
    const one = pasteAt(g, blockOf({ row: 0, col: 1 }, { row: 0, col: 3 }), 'Closed', 5);
    expect('edits' in one && one.edits.map((e) => e.value)).toEqual([true, true, true]);
    expect(pasteAt(g, blockOf({ row: 1, col: 1 }, { row: 1, col: 1 }), 'many', 5)).toEqual({
      error: RATES_MESSAGES.rooms,
    });
  });

  it('fills each row of a block right from its first day', () => {
    const g = gridOf();
    const edits = fillRight(g, blockOf({ row: 2, col: 1 }, { row: 3, col: 3 }));
    expect(edits.map((e) => `${e.row.key}|${e.col}=${e.value}`)).toEqual([
      '1|rate|2=101.00',
      '1|rate|3=101.00',
      '2|rate|3=80.00',
    ]);
  });
});
