import { useState } from 'react';
import { App, Button, Modal, Typography } from 'antd';
import { RollbackOutlined, UndoOutlined } from '@ant-design/icons';
import { useGqlSend } from '../portal/use-gql';
import { PopconfirmOnDemand } from '../lib/popconfirm-on-demand';
import type { GqlError } from '../../providers/graphql-errors';
import { TRAIL_DOCS } from '../../resources/trails/trail.documents';
import { TRAIL_MESSAGES } from '../../resources/trails/trail-rules';
import { RATES_DOCS } from '../../resources/rates-inventory/rates-inventory.documents';
import { fieldLabel, valueText, type TrailRecord } from './trail-values';
import { countOf } from '../../resources/plural';

type Stale = { message: string; now: { field: string; value: unknown; was: unknown }[] };

/**
 * A trail row's way back: Revert for a record's change (through the record's own save; STALE shows
 * what the record holds now), Undo batch for a rates save or bulk update (the grid's own undo).
 */
export function RevertAction({
  propertyId,
  record,
  onDone,
}: {
  propertyId: number;
  record: TrailRecord;
  onDone: () => void;
}) {
  const { message, modal } = App.useApp();
  const send = useGqlSend();
  const [busy, setBusy] = useState(false);
  const [stale, setStale] = useState<Stale | null>(null);
  const batch = record.batch;
  // A batch offers its own undo; any other change, Revert where the server says it can put it back.
  if (batch ? batch.undone || record.action === 'rates.undo' : !record.revertable || record.revertsId) return null;

  async function revert(confirm = false) {
    setBusy(true);
    try {
      if (batch) await send(RATES_DOCS.undo, { propertyId, roomTypeId: batch.roomTypeId, batchId: batch.id });
      else await send(TRAIL_DOCS.revert, { propertyId, historyId: record.id, confirm });
      message.success(batch ? 'Batch undone.' : TRAIL_MESSAGES.reverted);
      onDone();
    } catch (e) {
      const error = e as GqlError;
      if (error.code === 'STALE') {
        const values = ((error.extensions.current as { values?: Record<string, unknown> })?.values ?? {}) as Record<
          string,
          unknown
        >;
        setStale({
          message: error.message,
          now: record.changes.map((c) => ({ field: c.field, value: values[c.field], was: c.after })),
        });
      } else if (error.code === 'REFUSED' && error.extensions.confirm === true && !confirm)
        modal.confirm({
          title: error.message,
          okText: 'Revert anyway',
          onOk: () => revert(true),
        });
      else message.error(error.message);
    } finally {
      setBusy(false);
    }
  }

  const what = batch ? 'Undo batch' : 'Revert';
  const question = batch
    ? `Put back the ${countOf(batch.cellCount, 'cell', 'cells')} this batch changed?`
    : record.action.endsWith('.create')
      ? `${TRAIL_MESSAGES.revertConfirm} ${TRAIL_MESSAGES.createdRevert}`
      : record.action.endsWith('.delete')
        ? `${TRAIL_MESSAGES.revertConfirm} ${TRAIL_MESSAGES.deletedRevert}`
        : TRAIL_MESSAGES.revertConfirm;
  return (
    <>
      <PopconfirmOnDemand title={question} okText={what} onConfirm={() => revert()}>
        <Button size="small" icon={batch ? <UndoOutlined /> : <RollbackOutlined />} loading={busy}>
          {what}
          <span className="visually-hidden">: {record.label}</span>
        </Button>
      </PopconfirmOnDemand>
      <Modal
        open={stale !== null}
        title="Not reverted"
        onCancel={() => setStale(null)}
        onOk={() => {
          setStale(null);
          onDone();
        }}
        okText="Show the latest"
        cancelText="Close"
      >
        <Typography.Paragraph>{stale?.message}</Typography.Paragraph>
        <table className="trail-changes">
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">This change set</th>
              <th scope="col">Now</th>
            </tr>
          </thead>
          <tbody>
            {stale?.now.map((n) => (
              <tr key={n.field}>
                <th scope="row">{fieldLabel(n.field)}</th>
                <td>{valueText(n.was)}</td>
                <td>{valueText(n.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Modal>
    </>
  );
}
