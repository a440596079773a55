import { cloneElement, useLayoutEffect, useRef, useState, type ReactElement, type Ref } from 'react';
import { Dropdown, type DropdownProps } from 'antd';
import { useOpenedOnce } from './opened-once';

type Trigger = ReactElement<{ onClick?: () => void; ref?: Ref<HTMLElement> }>;

/**
 * antd's Dropdown opened by a click on `children` (its button), mounted on the first open
 * (src/lib/opened-once.ts says why): until then the button itself opens it. The button is drawn anew
 * inside the Dropdown then, and keeps the focus.
 */
export function DropdownOnDemand({
  children,
  menu,
  placement,
}: {
  children: Trigger;
  menu: NonNullable<DropdownProps['menu']>;
  placement?: DropdownProps['placement'];
}) {
  const [open, setOpen] = useState(false);
  const opened = useOpenedOnce(open);
  const trigger = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    if (opened) trigger.current?.focus({ preventScroll: true });
  }, [opened]);
  const button = cloneElement(children, { ref: trigger, onClick: opened ? undefined : () => setOpen(true) });
  if (!opened) return button;
  return (
    <Dropdown
      trigger={['click']}
      placement={placement}
      open={open}
      onOpenChange={setOpen}
      menu={{
        ...menu,
        onClick: (info) => {
          setOpen(false);
          menu.onClick?.(info);
        },
      }}
    >
      {button}
    </Dropdown>
  );
}
