import { Link } from 'react-router';
import { Typography } from 'antd';
import { Panel } from '../../layouts/panel';
import { useGql } from '../../portal/use-gql';
import { SUPPORT_DOCS } from '../../../resources/users/support.documents';
import { WORKLIST, WORKLIST_TEXTS } from '../../../resources/properties/worklist';
import { countOf } from '../../../resources/plural';
import type { StaffWorklistQuery } from '../../generated/graphql-types';

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
