import { Form, Input } from 'antd';
import { zodRule } from '../../forms/zod-rule';
import { PasswordChecklist } from './password-checklist';
import { newPassword } from '../../../resources/auth/auth.forms';
import { VALIDATION } from '../../../resources/auth/auth.messages';

/**
 * A new password, its confirmation and the live checklist (spec §5): the `password` and
 * `confirmPassword` fields of the surrounding form, checked as `newPasswordForm` checks them.
 */
export function NewPasswordFields({
  labels,
  autoFocus,
}: {
  labels: { password: string; confirm: string };
  autoFocus?: boolean;
}) {
  const form = Form.useFormInstance();
  const password = Form.useWatch('password', form) as string | undefined;
  const confirm = Form.useWatch('confirmPassword', form) as string | undefined;
  return (
    <>
      <Form.Item label={labels.password} name="password" rules={[zodRule(newPassword)]} validateTrigger="onBlur">
        <Input.Password autoComplete="new-password" autoFocus={autoFocus} />
      </Form.Item>
      <Form.Item
        label={labels.confirm}
        name="confirmPassword"
        dependencies={['password']}
        validateTrigger="onBlur"
        rules={[
          {
            validator: async (_, value) => {
              if (!value) throw new Error(VALIDATION.enterPassword);
              if (value !== form.getFieldValue('password')) throw new Error(VALIDATION.mismatch);
            },
          },
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <PasswordChecklist password={password} confirm={confirm} />
    </>
  );
}
