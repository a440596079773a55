import { Dropdown, type DropdownProps } from 'antd';
import { useTriggerOnDemand, type Trigger } from './trigger-on-demand';

/** antd's Dropdown opened by a click on `children` (its button), mounted on the first open (src/lib/trigger-on-demand.ts). */
export function DropdownOnDemand({
  children,
  menu,
  placement,
}: {
  children: Trigger;
  menu: NonNullable<DropdownProps['menu']>;
  placement?: DropdownProps['placement'];
}) {
  const { button, opened, open, setOpen } = useTriggerOnDemand(children);
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
