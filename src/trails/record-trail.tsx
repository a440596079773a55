import { Card, Timeline, Typography } from 'antd';
import { Link } from 'react-router';
import { useLogList } from '@refinedev/core';
import { useAbility } from '../access/ability';
import { dateTime } from '../reservations/reservation-format';
import type { GqlError } from '../../providers/graphql-errors';
import type { TrailPage } from './trail-values';

const LATEST = 5;

/**
 * A record's own trail on its page (staff): its latest changes, read through Refine's audit log
 * like Trails, and a link to all of them there.
 */
export function RecordTrail({
  propertyId,
  subjectType,
  subjectId,
}: {
  propertyId: number;
  subjectType: string;
  subjectId: string | number | null | undefined;
}) {
  const ability = useAbility();
  const allowed = ability.can('access', 'Trails') && subjectId != null;
  const filter = { subjectType, subjectId: String(subjectId) };
  const { data } = useLogList<TrailPage, GqlError>({
    resource: 'trails',
    meta: { propertyId, filter, limit: LATEST, offset: 0 },
    queryOptions: { enabled: allowed },
  });
  if (!allowed || !data) return null;
  const page = data as TrailPage;
  const all = `/properties/${propertyId}/trails?${new URLSearchParams(filter)}`;
  return (
    <Card size="small" title="History" className="record-trail" style={{ marginTop: 16 }}>
      {page.nodes.length ? (
        <Timeline
          items={page.nodes.map((n) => ({
            key: n.id,
            children: (
              <>
                <time dateTime={n.at}>{dateTime(n.at)}</time> · {n.actor.name}
                <Typography.Text type="secondary">
                  {' '}
                  · {n.changes.length ? n.changes.map((c) => c.field).join(', ') : n.action}
                </Typography.Text>
              </>
            ),
          }))}
        />
      ) : (
        <Typography.Text type="secondary">No changes recorded yet.</Typography.Text>
      )}
      <Link to={all} style={{ textDecoration: 'underline' }}>
        {page.totalCount > LATEST ? `All ${page.totalCount} changes in Trails` : 'Open in Trails'}
      </Link>
    </Card>
  );
}
