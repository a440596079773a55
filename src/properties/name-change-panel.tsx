import { useState } from 'react';
import { Alert, App, Button, Descriptions, Form, Input, Modal, Space, Typography } from 'antd';
import { Link } from 'react-router';
import { EditOutlined } from '@ant-design/icons';
import { useGetIdentity } from '@refinedev/core';
import { formatDateTime } from '../../resources/plural';
import { GqlError } from '../../providers/graphql-errors';
import { useGql, useGqlMutation } from '../portal/use-gql';
import { useAbility } from '../access/ability';
import { on } from '../../abilities/define-ability';
import { factsFromProperty } from '../../resources/domain';
import { NAME_CHANGE_DOCS } from '../../resources/properties/name-change.documents';
import {
  NAME_CHANGE_MESSAGES,
  nameChangeDeclineSchema,
  nameChangeRequestSchema,
  type NameChangeRequest,
} from '../../resources/properties/name-change';
import { REQUEST_TEXT_MAX } from '../../resources/properties/property-requests';
import type { ManagedProperty } from '../../resources/properties/property.documents';
import type { PropertyNameChangeQuery } from '../generated/graphql-types';
import type { PortalIdentity } from '../../providers/auth-provider';
import { zodRule } from '../forms/zod-rule';
import { GENERIC_MESSAGES } from '../../resources/messages';
import { propertyKey } from '../layouts/property-outlet';

type NameChange = NonNullable<PropertyNameChangeQuery['viewer']['property']['nameChange']>;
const fieldOf = nameChangeRequestSchema.shape;

/**
 * The property's name on its Property overview (issue 25): staff rename it in Admin and answer a
 * hotel's request here; a property's admin asks for a new name and sees where the request stands.
 */
export function NameChangePanel({ property }: { property: ManagedProperty }) {
  const ability = useAbility();
  const { data: user } = useGetIdentity<PortalIdentity>();
  const key = ['name-change', property.id];
  const { data } = useGql<PropertyNameChangeQuery>(key, NAME_CHANGE_DOCS.propertyNameChange, { id: property.id });
  const latest = data?.viewer.property.nameChange ?? null;
  const open = latest !== null && latest.outcome === null;
  const canAsk = ability.can('create', on('NameChange', factsFromProperty(property)));
  return (
    <div data-testid="property-name" style={{ marginBottom: 16 }}>
      <Descriptions column={1} size="small">
        <Descriptions.Item label="Property name">
          <Space wrap size={[12, 4]}>
            <Typography.Text strong>{property.name}</Typography.Text>
            {user?.isStaff && <Link to={`/properties/${property.id}/admin`}>Rename in Admin</Link>}
          </Space>
        </Descriptions.Item>
      </Descriptions>
      {data && user?.isStaff && open && <StaffAnswer property={property} request={latest} refresh={key} />}
      {data && !user?.isStaff && (
        <HotelView property={property} latest={latest} open={open} canAsk={canAsk} refresh={key} />
      )}
    </div>
  );
}

