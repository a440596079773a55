import { Alert, Spin, Typography } from 'antd';
import { ArrowRightOutlined } from '@ant-design/icons';
import { useGql } from '../portal/use-gql';
import type { TrailBatchCellsQuery } from '../generated/graphql-types';
import { TRAIL_DOCS } from '../../resources/trails/trail.documents';
import { fieldLabel, valueText, type TrailRecord } from './trail-values';

/** A trail row opened: each field before → after, or a rates batch's cells. */
export function TrailDetails({ propertyId, record }: { propertyId: number; record: TrailRecord }) {
  if (record.batch) return <BatchCells propertyId={propertyId} batchId={record.batch.id} />;
  if (!record.changes.length) return <Typography.Text type="secondary">No field changed.</Typography.Text>;
  return (
    <table className="trail-changes">
      <caption className="visually-hidden">Changes to {record.label}</caption>
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Before</th>
          <th scope="col" aria-label="to" />
          <th scope="col">After</th>
        </tr>
      </thead>
      <tbody>
        {record.changes.map((c) => (
          <tr key={c.field}>
            <th scope="row">{fieldLabel(c.field)}</th>
            <td className="trail-before">{valueText(c.before)}</td>
            <td aria-hidden>
              <ArrowRightOutlined />
            </td>
            <td className="trail-after">{valueText(c.after)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function BatchCells({ propertyId, batchId }: { propertyId: number; batchId: string }) {
  const { data, isLoading, error } = useGql<TrailBatchCellsQuery>(['trail-batch', batchId], TRAIL_DOCS.batchCells, {
    propertyId,
    batchId,
  });
  if (isLoading) return <Spin size="small" />;
  if (error) return <Alert type="error" showIcon message={error.message} />;
  const cells = data?.trailBatchCells ?? [];
  return (
    <table className="trail-changes">
      <caption className="visually-hidden">Cells of this batch</caption>
      <thead>
        <tr>
          <th scope="col">Date</th>
          <th scope="col">Rate plan</th>
          <th scope="col">Field</th>
          <th scope="col">Before</th>
          <th scope="col" aria-label="to" />
          <th scope="col">After</th>
        </tr>
      </thead>
      <tbody>
        {cells.map((c) => (
          <tr key={`${c.date}:${c.ratePlanName}:${c.field}`}>
            <td>{c.date}</td>
            <td>{c.ratePlanName}</td>
            <td>{fieldLabel(c.field)}</td>
            <td className="trail-before">{valueText(c.before)}</td>
            <td aria-hidden>
              <ArrowRightOutlined />
            </td>
            <td className="trail-after">{valueText(c.after)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
