import { Link } from 'react-router';
import { formatDateTime } from '../../../resources/plural';
import { Panel } from '../../layouts/panel';
import { useGql } from '../../portal/use-gql';
import { GO_LIVE_DOCS } from '../../../resources/properties/go-live.documents';
import { NAME_CHANGE_DOCS } from '../../../resources/properties/name-change.documents';
import type { GoLiveRequestsQuery, NameChangeRequestsQuery } from '../../generated/graphql-types';

type Waiting = {
  id: number;
  propertyId: number;
  propertyName?: string | null;
  requestedAt: string;
  requestedBy?: string | null;
  /** A name change's new name. */
  proposedName?: string;
};

/** One worklist on staff's home: the open requests, oldest first, each linking where it is answered; nothing when none wait. */
function Worklist({ title, waiting, page }: { title: string; waiting: Waiting[]; page: string }) {
  if (!waiting.length) return null;
  return (
    <div style={{ marginBottom: 16 }}>
      <Panel title={`${title} (${waiting.length})`}>
        <ul className="plain-list" aria-label={title}>
          {waiting.map((r) => (
            <li key={`${r.propertyId}-${r.id}`}>
              <Link to={`/properties/${r.propertyId}${page}`} style={{ textDecoration: 'underline' }}>
                {r.propertyName}
              </Link>
              {r.proposedName ? ` → “${r.proposedName}”` : ''} — asked {formatDateTime(r.requestedAt)}
              {r.requestedBy ? ` by ${r.requestedBy}` : ''}
            </li>
          ))}
        </ul>
      </Panel>
    </div>
  );
}

/** Staff's worklists (issue 25): properties waiting to go live, and names waiting to change. */
export function RequestWorklists() {
  const goLive = useGql<GoLiveRequestsQuery>(['go-live-requests'], GO_LIVE_DOCS.goLiveRequests).data;
  const names = useGql<NameChangeRequestsQuery>(['name-change-requests'], NAME_CHANGE_DOCS.nameChangeRequests).data;
  return (
    <>
      <Worklist title="Waiting to go live" waiting={goLive?.goLiveRequests ?? []} page="" />
      <Worklist title="Names waiting to change" waiting={names?.nameChangeRequests ?? []} page="/details/overview" />
    </>
  );
}
