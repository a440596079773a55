import type { ReactNode } from 'react';
import { Alert, Spin, Typography } from 'antd';
import { ArrowRightOutlined } from '@ant-design/icons';
import { useGql } from '../portal/use-gql';
import type { TrailBatchCellsQuery } from '../generated/graphql-types';
import { TRAIL_DOCS } from '../../resources/trails/trail.documents';
import { fieldLabel, valueText, type TrailRecord } from './trail-values';

type Change = { key: string; cells: ReactNode[]; before: unknown; after: unknown };

/** One table of changes: the columns that name what changed, then before → after. */
function ChangesTable({ caption, heads, rows }: { caption: string; heads: string[]; rows: Change[] }) {
  return (
    <table className="trail-changes">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {heads.map((h) => (
            <th key={h} scope="col">
              {h}
            </th>
          ))}
          <th scope="col">Before</th>
          <th scope="col" aria-label="to" />
          <th scope="col">After</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key}>
            {r.cells.map((c, i) =>
              i === 0 ? (
                <th key="0" scope="row">
                  {c}
                </th>
              ) : (
                <td key={String(i)}>{c}</td>
              ),
            )}
            <td className="trail-before">{valueText(r.before)}</td>
            <td aria-hidden>
              <ArrowRightOutlined />
            </td>
            <td className="trail-after">{valueText(r.after)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A trail row opened: each field before → after, or a rates batch's cells. */
export function TrailDetails({ propertyId, record }: { propertyId: number; record: TrailRecord }) {
  if (record.batch) return <BatchCells propertyId={propertyId} batchId={record.batch.id} />;
  if (!record.changes.length) return <Typography.Text type="secondary">No field changed.</Typography.Text>;
  return (
    <ChangesTable
      caption={`Changes to ${record.label}`}
      heads={['Field']}
      rows={record.changes.map((c) => ({
        key: c.field,
        cells: [fieldLabel(c.field)],
        before: c.before,
        after: c.after,
      }))}
    />
  );
}

function BatchCells({ propertyId, batchId }: { propertyId: number; batchId: string }) {
  const { data, isLoading, error } = useGql<TrailBatchCellsQuery>(['trail-batch', batchId], TRAIL_DOCS.batchCells, {
    propertyId,
    batchId,
  });
  if (isLoading) return <Spin size="small" />;
  if (error) return <Alert type="error" showIcon message={error.message} />;
  return (
    <ChangesTable
      caption="Cells of this batch"
      heads={['Date', 'Rate plan', 'Field']}
      rows={(data?.trailBatchCells ?? []).map((c) => ({
        key: `${c.date}:${c.ratePlanName}:${c.field}`,
        cells: [c.date, c.ratePlanName, fieldLabel(c.field)],
        before: c.before,
        after: c.after,
      }))}
    />
  );
}
