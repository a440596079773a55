import { useState } from 'react';
import { App, Button, Input, Spin } from 'antd';
import { DropdownOnDemand } from '../lib/dropdown-on-demand';
import { DownOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { GqlError } from '../../providers/graphql-errors';
import { refreshGql, useGql, useGqlSend } from '../portal/use-gql';
import { PROPERTY_DOCS, type ManagedProperty } from '../../resources/properties/property.documents';
import { statusMenuItems, type StatusMenuItem } from './status-actions';
import { GENERIC_MESSAGES } from '../../resources/messages';
import { STATUS_LABELS } from '../../resources/domain';
import { STATUS_TEXTS } from '../../resources/properties/status-texts';
import type { PropertyDeletionQuery } from '../generated/graphql-types';
import { ReasonModal } from '../forms/reason-modal';

export type Action = Extract<StatusMenuItem, { kind: 'action' }>;
type Extra = { reason?: string; confirmName?: string };

/** Runs a status action for this property: the request, its notice, and what the portal reloads after it. */
export function useRunStatusAction(property: Pick<ManagedProperty, 'id' | 'name'>) {
  const send = useGqlSend();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { message } = App.useApp();
  return async (action: Action, extra: Extra = {}) => {
    try {
      await send(action.document, { id: property.id, ...extra });
      message.success(`${property.name}: ${action.label.toLowerCase()} done.`);
      // A hard delete leaves nothing to show; a delete that archived stays on the property's page.
      if (action.key === 'delete' && extra.confirmName) navigate('/', { replace: true });
      await refreshGql(client, []);
      return true;
    } catch (e) {
      message.error(e instanceof GqlError ? e.message : GENERIC_MESSAGES.somethingWentWrong);
      return false;
    }
  };
}

/**
 * A status action's confirmation (spec §4: title, a message naming the property, a loading text),
 * with issue 30's reason kept in the history; Delete says whether it archives or removes for good,
 * and a removal waits for the property's name to be typed.
 */
export function StatusActionModal(props: { property: ManagedProperty; action: Action; onClose: () => void }) {
  const { property, action } = props;
  const runAction = useRunStatusAction(property);
  const [running, setRunning] = useState(false);
  const [name, setName] = useState('');
  const needsFacts = action.key === 'delete' || action.key === 'restore';
  const facts = useGql<PropertyDeletionQuery>(
    ['property-deletion', property.id],
    PROPERTY_DOCS.propertyDeletion,
    { id: property.id },
    needsFacts,
  );
  const deletion = facts.data?.viewer.property;
  const hard = action.key === 'delete' && deletion?.hardDeletable === true;
  let text: string = action.message;
  if (action.key === 'delete' && deletion && !hard) text = STATUS_TEXTS.deleteArchives(property.name);
  if (action.key === 'restore')
    text = STATUS_TEXTS.restoreMessage(property.name, STATUS_LABELS[deletion?.archivedFrom ?? 'UNPUBLISHED']);
  const nameTyped = name.trim() === property.name.trim();
  return (
    <ReasonModal
      title={action.title}
      okText={running ? action.loading : action.label}
      danger={action.danger}
      pending={running}
      okDisabled={(needsFacts && !deletion) || (hard && !nameTyped)}
      onCancel={() => !running && props.onClose()}
      onOk={async (reason) => {
        setRunning(true);
        const done = await runAction(action, { reason, ...(hard ? { confirmName: name } : {}) });
        setRunning(false);
        if (done) props.onClose();
      }}
    >
      {facts.error ? (
        <p role="alert">{facts.error.message}</p>
      ) : needsFacts && !deletion ? (
        <Spin size="small" />
      ) : (
        <p>{text}</p>
      )}
      {hard && (
        <p>
          <label htmlFor="confirm-property-name">{STATUS_TEXTS.typeName(property.name)}</label>
          <Input
            id="confirm-property-name"
            aria-label={STATUS_TEXTS.typeNameLabel}
            autoComplete="off"
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </p>
      )}
    </ReasonModal>
  );
}

/** The staff status menu (spec §4): each action asks for confirmation naming the property. */
export function StatusMenu({ property }: { property: ManagedProperty }) {
  const items = statusMenuItems(property);
  const navigate = useNavigate();
  const [pending, setPending] = useState<Action | null>(null);
  if (!items.length) return null;
  return (
    <>
      <DropdownOnDemand
        menu={{
          items: items.map((i) => ({ key: i.key, label: i.label, danger: i.kind === 'action' && i.danger })),
          onClick: ({ key }) => {
            const item = items.find((i) => i.key === key)!;
            if (item.kind === 'link') navigate(item.to);
            else setPending(item);
          },
        }}
      >
        <Button
          aria-label="Property status actions"
          className="status-menu__button"
          icon={<DownOutlined />}
          iconPosition="end"
        >
          Status
        </Button>
      </DropdownOnDemand>
      {pending && <StatusActionModal property={property} action={pending} onClose={() => setPending(null)} />}
    </>
  );
}
