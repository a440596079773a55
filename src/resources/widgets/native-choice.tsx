import type { CSSProperties } from 'react';
import { ConfigProvider, Form } from 'antd';
import type { Option } from '../../../resources/field-types';
import { NativeSelect } from '../../lib/native-select';

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
 * One of a list in a form on a phone: the browser's own select (long lists such as countries scroll
 * in the phone's picker). Disabled with its form, and red with its field's error.
 */
export function NativeChoice({ placeholder, value, onChange, disabled, ...rest }: Props) {
  const { componentDisabled } = ConfigProvider.useConfig();
  const { status } = Form.Item.useStatus();
  return (
    <NativeSelect
      {...rest}
      className="native-field--block"
      aria-invalid={status === 'error' || undefined}
      value={value ?? ''}
      empty={{ label: placeholder, choosable: true }}
      disabled={disabled ?? componentDisabled}
      onChange={(chosen) => onChange?.(chosen || null)}
    />
  );
}
