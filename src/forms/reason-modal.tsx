import { useState, type ReactNode } from 'react';
import { Input, Modal, Typography } from 'antd';
import { CHANGE_REASON_MAX, CHANGE_REASON_TEXTS, changeReason } from '../../resources/change-reason';

/**
 * A confirmation that asks why (issue 30): what the change does, then a reason kept in the history.
 * OK with no reason says so and stays open; `onOk` gets the trimmed reason and closes it by resolving.
 */
export function ReasonModal(props: {
  title: ReactNode;
  okText: string;
  pending: boolean;
  /** A destructive change (Delete): the OK button is red. */
  danger?: boolean;
  /** OK waits for something else the dialog asks (a property's name typed). */
  okDisabled?: boolean;
  children: ReactNode;
  onOk: (reason: string) => Promise<void> | void;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const valid = changeReason(reason) !== null;
  return (
    <Modal
      open
      title={props.title}
      okText={props.okText}
      okButtonProps={{ loading: props.pending, danger: props.danger, disabled: props.okDisabled }}
      cancelButtonProps={{ disabled: props.pending }}
      onOk={() => {
        setTouched(true);
        if (valid) return props.onOk(reason.trim());
      }}
      onCancel={props.onCancel}
    >
      {props.children}
      <label htmlFor="change-reason">{CHANGE_REASON_TEXTS.label}</label>
      <Input.TextArea
        id="change-reason"
        rows={2}
        maxLength={CHANGE_REASON_MAX}
        value={reason}
        status={touched && !valid ? 'error' : undefined}
        aria-invalid={touched && !valid}
        onChange={(e) => setReason(e.target.value)}
      />
      {touched && !valid && (
        <Typography.Text type="danger" role="alert">
          {CHANGE_REASON_TEXTS.required}
        </Typography.Text>
      )}
    </Modal>
  );
}
