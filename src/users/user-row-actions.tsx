import { useState } from 'react';
import { App, Button, Form, Modal } from 'antd';
import { DropdownOnDemand } from '../lib/dropdown-on-demand';
import { DownOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { GqlError } from '../../providers/graphql-errors';
import { refreshGql, useGqlSend } from '../portal/use-gql';
import { FieldItems } from '../resources/field-items';
import { FormErrors } from '../forms/form-errors';
import { roleFields } from '../../resources/users/user.forms';
import { USER_DOCS } from '../../resources/users/user.documents';
import { FORM_MESSAGES, GENERIC_MESSAGES } from '../../resources/messages';
import { INVITATION_VALID_DAYS } from '../../resources/users/user-rules';
import type { UserRow } from './user-row';

type Confirmable = { title: string; content: string; okText: string; danger?: boolean; run: () => Promise<string> };

/** What can be done to one row: a member's role, access and removal; an invitation's resend and withdrawal. Never one's own. */
export function UserRowActions({ row, roles }: { row: UserRow; roles: string[] }) {
  const send = useGqlSend();
  const client = useQueryClient();
  const { message, modal } = App.useApp();
  const [roleOpen, setRoleOpen] = useState(false);
  if (row.isSelf || roles.length === 0) return null;

  const call = async (document: string, variables: Record<string, unknown>) => {
    try {
      const data = await send<Record<string, { message: string }>>(document, variables);
      return Object.values(data)[0].message;
    } finally {
      await refreshGql(client, ['scope-users']);
    }
  };
  const confirm = (c: Confirmable) =>
    modal.confirm({
      title: c.title,
      content: c.content,
      okText: c.okText,
      okButtonProps: { danger: c.danger },
      onOk: async () => {
        try {
          message.success(await c.run());
        } catch (e) {
          message.error(e instanceof GqlError ? e.message : GENERIC_MESSAGES.somethingWentWrong);
        }
      },
    });

  const items =
    row.memberId != null
      ? [
          { key: 'role', label: 'Change role', onClick: () => setRoleOpen(true) },
          row.status === 'disabled'
            ? {
                key: 'enable',
                label: 'Enable access',
                onClick: () =>
                  confirm({
                    title: `Enable ${row.name}?`,
                    content: `${row.name} will be able to sign in here again.`,
                    okText: 'Enable access',
                    run: () => call(USER_DOCS.setDisabled, { memberId: row.memberId, disabled: false }),
                  }),
              }
            : {
                key: 'disable',
                label: 'Disable access',
                onClick: () =>
                  confirm({
                    title: `Disable ${row.name}?`,
                    content: `${row.name} is signed out at once and can't sign in here until access is enabled again.`,
                    okText: 'Disable access',
                    danger: true,
                    run: () => call(USER_DOCS.setDisabled, { memberId: row.memberId, disabled: true }),
                  }),
              },
          {
            key: 'remove',
            label: 'Remove',
            danger: true,
            onClick: () =>
              confirm({
                title: `Remove ${row.name}?`,
                content: `${row.name} (${row.email}) loses access here and is signed out at once.`,
                okText: 'Remove',
                danger: true,
                run: () => call(USER_DOCS.remove, { memberId: row.memberId }),
              }),
          },
        ]
      : [
          {
            key: 'resend',
            label: 'Resend invitation',
            onClick: () =>
              confirm({
                title: `Resend the invitation to ${row.email}?`,
                content: `A new link is emailed, valid for ${INVITATION_VALID_DAYS} days; the previous link stops working.`,
                okText: 'Resend invitation',
                run: () => call(USER_DOCS.resend, { invitationId: row.invitationId }),
              }),
          },
          {
            key: 'revoke',
            label: 'Withdraw invitation',
            danger: true,
            onClick: () =>
              confirm({
                title: `Withdraw the invitation to ${row.email}?`,
                content: 'The link stops working at once.',
                okText: 'Withdraw invitation',
                danger: true,
                run: () => call(USER_DOCS.revoke, { invitationId: row.invitationId }),
              }),
          },
        ];

  return (
    <>
      <DropdownOnDemand menu={{ items }}>
        <Button size="small" aria-label={`Manage ${row.name}`} icon={<DownOutlined />} iconPosition="end">
          Manage
        </Button>
      </DropdownOnDemand>
      {roleOpen && (
        <ChangeRoleModal
          row={row}
          roles={roles}
          onClose={() => setRoleOpen(false)}
          change={(role) => call(USER_DOCS.changeRole, { memberId: row.memberId, role })}
        />
      )}
    </>
  );
}

function ChangeRoleModal(props: {
  row: UserRow;
  roles: string[];
  onClose: () => void;
  change: (role: string) => Promise<string>;
}) {
  const [form] = Form.useForm();
  const [errors, setErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const { message } = App.useApp();
  const { fields, schema } = roleFields(props.roles);
  async function submit({ role }: { role: string }) {
    setSaving(true);
    setErrors([]);
    try {
      message.success(await props.change(role));
      props.onClose();
    } catch (e) {
      setErrors([e instanceof GqlError ? e.message : GENERIC_MESSAGES.somethingWentWrong]);
    } finally {
      setSaving(false);
    }
  }
  return (
    <Modal
      open
      title={`Change the role of ${props.row.name}`}
      okText={saving ? FORM_MESSAGES.saving : 'Change role'}
      okButtonProps={{ loading: saving, htmlType: 'submit', form: 'change-role' }}
      onCancel={props.onClose}
    >
      <FormErrors errors={errors} />
      <Form id="change-role" form={form} layout="vertical" onFinish={submit} initialValues={{ role: props.row.role }}>
        <FieldItems fields={fields} schema={schema} propertyId={0} />
      </Form>
    </Modal>
  );
}
