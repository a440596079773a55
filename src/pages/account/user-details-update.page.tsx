import { useState } from 'react';
import { useGetIdentity, useInvalidateAuthStore, useWarnAboutChange } from '@refinedev/core';
import { App, Button, Card, Form, Input, Space, Typography } from 'antd';
import { useNavigate } from 'react-router';
import type { PortalIdentity } from '../../../providers/auth-provider';
import { toBase64 } from '../../../providers/graphql-request';
import { GqlError } from '../../../providers/graphql-errors';
import { useGqlSend } from '../../portal/use-gql';
import { AUTH_DOCS } from '../../../resources/auth/auth.documents';
import { ACCOUNT_MESSAGES } from '../../../resources/auth/auth.messages';
import { COUNTRY_CODE, phoneForDisplay, phoneForSaving } from '../../../resources/auth/phone';
import { FORM_MESSAGES } from '../../../resources/messages';
import { FormErrors } from '../../forms/form-errors';
import { SaveButton } from '../../forms/save-button';
import { zodRule } from '../../forms/zod-rule';
import { signInForm } from '../../../resources/auth/auth.forms';
import { useSavingNotice } from '../../forms/use-saving-notice';
import { CONTACT_MESSAGES } from '../../../resources/contacts/contact.resource';
import { trackForm } from '../../lib/tracking';
import { BackLink } from '../../layouts/back-link';

const FIELDS = {
  firstName: 'given_name',
  lastName: 'family_name',
  email: 'email',
  position: 'custom:position',
  phonePrimary: 'phone_number',
  phoneSecondary: 'custom:phone_secondary',
} as const;
type Values = Record<keyof typeof FIELDS, string> & { currentPassword?: string };

/** Spec §2 and §3: edit your own details; phones are shown without +61 and saved with it. */
export function UserDetailsUpdatePage() {
  const send = useGqlSend();
  const { data: user } = useGetIdentity<PortalIdentity>();
  const invalidate = useInvalidateAuthStore();
  const { setWarnWhen } = useWarnAboutChange();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const emailNow = Form.useWatch('email', form);
  useSavingNotice(saving);
  if (!user) return null;

  const initial: Values = {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    position: user.position ?? '',
    phonePrimary: phoneForDisplay(user.phonePrimary),
    phoneSecondary: phoneForDisplay(user.phoneSecondary),
  };

  async function save(values: Values) {
    setSaving(true);
    setErrors([]);
    const changed = (Object.keys(FIELDS) as (keyof typeof FIELDS)[]).filter(
      (k) => (values[k] ?? '').trim() !== initial[k],
    );
    try {
      if (changed.length) {
        await send(AUTH_DOCS.updateUserAttributes, {
          attributes: changed.map((k) => ({
            name: FIELDS[k],
            value: k.startsWith('phone') ? phoneForSaving(values[k]) : (values[k] ?? '').trim() || null,
          })),
          // A new email needs the current password: a session alone must not move the account.
          currentPassword:
            changed.includes('email') && values.currentPassword ? toBase64(values.currentPassword) : null,
        });
      }
      setWarnWhen(false);
      trackForm('form_success', 'user-details');
      await invalidate();
      message.success(FORM_MESSAGES.saved);
      navigate('/user-details');
    } catch (e) {
      trackForm('form_error', 'user-details');
      if (e instanceof GqlError && Object.keys(e.fields).length) {
        const byAttribute: Record<string, string> = {
          ...Object.fromEntries(Object.entries(FIELDS).map(([k, v]) => [v, k])),
          currentPassword: 'currentPassword',
        };
        form.setFields(
          Object.entries(e.fields).map(([attr, list]) => ({ name: byAttribute[attr] as keyof Values, errors: list })),
        );
        setErrors(Object.values(e.fields).flat());
      } else {
        setErrors([
          e instanceof GqlError ? (e.code === 'NETWORK' ? FORM_MESSAGES.network : e.message) : FORM_MESSAGES.unknown,
        ]);
      }
    } finally {
      setSaving(false);
    }
  }

  const phoneRule = { max: 25, message: CONTACT_MESSAGES.phoneLength };
  return (
    <>
      <BackLink to="/user-details" label="Back to your details" />
      <Typography.Title level={1} style={{ fontSize: 26 }}>
        Update your details
      </Typography.Title>
      <Card>
        <FormErrors errors={errors} />
        <Form
          form={form}
          name="user-details"
          layout="vertical"
          initialValues={initial}
          onFinish={save}
          onValuesChange={() => setWarnWhen(true)}
          disabled={saving}
        >
          <Form.Item
            label="First name"
            name="firstName"
            rules={[{ required: true, whitespace: true, message: 'Enter your first name' }]}
          >
            <Input autoComplete="given-name" />
          </Form.Item>
          <Form.Item
            label="Last name"
            name="lastName"
            rules={[{ required: true, whitespace: true, message: 'Enter your last name' }]}
          >
            <Input autoComplete="family-name" />
          </Form.Item>
          <Form.Item
            label="Email"
            name="email"
            rules={[zodRule(signInForm.shape.username)]}
            extra="If you change it, we'll send a link to confirm the new address."
          >
            <Input type="email" autoComplete="email" />
          </Form.Item>
          {emailNow !== undefined && (emailNow ?? '').trim().toLowerCase() !== initial.email && (
            <Form.Item
              label="Current password"
              name="currentPassword"
              rules={[{ required: true, message: ACCOUNT_MESSAGES.currentPasswordNeeded }]}
            >
              <Input.Password autoComplete="current-password" />
            </Form.Item>
          )}
          <Form.Item label="Position" name="position">
            <Input autoComplete="organization-title" />
          </Form.Item>
          <Form.Item label="Phone" name="phonePrimary" rules={[phoneRule]}>
            <Input addonBefore={COUNTRY_CODE} inputMode="tel" autoComplete="tel-national" />
          </Form.Item>
          <Form.Item label="Second phone" name="phoneSecondary" rules={[phoneRule]}>
            <Input addonBefore={COUNTRY_CODE} inputMode="tel" />
          </Form.Item>
          <Space>
            <SaveButton saving={saving} />
            <Button htmlType="button" onClick={() => navigate('/user-details')}>
              Cancel
            </Button>
          </Space>
        </Form>
      </Card>
    </>
  );
}
