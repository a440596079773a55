import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import type { Calendar } from './rates-model';
import '../lib/native-field.css';

type Props = {
  cal: Calendar;
  /** A phone's: the browser's own date field, which opens the phone's picker and mounts without drawing again. */
  phone: boolean;
  'aria-label': string;
  /** The day shown (YYYY-MM-DD); none: the field is a jump, empty after each. */
  value?: string;
  /** How a wide screen's picker writes the day (dayjs). */
  format: string;
  className?: string;
  /** A day, YYYY-MM-DD, that the calendar holds. */
  onChange: (date: string) => void;
};

/** A day of the calendar: only the days it holds (from its first day to the last that can be changed) can be picked. */
export function CalendarDateField({ cal, phone, value, format, className, onChange, ...aria }: Props) {
  if (phone)
    return (
      <input
        {...aria}
        type="date"
        className={className ? `native-field ${className}` : 'native-field'}
        value={value}
        min={cal.from}
        max={cal.lastEditable}
        required={value !== undefined}
        onChange={(e) => e.target.value && onChange(e.target.value)}
      />
    );
  return (
    <DatePicker
      {...aria}
      className={className}
      format={format}
      allowClear={false}
      value={value === undefined ? undefined : dayjs(value)}
      inputReadOnly={value !== undefined}
      onChange={(d) => d && onChange(d.format('YYYY-MM-DD'))}
      disabledDate={(d) => d.format('YYYY-MM-DD') < cal.from || d.format('YYYY-MM-DD') > cal.lastEditable}
    />
  );
}
