import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { InputNumber, type InputNumberProps } from 'antd';
import { createFormatDelay } from '../../lib/format-delay';
import { useScreenAtLeast } from '../../lib/use-screen';

type Props = Omit<InputNumberProps<number>, 'value' | 'onChange'> & {
  value?: number | null;
  onChange?: (value: number | null) => void;
};

/**
 * A number field whose value reaches the form once typing pauses (spec §9's 16 ms format delay),
 * and at once on blur or Enter, so the form neither re-renders on every keystroke nor misses one.
 */
export function NumberInput({ value, onChange, onBlur, onKeyDown, ...rest }: Props) {
  const [shown, setShown] = useState<number | null>(value ?? null);
  const commit = useRef(onChange);
  commit.current = onChange;
  const delay = useRef(createFormatDelay<number | null>((v) => commit.current?.(v)));
  // The form's value wins whenever nothing typed is waiting (a reset, their values after a conflict).
  useEffect(() => {
    if (!delay.current.pending) setShown(value ?? null);
  }, [value]);
  useEffect(() => () => delay.current.flush(), []);
  // A phone shows no step buttons (antd hides them itself, a draw later, from the user agent).
  const phone = !useScreenAtLeast('md');
  return (
    <InputNumber<number>
      {...rest}
      controls={phone ? false : rest.controls}
      value={shown}
      onChange={(v) => {
        setShown(v);
        delay.current.type(v);
      }}
      onBlur={(e) => {
        delay.current.flush();
        onBlur?.(e);
      }}
      onKeyDown={(e: KeyboardEvent<HTMLInputElement>) => {
        if (e.key === 'Enter') delay.current.flush();
        onKeyDown?.(e);
      }}
    />
  );
}
