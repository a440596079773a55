import { useState } from 'react';
import { App, Button, Dropdown, Modal } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { GqlError } from '../../providers/graphql-errors';
import { refreshGql, useGqlSend } from '../portal/use-gql';
import type { ManagedProperty } from '../../resources/properties/property.documents';
import { statusMenuItems, type StatusMenuItem } from './status-actions';
import { GENERIC_MESSAGES } from '../../resources/messages';

export type Action = Extract<StatusMenuItem, { kind: 'action' }>;

/** Runs a status action for this property: the request, its notice, and what the portal reloads after it. */
export function useRunStatusAction(property: ManagedProperty) {
  const send = useGqlSend();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { message } = App.useApp();
  return async (action: Action) => {
    try {
      await send(action.document, { id: property.id });
      message.success(`${property.name}: ${action.label.toLowerCase()} done.`);
      if (action.key === 'delete') navigate('/', { replace: true });
      await refreshGql(client, []);
      return true;
    } catch (e) {
      message.error(e instanceof GqlError ? e.message : GENERIC_MESSAGES.somethingWentWrong);
      return false;
    }
  };
}

/** The staff status menu (spec §4): each action asks for confirmation naming the property. */
export function StatusMenu({ property }: { property: ManagedProperty }) {
  const items = statusMenuItems(property);
  const navigate = useNavigate();
  const runAction = useRunStatusAction(property);
  const [pending, setPending] = useState<Action | null>(null);
  const [running, setRunning] = useState(false);
  if (!items.length) return null;

  async function run(action: Action) {
    setRunning(true);
    if (await runAction(action)) setPending(null);
    setRunning(false);
  }

  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: items.map((i) => ({ key: i.key, label: i.label, danger: i.kind === 'action' && i.danger })),
          onClick: ({ key }) => {
            const item = items.find((i) => i.key === key)!;
            if (item.kind === 'link') navigate(item.to);
            else setPending(item);
          },
        }}
      >
        <Button aria-label="Property status actions" className="status-menu__button">
          Status <DownOutlined />
        </Button>
      </Dropdown>
      <Modal
        open={Boolean(pending)}
        title={pending?.title}
        okText={running ? pending?.loading : pending?.label}
        okButtonProps={{ danger: pending?.danger, loading: running }}
        cancelButtonProps={{ disabled: running }}
        onOk={() => pending && run(pending)}
        onCancel={() => !running && setPending(null)}
      >
        <p>{pending?.message}</p>
      </Modal>
    </>
  );
}
