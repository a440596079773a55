import { Popconfirm, type PopconfirmProps } from 'antd';
import { useTriggerOnDemand, type Trigger } from './trigger-on-demand';

/**
 * antd's Popconfirm asked by a click on `children` (a row's Delete or Revert), mounted on the first
 * open (src/lib/trigger-on-demand.ts): a list of rows mounts none of them until one is asked.
 */
export function PopconfirmOnDemand({
  children,
  ...props
}: Omit<PopconfirmProps, 'open' | 'onOpenChange' | 'children'> & { children: Trigger }) {
  const { button, opened, open, setOpen } = useTriggerOnDemand(children);
  if (!opened) return button;
  return (
    <Popconfirm {...props} open={open} onOpenChange={setOpen}>
      {button}
    </Popconfirm>
  );
}
