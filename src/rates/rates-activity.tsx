import { formatDateTime } from '../../resources/plural';
import { useState } from 'react';
import { useOpenedOnce } from '../lib/opened-once';
import { Alert, Button, Drawer, List, Space, Tag, Typography } from 'antd';
import { GqlError } from '../../providers/graphql-errors';
import { useGqlSend, useGql } from '../portal/use-gql';
import { RATES_DOCS } from '../../resources/rates-inventory/rates-inventory.documents';
import { CELL_LABELS, type CellField } from '../../resources/rates-inventory/rates-inventory.schema';
import { changeSummary, storedCellText } from '../../resources/rates-inventory/batch-summary';
import { countOf } from '../../resources/plural';
import type { RatesBatchesQuery, RatesCellHistoryQuery } from '../generated/graphql-types';

type Change = RatesCellHistoryQuery['ratesCellHistory'][number];
type Batch = RatesBatchesQuery['ratesBatches'][number];
type Touched = { ratePlanName: string; date: string; field: CellField };
const when = (iso: string) => formatDateTime(iso);
const SOURCE: Record<string, string> = { grid: 'Calendar', bulk: 'Bulk update', undo: 'Undo', link: 'Rate plan link' };

/** A cell's history: who, when, before → after, and where the change came from. */
export function CellHistory({
  propertyId,
  roomTypeId,
  cell,
  onClose,
}: {
  propertyId: number;
  roomTypeId: string;
  cell: { ratePlanId: string | null; date: string; field: CellField; label: string } | null;
  onClose: () => void;
}) {
  const { data, isLoading } = useGql<{ ratesCellHistory: Change[] }>(
    ['rates-history', roomTypeId, cell],
    RATES_DOCS.history,
    { propertyId, roomTypeId, ratePlanId: cell?.ratePlanId ?? null, date: cell?.date, field: cell?.field },
    Boolean(cell),
  );
  // Mounted on its first open (src/lib/opened-once.ts), kept for its closing motion.
  const opened = useOpenedOnce(Boolean(cell));
  if (!opened) return null;
  return (
    <Drawer
      open={Boolean(cell)}
      onClose={onClose}
      title={cell ? `History: ${cell.label}, ${cell.date}` : ''}
      width={420}
    >
      <List
        loading={isLoading}
        dataSource={data?.ratesCellHistory ?? []}
        locale={{ emptyText: 'No changes yet.' }}
        renderItem={(c) => (
          <List.Item>
            <List.Item.Meta
              title={`${storedCellText(c.field, c.before)} → ${storedCellText(c.field, c.after)}`}
              description={`${c.userName ?? 'Someone'}, ${when(c.changedAt)}`}
            />
            <Tag>{SOURCE[c.source]}</Tag>
          </List.Item>
        )}
      />
    </Drawer>
  );
}

/** The room type's latest saves and bulk updates, each undoable as one step unless later changes touched its cells. */
export function RecentUpdates({
  propertyId,
  roomTypeId,
  open,
  onClose,
  canEdit,
  onUndone,
}: {
  propertyId: number;
  roomTypeId: string;
  open: boolean;
  onClose: () => void;
  canEdit: boolean;
  onUndone: () => void;
}) {
  const send = useGqlSend();
  const { data, refetch, isLoading } = useGql<{ ratesBatches: Batch[] }>(
    ['rates-batches', roomTypeId],
    RATES_DOCS.batches,
    { propertyId, roomTypeId },
    open,
  );
  const [refused, setRefused] = useState<{ message: string; cells: Touched[] } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  // Mounted on its first open (src/lib/opened-once.ts), kept for its closing motion.
  const opened = useOpenedOnce(open);
  async function undo(batchId: string) {
    setBusy(batchId);
    setRefused(null);
    try {
      await send(RATES_DOCS.undo, { propertyId, roomTypeId, batchId });
      onUndone();
      await refetch();
    } catch (e) {
      setRefused({
        message: e instanceof Error ? e.message : String(e),
        cells: (e instanceof GqlError ? (e.extensions.cells as Touched[]) : null) ?? [],
      });
    } finally {
      setBusy(null);
    }
  }
  if (!opened) return null;
  return (
    <Drawer open={open} onClose={onClose} title="Recent updates" width={480}>
      {refused && (
        <Alert
          type="error"
          showIcon
          role="alert"
          style={{ marginBottom: 12 }}
          message={refused.message}
          description={
            <ul>
              {refused.cells.map((c) => (
                <li key={`${c.ratePlanName}${c.date}${c.field}`}>
                  {c.ratePlanName}, {c.date}, {CELL_LABELS[c.field]}
                </li>
              ))}
            </ul>
          }
        />
      )}
      <List
        loading={isLoading}
        dataSource={data?.ratesBatches ?? []}
        locale={{ emptyText: 'No updates yet.' }}
        renderItem={(b) => (
          <List.Item
            actions={
              canEdit && !b.undone && b.source !== 'undo'
                ? [
                    <Button key="undo" size="small" loading={busy === b.id} onClick={() => undo(b.id)}>
                      Undo
                    </Button>,
                  ]
                : []
            }
          >
            <List.Item.Meta
              title={
                <Space>
                  {SOURCE[b.source]}
                  <Typography.Text type="secondary">{b.cellCount} cells</Typography.Text>
                  {b.undone && <Tag>Undone</Tag>}
                </Space>
              }
              description={
                <>
                  <ul
                    style={{
                      margin: '0 0 4px',
                      paddingInlineStart: 0,
                      listStyle: 'none',
                      color: 'rgba(0, 0, 0, 0.88)',
                    }}
                  >
                    {b.changes.map((c) => (
                      <li key={c.field}>{changeSummary(c)}</li>
                    ))}
                    {b.roomTypes > 1 && (
                      <li>
                        {`And ${countOf(b.roomTypes - 1, 'other room type', 'other room types')}, undone together`}
                      </li>
                    )}
                  </ul>
                  {`${b.userName ?? 'Someone'}, ${when(b.createdAt)}`}
                </>
              }
            />
          </List.Item>
        )}
      />
    </Drawer>
  );
}
