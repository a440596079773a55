import type { KeyboardEvent } from 'react';
import { DatePicker } from 'antd';
import dayjs from 'dayjs';

/**
 * One way to type and show a date in the portal's forms: dd-mm-yyyy first (shown, and what the
 * placeholder says), yyyy-mm-dd also read when typed. The API takes yyyy-MM-dd (spec §5).
 */
export const DATE_FORMATS = ['DD-MM-YYYY', 'YYYY-MM-DD'];
export const DATE_PLACEHOLDER = 'dd-mm-yyyy';

/** Enter in a date field confirms the date and nothing else: it must not submit the form around it. */
export const enterConfirmsDateOnly = (e: KeyboardEvent) => {
  if (e.key === 'Enter') e.preventDefault();
};

/** A date picker whose value is the yyyy-MM-dd string the API takes (spec §5: dates are formatted yyyy-MM-dd on submit). */
export function DateInput({
  value,
  onChange,
  ...rest
}: {
  value?: string | null;
  onChange?: (v: string | null) => void;
  id?: string;
  disabled?: boolean;
}) {
  return (
    <DatePicker
      {...rest}
      format={DATE_FORMATS}
      placeholder={DATE_PLACEHOLDER}
      value={value ? dayjs(value) : null}
      onChange={(d) => onChange?.(d ? d.format('YYYY-MM-DD') : null)}
      onKeyDown={enterConfirmsDateOnly}
      style={{ width: 200 }}
    />
  );
}
