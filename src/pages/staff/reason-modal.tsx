import { useState, type ReactNode } from 'react';
import { Input, Modal, Typography } from 'antd';
import { FLAG_REASON_MAX, FLAG_TEXTS, flagReason } from '../../../resources/feature-flags';

/**
 * A confirmation that asks why (issue 30): what the change does, then a reason kept in the history.
 * OK with no reason says so and stays open; `onOk` gets the trimmed reason and closes it by resolving.
 */
export function ReasonModal(props: {
  title: ReactNode;
  okText: string;
  pending: boolean;
  children: ReactNode;
  onOk: (reason: string) => Promise<void> | void;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const valid = flagReason(reason) !== null;
  return (
    <Modal
      open
      title={props.title}
      okText={props.okText}
      okButtonProps={{ loading: props.pending }}
      onOk={() => {
        setTouched(true);
        if (valid) return props.onOk(reason.trim());
      }}
      onCancel={props.onCancel}
    >
      {props.children}
      <label htmlFor="change-reason">{FLAG_TEXTS.reasonLabel}</label>
      <Input.TextArea
        id="change-reason"
        rows={2}
        maxLength={FLAG_REASON_MAX}
        value={reason}
        status={touched && !valid ? 'error' : undefined}
        aria-invalid={touched && !valid}
        onChange={(e) => setReason(e.target.value)}
      />
      {touched && !valid && (
        <Typography.Text type="danger" role="alert">
          {FLAG_TEXTS.reasonRequired}
        </Typography.Text>
      )}
    </Modal>
  );
}
