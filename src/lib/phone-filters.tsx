import { useId, useState, type ReactNode } from 'react';
import { Button } from 'antd';
import { FilterOutlined } from '@ant-design/icons';
import { useOpenedOnce } from './opened-once';
import { PHONE_FILTERS_TEXTS } from '../../resources/phone-filters';
import './phone-filters.css';

/**
 * A list's filter controls (its selects and date ranges): in the list's bar on a wide screen; on a
 * phone behind a Filters button, so the list is on the first screen, and mounted on its first open.
 * antd's Select and pickers set state as they mount (src/lib/opened-once.ts says why that costs a
 * phone's takeover of a drawn page). The filters' values are the page's (its address, or its state),
 * not the panel's, so nothing is lost when the screen changes width.
 */
export function PhoneFilters({ phone, active, children }: { phone: boolean; active: number; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const opened = useOpenedOnce(open);
  const panel = useId();
  if (!phone) return children;
  return (
    <>
      <Button icon={<FilterOutlined />} aria-expanded={open} aria-controls={panel} onClick={() => setOpen(!open)}>
        {PHONE_FILTERS_TEXTS.button(active)}
      </Button>
      <div id={panel} className="phone-filters" hidden={!open}>
        {opened && children}
      </div>
    </>
  );
}
