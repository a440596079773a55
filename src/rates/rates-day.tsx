import { useState } from 'react';
import { Button, Input, Switch, Typography } from 'antd';
import { LeftOutlined, RightOutlined, StopOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import {
  AVAILABILITY_TEXT,
  availability,
  CELL_LABELS,
  daysBetween,
  ROOM_STATUS_TEXT,
} from '../../resources/rates-inventory/rates-inventory.schema';
import { cellKey, colOf, dayOf, gridRows, parseTyped, savedValue, type Calendar, type CellValue } from './rates-model';
import type { CellEditOf } from './grid-block';
import { useScreenAtLeast } from '../lib/use-screen';
import { CalendarDateField } from './calendar-date-field';
import { NumberInput } from '../resources/widgets/number-input';
import './rates-day.css';

type Props = {
  cal: Calendar;
  edits: Map<string, CellValue>;
  readOnly: boolean;
  onEdit: (cells: CellEditOf[]) => void;
  /** Saves at once, with these cells (the "Close tonight" action). */
  onSaveNow: (cells: CellEditOf[]) => void;
  saving: boolean;
};

/**
 * One day of a room type, for a phone (issue 31): the room's status as a switch, its rooms to sell,
 * booked and left, and each plan's rate and stop sell, edited as pending cells of the one save; and
 * "Close tonight", which closes today's room at once.
 */
export function RatesDay({ cal, edits, readOnly, onEdit, onSaveNow, saving }: Props) {
  const today = daysBetween(cal.from, cal.firstEditable);
  const last = cal.roomsToSell.length - 1;
  const [col, setCol] = useState(today);
  const phone = !useScreenAtLeast('md');
  const [rateError, setRateError] = useState<string | null>(null);
  const rows = gridRows(cal, new Set(cal.plans.map((p) => p.id)));
  const row = (key: string) => rows.find((r) => r.key === key)!;
  const value = (key: string, c = col) => {
    const k = cellKey(row(key), c);
    return edits.has(k) ? edits.get(k)! : savedValue(cal, row(key), c);
  };
  const set = (key: string, v: CellValue) => onEdit([{ row: row(key), col, value: v }]);
  const locked = readOnly || col < today;
  const closed = value('status') === true;
  const rooms = value('rooms') as number | null;
  const left = availability(rooms, cal.booked[col] ?? 0);
  const date = dayOf(cal, col);
  const goTo = (day: string) => setCol(colOf(cal, day));
  return (
    <div className="rates-day">
      <div className="rates-day__nav">
        <Button
          icon={<LeftOutlined aria-hidden />}
          onClick={() => setCol(Math.max(0, col - 1))}
          disabled={col <= 0}
          aria-label="Previous day"
        />
        {phone && (
          // The weekday beside the phone's own date field, as the wide screen's picker shows it.
          <span className="rates-day__weekday" aria-hidden>
            {dayjs(date).format('ddd')}
          </span>
        )}
        <CalendarDateField
          cal={cal}
          phone={phone}
          aria-label="Day"
          className={phone ? 'rates-day__date' : undefined}
          value={date}
          format="ddd D MMM YYYY"
          onChange={goTo}
        />
        <Button
          icon={<RightOutlined aria-hidden />}
          onClick={() => setCol(Math.min(last, col + 1))}
          disabled={col >= last}
          aria-label="Next day"
        />
      </div>
      <dl className="rates-day__room">
        <dt>{ROOM_STATUS_TEXT.label}</dt>
        <dd>
          <Switch
            aria-label={`${ROOM_STATUS_TEXT.label} ${date}`}
            checked={!closed}
            disabled={locked}
            checkedChildren={ROOM_STATUS_TEXT.open}
            unCheckedChildren={ROOM_STATUS_TEXT.closed}
            onChange={(open) => set('status', !open)}
          />
        </dd>
        <dt>{CELL_LABELS.roomsToSell}</dt>
        <dd>
          <NumberInput
            aria-label={`${CELL_LABELS.roomsToSell} ${date}`}
            min={0}
            max={9999}
            precision={0}
            value={rooms}
            disabled={locked}
            onChange={(v) => v != null && set('rooms', v)}
          />
        </dd>
        <dt>Booked</dt>
        <dd data-cell={`booked|${date}`}>{cal.booked[col] ?? 0}</dd>
        <dt>Left to sell</dt>
        <dd data-cell={`left|${date}`} className={left && left.state !== 'open' ? `is-${left.state}` : undefined}>
          {left ? `${left.left} · ${AVAILABILITY_TEXT[left.state]}` : '—'}
        </dd>
      </dl>
      {!readOnly && col === today && (
        <Button
          danger
          block
          icon={<StopOutlined aria-hidden />}
          disabled={closed}
          loading={saving}
          onClick={() => onSaveNow([{ row: row('status'), col: today, value: true }])}
        >
          {closed ? 'Closed tonight' : 'Close tonight'}
        </Button>
      )}
      <Typography.Title level={2} style={{ fontSize: 16, marginTop: 16 }}>
        Rates
      </Typography.Title>
      {rateError && (
        <Typography.Text type="danger" role="alert">
          {rateError}
        </Typography.Text>
      )}
      <ul className="rates-day__plans" aria-label={`Rates ${date}`}>
        {cal.plans.map((p) => (
          <li key={`${p.id}|${date}|${value(`${p.id}|rate`) ?? ''}`}>
            <span className="rates-day__plan">{p.name}</span>
            <Input
              aria-label={`${p.name} rate ${date}`}
              defaultValue={(value(`${p.id}|rate`) as string | null) ?? ''}
              disabled={locked}
              inputMode="decimal"
              onBlur={(e) => {
                if (e.target.value.trim() === String(value(`${p.id}|rate`) ?? '')) return;
                const parsed = parseTyped('rate', e.target.value);
                if ('error' in parsed) return setRateError(parsed.error);
                setRateError(null);
                set(`${p.id}|rate`, parsed.value);
              }}
            />
            <Switch
              aria-label={`${p.name} ${CELL_LABELS.stopSell} ${date}`}
              checked={value(`${p.id}|stopSell`) === true}
              disabled={locked}
              checkedChildren={CELL_LABELS.stopSell}
              unCheckedChildren="Selling"
              onChange={(on) => set(`${p.id}|stopSell`, on)}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
