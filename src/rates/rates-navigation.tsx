import { Button, Select } from 'antd';
import { CalendarOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { addMonths, RATES_NAVIGATION_TEXTS } from '../../resources/rates-inventory/rates-inventory.schema';
import type { Calendar } from './rates-model';
import { NativeSelect } from '../lib/native-select';
import { CalendarDateField } from './calendar-date-field';

type Props = {
  cal: Calendar;
  roomTypeId: string;
  /** A phone's: the browser's own pickers, which open as the phone's, and mount without drawing again. */
  phone: boolean;
  /** With the month, the date and Today (the grid's), or the room type alone (one day at a time). */
  jumps: boolean;
  onRoomType: (id: string) => void;
  /** A day, YYYY-MM-DD, within the calendar. */
  onDate: (date: string) => void;
};

/** The calendar's own navigation: which room type, and a month, a date or today to bring into view. */
export function RatesNavigation({ cal, roomTypeId, phone, jumps, onRoomType, onDate }: Props) {
  // The first month starts at the first day that can be changed; the next 18 at their first day.
  const months = Array.from({ length: 19 }, (_, i) =>
    i === 0 ? cal.firstEditable : `${addMonths(cal.firstEditable, i).slice(0, 7)}-01`,
  ).map((m) => ({ value: m, label: dayjs(m).format('MMMM YYYY') }));
  const roomTypes = cal.roomTypes.map((r) => ({ value: r.id, label: r.name }));
  const today = jumps && (
    <Button icon={<CalendarOutlined aria-hidden />} onClick={() => onDate(cal.firstEditable)}>
      {RATES_NAVIGATION_TEXTS.today}
    </Button>
  );
  const date = (
    <CalendarDateField
      cal={cal}
      phone={phone}
      aria-label={RATES_NAVIGATION_TEXTS.date}
      className={phone ? 'rates-toolbar__jump' : undefined}
      format="D MMMM YYYY"
      onChange={onDate}
    />
  );
  if (phone) {
    return (
      <>
        <NativeSelect
          className="rates-toolbar__room-type"
          aria-label={RATES_NAVIGATION_TEXTS.roomType}
          value={roomTypeId}
          options={roomTypes}
          onChange={onRoomType}
        />
        {jumps && (
          <>
            {/* Back at its prompt after each jump, so the same month can be chosen again. */}
            <NativeSelect
              className="rates-toolbar__jump"
              aria-label={RATES_NAVIGATION_TEXTS.month}
              value=""
              empty={{ label: RATES_NAVIGATION_TEXTS.month, choosable: false }}
              options={months}
              onChange={(month) => month && onDate(month)}
            />
            {date}
          </>
        )}
        {today}
      </>
    );
  }
  return (
    <>
      <Select
        aria-label={RATES_NAVIGATION_TEXTS.roomType}
        style={{ minWidth: 220 }}
        value={roomTypeId}
        options={roomTypes}
        onChange={onRoomType}
      />
      {jumps && (
        <>
          <Select
            aria-label={RATES_NAVIGATION_TEXTS.month}
            style={{ width: 160 }}
            placeholder={RATES_NAVIGATION_TEXTS.month}
            options={months}
            onChange={onDate}
          />
          {date}
        </>
      )}
      {today}
    </>
  );
}
