import { useState } from 'react';
import { App, Button, Form, Modal } from 'antd';
import { UserAddOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { GqlError } from '../../providers/graphql-errors';
import { refreshGql, useGqlSend } from '../portal/use-gql';
import { FieldItems } from '../resources/field-items';
import { FormErrors } from '../forms/form-errors';
import { inviteFields } from '../../resources/users/user.forms';
import { USER_DOCS } from '../../resources/users/user.documents';
import { FORM_MESSAGES, GENERIC_MESSAGES } from '../../resources/messages';

type Where = { propertyId?: number; propertyGroupId?: number };

/** 'Invite user': email, name and a role the inviter may grant; the invitation is emailed with a single-use link. */
export function InviteUserButton({ where, roles, scopeName }: { where: Where; roles: string[]; scopeName: string }) {
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm();
  const [errors, setErrors] = useState<string[]>([]);
  const [sending, setSending] = useState(false);
  const send = useGqlSend();
  const client = useQueryClient();
  const { message } = App.useApp();
  const { fields, schema } = inviteFields(roles);

  async function submit(values: Record<string, unknown>) {
    setSending(true);
    setErrors([]);
    try {
      const done = await send<{ inviteUser: { message: string } }>(USER_DOCS.invite, {
        input: { ...where, ...values },
      });
      message.success(done.inviteUser.message);
      form.resetFields();
      setOpen(false);
    } catch (e) {
      if (!(e instanceof GqlError)) return setErrors([GENERIC_MESSAGES.somethingWentWrong]);
      // The invitation is saved though its email failed: the list shows it, with Resend.
      if (e.code === 'MAIL_UNAVAILABLE') {
        setOpen(false);
        return message.warning(e.message);
      }
      const named = Object.entries(e.fields).filter(([name]) => fields.some((f) => f.name === name));
      if (named.length) form.setFields(named.map(([name, errs]) => ({ name, errors: errs })));
      setErrors(named.length ? named.flatMap(([, errs]) => errs) : [e.message]);
    } finally {
      setSending(false);
      await refreshGql(client, ['scope-users']);
    }
  }

  return (
    <>
      <Button type="primary" icon={<UserAddOutlined />} onClick={() => setOpen(true)}>
        Invite user
      </Button>
      <Modal
        open={open}
        title={`Invite a user to ${scopeName}`}
        okText={sending ? FORM_MESSAGES.sending : 'Send invitation'}
        okButtonProps={{ loading: sending, htmlType: 'submit', form: 'invite-user' }}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <FormErrors errors={errors} />
        <Form id="invite-user" form={form} layout="vertical" onFinish={submit} preserve={false}>
          <FieldItems fields={fields} schema={schema} propertyId={where.propertyId ?? 0} />
        </Form>
      </Modal>
    </>
  );
}
