import { Alert, Button, Space } from 'antd';
import dayjs from 'dayjs';
import { CELL_LABELS, type CellField } from '../../resources/rates-inventory/rates-inventory.schema';
import { countOf, plural, wasOrWere } from '../../resources/plural';
import type { CellValue } from './rates-model';

/** A pending cell that someone else changed since this editor saw it: theirs now, and what was typed here. */
export type CellConflict = {
  key: string;
  ratePlanName: string;
  date: string;
  field: CellField;
  theirs: CellValue;
  mine: CellValue;
  changedBy: string | null;
};

const shown = (v: CellValue) =>
  v === null || v === '' ? 'empty' : v === true ? 'on' : v === false ? 'off' : String(v);
const cellName = (c: CellConflict) =>
  `${c.ratePlanName}${c.field === 'rate' || c.field === 'roomsToSell' ? '' : ` (${CELL_LABELS[c.field]})`}, ${dayjs(c.date).format('D MMMM YYYY')}`;

/**
 * The grid's conflict view: each cell someone else changed while this editor had it pending, with
 * their value and this editor's. Nothing is saved until the editor decides: keep theirs (the
 * pending edits of those cells are dropped) or keep mine (the next save overwrites theirs, knowingly).
 */
export function RatesConflict({
  cells,
  onTheirs,
  onMine,
}: {
  cells: CellConflict[];
  onTheirs: () => void;
  onMine: () => void;
}) {
  return (
    <Alert
      role="alert"
      type="warning"
      showIcon
      style={{ marginBottom: 12 }}
      message={`${countOf(cells.length, 'cell you changed was', 'cells you changed were')} changed by someone else. Nothing has been saved.`}
      description={
        <>
          <ul className="rates-conflict__list">
            {cells.map((c) => (
              <li key={c.key}>
                {cellName(c)}: {c.changedBy ?? 'someone else'} set {shown(c.theirs)}; you typed {shown(c.mine)}.
              </li>
            ))}
          </ul>
          <Space wrap>
            <Button onClick={onTheirs}>Use their {plural(cells.length, 'value', 'values')}</Button>
            <Button type="primary" onClick={onMine}>
              Keep mine
            </Button>
          </Space>
        </>
      }
    />
  );
}

/** '1 cell was just updated.', '3 cells were just updated.' */
export const liveNotice = (count: number) => `${countOf(count, 'cell', 'cells')} ${wasOrWere(count)} just updated.`;
