import type { ReactNode } from 'react';
import { Button } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { FORM_MESSAGES } from '../../resources/messages';

type Props = {
  saving: boolean;
  /** What the button does: Save changes unless it says otherwise (a record created). */
  label?: string;
  icon?: ReactNode;
};

/** A form's submit button: "Saving..." with the button's spinner while the save is in flight. */
export function SaveButton({ saving, label = FORM_MESSAGES.saveChanges, icon = <SaveOutlined aria-hidden /> }: Props) {
  return (
    <Button type="primary" htmlType="submit" icon={icon} loading={saving}>
      {saving ? FORM_MESSAGES.saving : label}
    </Button>
  );
}
