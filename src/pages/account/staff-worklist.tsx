import { Link, useLocation } from 'react-router';
import { Typography } from 'antd';
import { Panel } from '../../layouts/panel';
import { useGql } from '../../portal/use-gql';
import { SUPPORT_DOCS } from '../../../resources/users/support.documents';
import { WORKLIST, WORKLIST_TEXTS } from '../../../resources/properties/worklist';
import { countOf } from '../../../resources/plural';
import type { StaffWorklistQuery, StuckSuppliersQuery } from '../../generated/graphql-types';
import { supportPath } from '../../../resources/users/support';

/**
 * Issue 30: staff's home starts with what needs them: each condition's count links to the finder
 * filtered to the properties it holds for (in the address, so it can be shared and gone back to).
 */
export function StaffWorklist() {
  const { data } = useGql<StaffWorklistQuery>(['staff-worklist'], SUPPORT_DOCS.worklist);
  if (!data) return null;
  const rows = data.staffWorklist;
  const open = rows.filter((r) => r.count > 0);
  return (
    <div style={{ marginBottom: 16 }}>
      <Panel title={WORKLIST_TEXTS.title}>
        {open.length === 0 ? (
          <Typography.Paragraph type="secondary">{WORKLIST_TEXTS.allClear}</Typography.Paragraph>
        ) : (
          <ul className="plain-list" aria-label={WORKLIST_TEXTS.title}>
            {open.map((r) => {
              const w = WORKLIST[r.key];
              const things = countOf(r.count, w.unit[0], w.unit[1]);
              return (
                <li key={r.key}>
                  <Link to={`/?attention=${r.key}`}>{w.label}</Link>
                  <span className="plain-list__description">
                    {' '}
                    · {things}
                    {w.unit[0] !== 'property' ? ` at ${WORKLIST_TEXTS.properties(r.properties)}` : ''}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </Panel>
    </div>
  );
}

/**
 * The people behind "Suppliers locked out or unverified" (issue 30): each opens their support page,
 * where staff unlock them or resend what they need. Shown with the finder filtered to their properties.
 */
export function StuckSuppliers() {
  const location = useLocation();
  const { data } = useGql<StuckSuppliersQuery>(['stuck-suppliers'], SUPPORT_DOCS.stuckSuppliers);
  if (!data?.stuckSuppliers.length) return null;
  const from = `${location.pathname}${location.search}`;
  return (
    <div style={{ marginBottom: 16 }}>
      <Panel title={WORKLIST_TEXTS.stuckTitle}>
        <ul className="plain-list" aria-label={WORKLIST_TEXTS.stuckTitle}>
          {data.stuckSuppliers.map((u) => (
            <li key={u.id}>
              <Link to={supportPath(u.id)} state={{ from }}>
                {u.email}
              </Link>
              <span className="plain-list__description">
                {' '}
                ·{' '}
                {[u.locked && WORKLIST_TEXTS.locked, !u.verified && WORKLIST_TEXTS.unverified]
                  .filter(Boolean)
                  .join(', ')}
              </span>
            </li>
          ))}
        </ul>
        <Typography.Text type="secondary">{WORKLIST_TEXTS.stuckHint}</Typography.Text>
      </Panel>
    </div>
  );
}
