import { DatePicker } from 'antd';
import dayjs from 'dayjs';

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
      format="DD-MM-YYYY"
      placeholder="dd-mm-yyyy"
      value={value ? dayjs(value) : null}
      onChange={(d) => onChange?.(d ? d.format('YYYY-MM-DD') : null)}
      style={{ width: 200 }}
    />
  );
}
