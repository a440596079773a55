import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import type { WidgetProps } from './widget-props';
import { DATE_FORMATS, DATE_PLACEHOLDER, enterConfirmsDateOnly } from './date-input';

/** A set of dates (promotions' blackout dates): picked on one calendar, kept sorted as yyyy-MM-dd. */
export function BlackoutDatesWidget({ value, onChange, id, disabled }: WidgetProps<string[] | null>) {
  return (
    <DatePicker
      id={id}
      multiple
      disabled={disabled}
      format={DATE_FORMATS}
      placeholder={DATE_PLACEHOLDER}
      maxTagCount="responsive"
      value={(value ?? []).map((d) => dayjs(d))}
      onChange={(days) => onChange?.((days ?? []).map((d) => d.format('YYYY-MM-DD')).sort())}
      onKeyDown={enterConfirmsDateOnly}
      style={{ width: '100%', maxWidth: 480 }}
    />
  );
}
