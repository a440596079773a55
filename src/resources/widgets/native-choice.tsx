import type { CSSProperties } from 'react';
import { ConfigProvider, Form } from 'antd';
import type { Option } from '../../../resources/field-types';
import '../../lib/native-field.css';

type Props = {
  options: readonly Option[];
  /** The empty choice's text: a field left empty (or emptied) holds null. */
  placeholder: string;
  id?: string;
  value?: string | null;
  onChange?: (value: string | null) => void;
  disabled?: boolean;
  style?: CSSProperties;
} & Record<`aria-${string}`, unknown>;

/**
 * One of a list on a phone: the browser's own select, which opens the phone's picker (long lists
 * such as countries scroll there), and which mounts without drawing the form again as antd's
 * Select does (src/lib/opened-once.ts). Disabled with its form, and red with its field's error.
 */
export function NativeChoice({ options, placeholder, value, onChange, disabled, style, ...aria }: Props) {
  const { componentDisabled } = ConfigProvider.useConfig();
  const { status } = Form.Item.useStatus();
  return (
    <select
      {...aria}
      className="native-field native-field--block"
      aria-invalid={status === 'error' || undefined}
      style={style}
      value={value ?? ''}
      disabled={disabled ?? componentDisabled}
      onChange={(e) => onChange?.(e.target.value || null)}
    >
      <option value="">{placeholder}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}