function HotelView({
  property,
  latest,
  open,
  canAsk,
  refresh,
}: {
  property: ManagedProperty;
  latest: NameChange | null;
  open: boolean;
  canAsk: boolean;
  refresh: readonly unknown[];
}) {
  const [asking, setAsking] = useState(false);
  const [form] = Form.useForm<NameChangeRequest>();
  const ask = useGqlMutation(NAME_CHANGE_DOCS.requestNameChange, [refresh, propertyKey(property.id)]);
  const { message } = App.useApp();
  async function send() {
    const input = await form.validateFields();
    try {
      await ask.mutateAsync({ propertyId: property.id, input });
      message.success(NAME_CHANGE_MESSAGES.requested);
      setAsking(false);
      form.resetFields();
    } catch (e) {
      if (e instanceof GqlError && Object.keys(e.fields).length)
        form.setFields(
          Object.entries(e.fields).map(([name, errors]) => ({ name: name as keyof NameChangeRequest, errors })),
        );
      else message.error(e instanceof GqlError ? e.message : GENERIC_MESSAGES.somethingWentWrong);
    }
  }
  return (
    <>
      {open && (
        <Alert
          type="info"
          showIcon
          role="status"
          message={`Name change to “${latest!.proposedName}” requested ${formatDateTime(latest!.requestedAt)}${latest!.requestedBy ? ` by ${latest!.requestedBy}` : ''}.`}
          description="We will rename the property or tell you why not."
        />
      )}
      {latest?.outcome === 'DECLINED' && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 8 }}
          message={`Not renamed to “${latest.proposedName}” (${formatDateTime(latest.decidedAt!)}):`}
          description={<span style={{ whiteSpace: 'pre-wrap' }}>{latest.reason}</span>}
        />
      )}
      {!open && canAsk && (
        <Button icon={<EditOutlined aria-hidden />} onClick={() => setAsking(true)}>
          Request a name change
        </Button>
      )}
      {!open && !canAsk && (
        <Typography.Text type="secondary">Your property's admin can ask us for a new name.</Typography.Text>
      )}
      <Modal
        open={asking}
        title="Request a name change"
        okText="Send request"
        okButtonProps={{ loading: ask.isPending }}
        onOk={send}
        onCancel={() => !ask.isPending && setAsking(false)}
      >
        <Typography.Paragraph>
          Our team renames the property, usually within two working days, and emails you either way.
        </Typography.Paragraph>
        <Form form={form} layout="vertical" name="name-change-request">
          <Form.Item name="name" label="New name" required rules={[zodRule(fieldOf.name)]}>
            <Input maxLength={200} autoComplete="off" />
          </Form.Item>
          <Form.Item name="note" label="Why the name changes" required rules={[zodRule(fieldOf.note)]}>
            <Input.TextArea rows={3} maxLength={REQUEST_TEXT_MAX} showCount />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

function StaffAnswer({
  property,
  request,
  refresh,
}: {
  property: ManagedProperty;
  request: NameChange;
  refresh: readonly unknown[];
}) {
  const [declining, setDeclining] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const refreshed = [refresh, propertyKey(property.id)];
  const approve = useGqlMutation(NAME_CHANGE_DOCS.approveNameChange, refreshed);
  const decline = useGqlMutation(NAME_CHANGE_DOCS.declineNameChange, refreshed);
  const { message, modal } = App.useApp();
  const fail = (e: unknown) => message.error(e instanceof GqlError ? e.message : GENERIC_MESSAGES.somethingWentWrong);
  const rename = () =>
    modal.confirm({
      title: `Rename ${property.name}?`,
      content: `It becomes “${request.proposedName}” everywhere in the portal. The hotel is emailed.`,
      okText: 'Rename',
      onOk: () =>
        approve
          .mutateAsync({ propertyId: property.id })
          .then(() => message.success(NAME_CHANGE_MESSAGES.renamed), fail),
    });
  async function sendDecline() {
    const { reason } = await form.validateFields();
    try {
      await decline.mutateAsync({ propertyId: property.id, reason });
      message.success(NAME_CHANGE_MESSAGES.declined);
      setDeclining(false);
      form.resetFields();
    } catch (e) {
      fail(e);
    }
  }
  return (
    <>
      <Alert
        type="info"
        showIcon
        role="status"
        style={{ marginBottom: 8 }}
        message={`${request.requestedBy ?? 'The hotel'} asked ${formatDateTime(request.requestedAt)} to rename it to “${request.proposedName}”.`}
        description={<span style={{ whiteSpace: 'pre-wrap' }}>{request.note}</span>}
      />
      <Space wrap>
        <Button type="primary" onClick={rename}>
          Rename
        </Button>
        <Button onClick={() => setDeclining(true)}>Decline</Button>
      </Space>
      <Modal
        open={declining}
        title="Decline the name change"
        okText="Decline"
        okButtonProps={{ loading: decline.isPending }}
        onOk={sendDecline}
        onCancel={() => !decline.isPending && setDeclining(false)}
      >
        <Form form={form} layout="vertical" name="name-change-decline">
          <Form.Item
            name="reason"
            label="Why the property keeps its name"
            required
            rules={[zodRule(nameChangeDeclineSchema)]}
          >
            <Input.TextArea rows={4} maxLength={REQUEST_TEXT_MAX} showCount />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
