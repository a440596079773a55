import { useState } from 'react';
import { Alert, App, Button, Form, Input, Modal, Space, Typography } from 'antd';
import { formatDateTime } from '../../resources/plural';
import { useGetIdentity } from '@refinedev/core';
import { GqlError } from '../../providers/graphql-errors';
import { useGql, useGqlMutation } from '../portal/use-gql';
import { useAbility } from '../access/ability';
import { on } from '../../abilities/define-ability';
import { GO_LIVE_DOCS } from '../../resources/properties/go-live.documents';
import { GO_LIVE_MESSAGES, goLiveReasonSchema, goLiveRefusal } from '../../resources/properties/go-live';
import { REQUEST_TEXT_MAX } from '../../resources/properties/property-requests';
import type { ManagedProperty } from '../../resources/properties/property.documents';
import type { PropertyGoLiveQuery } from '../generated/graphql-types';
import type { PortalIdentity } from '../../providers/auth-provider';
import { zodRule } from '../forms/zod-rule';
import { GENERIC_MESSAGES } from '../../resources/messages';
import { factsFromProperty, statusActionRefusal } from '../../resources/domain';
import { statusMenuItems } from './status-actions';
import { StatusActionModal, type Action } from './status-menu';

type GoLive = NonNullable<PropertyGoLiveQuery['viewer']['property']['goLive']>;

/**
 * The home's go-live box (issue 25): the hotel's admin asks once every step is complete and sees
 * where the request stands; staff see an open request and publish it or send it back with a reason.
 */
export function GoLivePanel({ property }: { property: ManagedProperty }) {
  const ability = useAbility();
  const { data: user } = useGetIdentity<PortalIdentity>();
  const key = ['go-live', property.id];
  const { data } = useGql<PropertyGoLiveQuery>(key, GO_LIVE_DOCS.propertyGoLive, { id: property.id });
  const goLive = data?.viewer.property.goLive ?? null;
  const open = goLive !== null && goLive.outcome === null;
  const request = useGqlMutation(GO_LIVE_DOCS.requestGoLive, [key]);
  const { message } = App.useApp();
  if (!data) return null;

  if (user?.isStaff) return open ? <StaffDecision property={property} goLive={goLive} refresh={key} /> : null;
  if (ability.cannot('create', on('GoLive', factsFromProperty(property)))) return null;
  const canAsk = goLiveRefusal(property.status, property.publishable, open) === null;

  async function ask() {
    try {
      await request.mutateAsync({ propertyId: property.id });
      message.success(GO_LIVE_MESSAGES.requested);
    } catch (e) {
      message.error(e instanceof GqlError ? e.message : GENERIC_MESSAGES.somethingWentWrong);
    }
  }
  return (
    <div data-testid="go-live" style={{ marginBottom: 12 }}>
      {open && (
        <Alert
          type="info"
          showIcon
          role="status"
          message={`Go-live requested ${formatDateTime(goLive.requestedAt)}${goLive.requestedBy ? ` by ${goLive.requestedBy}` : ''}.`}
          description="We will review the property and publish it, or tell you what to change."
        />
      )}
      {goLive?.outcome === 'RETURNED' && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message={`Sent back ${formatDateTime(goLive.decidedAt!)}: change this, then ask again.`}
          description={<span style={{ whiteSpace: 'pre-wrap' }}>{goLive.reason}</span>}
        />
      )}
      {canAsk && (
        <Space direction="vertical">
          <Typography.Text>Every step is complete. Ask us to publish the property when you are ready.</Typography.Text>
          <Button type="primary" onClick={ask} loading={request.isPending}>
            Request go-live
          </Button>
        </Space>
      )}
    </div>
  );
}

function StaffDecision({
  property,
  goLive,
  refresh,
}: {
  property: ManagedProperty;
  goLive: GoLive;
  refresh: readonly unknown[];
}) {
  const [sending, setSending] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const back = useGqlMutation(GO_LIVE_DOCS.returnGoLive, [refresh]);
  const { message } = App.useApp();
  const [publishing, setPublishing] = useState<Action | null>(null);
  // Published from here as from the Status menu, with its confirmation; a step undone since the request says why not.
  const publish = () => {
    const item = statusMenuItems(property).find((i) => i.key === 'publish');
    if (item?.kind === 'action') setPublishing(item);
    else message.error(statusActionRefusal('publish', property.status, property.publishable));
  };
  async function sendBack() {
    const { reason } = await form.validateFields();
    try {
      await back.mutateAsync({ propertyId: property.id, reason });
      message.success(GO_LIVE_MESSAGES.returned);
      setSending(false);
      form.resetFields();
    } catch (e) {
      message.error(e instanceof GqlError ? e.message : GENERIC_MESSAGES.somethingWentWrong);
    }
  }
  return (
    <div data-testid="go-live" style={{ marginBottom: 12 }}>
      <Alert
        type="info"
        showIcon
        role="status"
        message={`${goLive.requestedBy ?? 'The hotel'} asked to go live ${formatDateTime(goLive.requestedAt)}.`}
        description="Publish the property, or send it back saying what to change. The hotel is emailed either way."
        style={{ marginBottom: 12 }}
      />
      <Space wrap>
        <Button type="primary" onClick={publish}>
          Publish
        </Button>
        <Button onClick={() => setSending(true)}>Send back</Button>
      </Space>
      {publishing && <StatusActionModal property={property} action={publishing} onClose={() => setPublishing(null)} />}
      <Modal
        open={sending}
        title="Send back to the hotel"
        okText="Send back"
        okButtonProps={{ loading: back.isPending }}
        onOk={sendBack}
        onCancel={() => !back.isPending && setSending(false)}
      >
        <Form form={form} layout="vertical" name="go-live-return">
          <Form.Item name="reason" label="What needs to change" required rules={[zodRule(goLiveReasonSchema)]}>
            <Input.TextArea rows={4} maxLength={REQUEST_TEXT_MAX} showCount />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
