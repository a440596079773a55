import type { CSSProperties } from 'react';
import './native-field.css';

type Props<T extends string> = {
  options: readonly { value: T; label: string }[];
  value: T | '';
  onChange: (value: T | '') => void;
  /**
   * The empty choice ahead of the options: a field that may be left empty (`choosable`), or only a
   * prompt the select shows until something is chosen.
   */
  empty?: { label: string; choosable: boolean };
  className?: string;
  id?: string;
  disabled?: boolean;
  style?: CSSProperties;
} & Record<`aria-${string}`, unknown>;

/**
 * The browser's own select, in the project's field style (native-field.css): a phone opens its own
 * picker, and it mounts without drawing again as antd's Select does (src/lib/opened-once.ts).
 */
export function NativeSelect<T extends string>({ options, value, onChange, empty, className, ...rest }: Props<T>) {
  return (
    <select
      {...rest}
      className={className ? `native-field ${className}` : 'native-field'}
      value={value}
      onChange={(e) => onChange(e.target.value as T | '')}
    >
      {empty && (
        <option value="" disabled={!empty.choosable}>
          {empty.label}
        </option>
      )}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}
