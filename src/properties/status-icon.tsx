import { CheckCircleFilled, MinusCircleFilled, PauseCircleFilled } from '@ant-design/icons';
import { STATUS_LABELS, type PropertyStatus } from '../../resources/domain';

/** Spec §4: green for Published, grey for Archived, a red pause otherwise. */
export function StatusIcon({ status }: { status: PropertyStatus }) {
  const label = STATUS_LABELS[status];
  if (status === 'PUBLISHED') return <CheckCircleFilled style={{ color: '#389e0d' }} aria-label={label} />;
  if (status === 'ARCHIVED') return <MinusCircleFilled style={{ color: '#8c8c8c' }} aria-label={label} />;
  return <PauseCircleFilled style={{ color: '#cf1322' }} aria-label={label} />;
}
