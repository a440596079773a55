import { useState } from 'react';
import { App, Button, Spin, Typography } from 'antd';
import { DropdownOnDemand } from '../../lib/dropdown-on-demand';
import { DownOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { BULK_STATUS_ACTIONS, type BulkStatusAction } from '../../../resources/domain';
import { BULK_STATUS_LABELS, STATUS_TEXTS } from '../../../resources/properties/status-texts';
import { PROPERTY_DOCS } from '../../../resources/properties/property.documents';
import { finderVariables, type FinderQuery } from '../../../resources/properties/property-finder';
import { refreshGql, useGql, useGqlSend } from '../../portal/use-gql';
import { GqlError } from '../../../providers/graphql-errors';
import { GENERIC_MESSAGES } from '../../../resources/messages';
import { ReasonModal } from '../../forms/reason-modal';
import type { BulkStatusChangeMutation, BulkStatusPreviewQuery } from '../../generated/graphql-types';

/** The finder's filter as the preview takes it: the whole filtered list, not the page on screen. */
const filterOf = (query: FinderQuery) => {
  const { search, statuses, provider, attention } = finderVariables(query) as ReturnType<typeof finderVariables> & {
    attention?: string;
  };
  return { search, statuses, provider, attention: attention ?? null };
};

/**
 * Staff change the status of a filtered list at once (issue 30): the preview lists which properties
 * would change and which would be left as they are and why; one reason goes with every record.
 */
export function BulkStatus({ query }: { query: FinderQuery }) {
  const [action, setAction] = useState<BulkStatusAction | null>(null);
  return (
    <>
      <DropdownOnDemand
        menu={{
          items: BULK_STATUS_ACTIONS.map((key) => ({ key, label: BULK_STATUS_LABELS[key] })),
          onClick: ({ key }) => setAction(key as BulkStatusAction),
        }}
      >
        <Button size="small" icon={<DownOutlined />} iconPosition="end">
          {STATUS_TEXTS.bulkButton}
        </Button>
      </DropdownOnDemand>
      {action && <BulkStatusDialog action={action} query={query} onClose={() => setAction(null)} />}
    </>
  );
}

function BulkStatusDialog({
  action,
  query,
  onClose,
}: {
  action: BulkStatusAction;
  query: FinderQuery;
  onClose: () => void;
}) {
  const label = BULK_STATUS_LABELS[action];
  const variables = { action, ...filterOf(query) };
  const preview = useGql<BulkStatusPreviewQuery>(
    ['bulk-status', variables],
    PROPERTY_DOCS.bulkStatusPreview,
    variables,
  );
  const send = useGqlSend();
  const client = useQueryClient();
  const { message } = App.useApp();
  const [running, setRunning] = useState(false);
  const items = preview.data?.bulkStatusPreview ?? [];
  const allowed = items.filter((i) => !i.refusal);
  const refused = items.filter((i) => i.refusal);
  async function apply(reason: string) {
    setRunning(true);
    try {
      const { bulkStatusChange: result } = await send<BulkStatusChangeMutation>(PROPERTY_DOCS.bulkStatusChange, {
        action,
        ids: allowed.map((i) => i.id),
        reason,
      });
      message.success(STATUS_TEXTS.bulkDone(label, result.done.length));
      if (result.refused.length)
        message.warning(
          `${STATUS_TEXTS.bulkSkipped(result.refused.length)} ${result.refused.map((r) => `${r.name}: ${r.refusal}`).join(' ')}`,
        );
      await refreshGql(client, []);
      onClose();
    } catch (e) {
      message.error(e instanceof GqlError ? e.message : GENERIC_MESSAGES.somethingWentWrong);
    } finally {
      setRunning(false);
    }
  }
  return (
    <ReasonModal
      title={STATUS_TEXTS.bulkTitle(label)}
      okText={STATUS_TEXTS.bulkWill(label, allowed.length)}
      pending={running}
      okDisabled={preview.isLoading || !allowed.length}
      onOk={apply}
      onCancel={() => !running && onClose()}
    >
      {preview.isLoading && <Spin />}
      {preview.error && (
        <Typography.Paragraph type="danger" role="alert">
          {preview.error.message}
        </Typography.Paragraph>
      )}
      {preview.data && (
        <div className="bulk-status" data-testid="bulk-status-preview">
          {allowed.length ? (
            <>
              <Typography.Paragraph strong>{STATUS_TEXTS.bulkWill(label, allowed.length)}:</Typography.Paragraph>
              <ul className="bulk-status__list">
                {allowed.map((i) => (
                  <li key={i.id}>
                    {i.name} <span className="finder__id">ID {i.id}</span>
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <Typography.Paragraph>{STATUS_TEXTS.bulkNone}</Typography.Paragraph>
          )}
          {refused.length > 0 && (
            <>
              <Typography.Paragraph strong>{STATUS_TEXTS.bulkRefused(refused.length)}</Typography.Paragraph>
              <ul className="bulk-status__list" aria-label="Left as they are">
                {refused.map((i) => (
                  <li key={i.id}>
                    {i.name} <span className="finder__id">ID {i.id}</span>: {i.refusal}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </ReasonModal>
  );
}
