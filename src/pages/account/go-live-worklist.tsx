import { Link } from 'react-router';
import { formatDateTime } from '../../../resources/plural';
import { Panel } from '../../layouts/panel';
import { useGql } from '../../portal/use-gql';
import { GO_LIVE_DOCS } from '../../../resources/properties/go-live.documents';
import type { GoLiveRequestsQuery } from '../../generated/graphql-types';

/** Staff's worklist on their home: the properties waiting to go live, oldest first; nothing when none wait. */
export function GoLiveWorklist() {
  const { data } = useGql<GoLiveRequestsQuery>(['go-live-requests'], GO_LIVE_DOCS.goLiveRequests);
  const waiting = data?.goLiveRequests ?? [];
  if (!waiting.length) return null;
  return (
    <div style={{ marginBottom: 16 }}>
      <Panel title={`Waiting to go live (${waiting.length})`}>
        <ul className="plain-list" aria-label="Waiting to go live">
          {waiting.map((r) => (
            <li key={`${r.propertyId}-${r.id}`}>
              <Link to={`/properties/${r.propertyId}`} style={{ textDecoration: 'underline' }}>
                {r.propertyName}
              </Link>{' '}
              — asked {formatDateTime(r.requestedAt)}
              {r.requestedBy ? ` by ${r.requestedBy}` : ''}
            </li>
          ))}
        </ul>
      </Panel>
    </div>
  );
}
