import { useState } from 'react';
import { Alert, Button } from 'antd';
import type { ManagedProperty } from '../../resources/properties/property.documents';
import { STATUS_TEXTS } from '../../resources/properties/status-texts';
import { statusActionItem } from './status-actions';
import { StatusActionModal } from './status-menu';

/**
 * An archived property's page for staff (issue 30): spec §4 offers no status menu for it, so Restore
 * sits here, with the same confirmation and reason as the menu's actions.
 */
export function ArchivedBanner({ property }: { property: ManagedProperty }) {
  const [open, setOpen] = useState(false);
  const action = statusActionItem(property, 'restore');
  return (
    <>
      <Alert
        type="info"
        showIcon
        banner
        message={STATUS_TEXTS.archivedBanner}
        action={
          <Button size="small" onClick={() => setOpen(true)}>
            {action.label}
          </Button>
        }
      />
      {open && <StatusActionModal property={property} action={action} onClose={() => setOpen(false)} />}
    </>
  );
}
