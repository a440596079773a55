import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, Input, Spin, Typography } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import {
  INVENTORY_PROVIDER_LABELS,
  INVENTORY_PROVIDERS,
  PROPERTY_STATUSES,
  STATUS_LABELS,
} from '../../../resources/domain';
import {
  FINDER_PAGE_SIZE,
  FINDER_SEARCH_MAX,
  FINDER_TEXTS,
  PROPERTY_SORT_LABELS,
  PROPERTY_SORTS,
  isFiltered,
  type FinderQuery,
} from '../../../resources/properties/property-finder';
import { StatusIcon } from '../../properties/status-icon';
import { WORKLIST, WORKLIST_TEXTS } from '../../../resources/properties/worklist';
import { NativeSelect } from '../../lib/native-select';
import './property-finder.css';
import type { StaffPropertiesQuery, ViewerPropertiesQuery } from '../../generated/graphql-types';
import { readinessLabel, stepsRemaining } from '../../../resources/domain';
import { formatDateTime, formatNumber } from '../../../resources/plural';

/** A row: staff's rows also carry the group, readiness and last change (issue 30). */
export type FoundProperty = ViewerPropertiesQuery['viewer']['properties']['nodes'][number] &
  Partial<
    Pick<StaffPropertiesQuery['viewer']['properties']['nodes'][number], 'groupName' | 'lastChange' | 'publishable'>
  >;
type Props = {
  query: FinderQuery;
  onChange: (query: FinderQuery) => void;
  nodes: FoundProperty[] | undefined;
  totalCount: number;
  loading: boolean;
  /** Status, provider and sort: for staff and anyone with more than a page of properties. */
  showFilters: boolean;
  /** What staff can do with the list as filtered (issue 30): export it, change statuses together. */
  actions?: ReactNode;
};

/** A labelled native select: light on the home page's bundle, and a phone shows its own picker. */
function Choice<T extends string>(props: {
  label: string;
  value: T | '';
  options: readonly { value: T | ''; label: string }[];
  onChange: (value: T | '') => void;
}) {
  const id = useId();
  return (
    <div className="finder__choice">
      <label htmlFor={id}>{props.label}</label>
      <NativeSelect<T | ''> id={id} value={props.value} options={props.options} onChange={props.onChange} />
    </div>
  );
}

/** A select's options from a list of values and their labels. */
const choices = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((value) => ({ value, label: labels[value] }));
const ANY_STATUS = { value: '' as const, label: FINDER_TEXTS.anyStatus };
const ANY_PROVIDER = { value: '' as const, label: FINDER_TEXTS.anyProvider };

/** Issue 17: the staff property finder, a search box, filters, a sort and pages over every property the user may open. */
export function PropertyFinder({ query, onChange, nodes, totalCount, loading, showFilters, actions }: Props) {
  const [text, setText] = useState(query.search);
  useEffect(() => setText(query.search), [query.search]);
  // Typing searches after a pause; Enter or the button searches at once.
  useEffect(() => {
    if (text.trim() === query.search.trim()) return;
    const timer = setTimeout(() => onChange({ ...query, search: text, page: 1 }), 300);
    return () => clearTimeout(timer);
  }, [text, query, onChange]);
  const set = (change: Partial<FinderQuery>) => onChange({ ...query, page: 1, ...change });
  const pages = Math.max(1, Math.ceil(totalCount / FINDER_PAGE_SIZE));
  const first = (query.page - 1) * FINDER_PAGE_SIZE + 1;
  let summary: ReactNode = null;
  if (nodes?.length)
    summary = `Showing ${formatNumber(first)}–${formatNumber(first + nodes.length - 1)} of ${formatNumber(totalCount)}`;
  return (
    <div className="finder">
      <div className="finder__controls">
        <Input.Search
          className="finder__search"
          placeholder={FINDER_TEXTS.search}
          aria-label={FINDER_TEXTS.search}
          allowClear
          maxLength={FINDER_SEARCH_MAX}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onSearch={(value) => set({ search: value })}
        />
        {showFilters && (
          <>
            <Choice
              label={FINDER_TEXTS.status}
              value={query.status ?? ''}
              options={[ANY_STATUS, ...choices(PROPERTY_STATUSES, STATUS_LABELS)]}
              onChange={(status) => set({ status: status || null })}
            />
            <Choice
              label={FINDER_TEXTS.provider}
              value={query.provider ?? ''}
              options={[ANY_PROVIDER, ...choices(INVENTORY_PROVIDERS, INVENTORY_PROVIDER_LABELS)]}
              onChange={(provider) => set({ provider: provider || null })}
            />
            <Choice
              label={FINDER_TEXTS.sort}
              value={query.sort}
              options={choices(PROPERTY_SORTS, PROPERTY_SORT_LABELS)}
              onChange={(sort) => sort && set({ sort })}
            />
          </>
        )}
      </div>
      <div className="finder__summary" aria-live="polite">
        {query.attention && <strong>{WORKLIST_TEXTS.filtered(WORKLIST[query.attention].label)} · </strong>}
        {summary && <span className="finder__count">{summary}</span>}
        {loading && <Spin size="small" className="finder__busy" />}
        {isFiltered(query) && (
          <Button
            type="link"
            size="small"
            onClick={() => onChange({ ...query, search: '', status: null, provider: null, attention: null, page: 1 })}
          >
            {FINDER_TEXTS.clear}
          </Button>
        )}
        {actions && nodes?.length ? <span className="finder__actions">{actions}</span> : null}
      </div>
      {nodes?.length ? (
        <ul className="plain-list finder__list" aria-busy={loading}>
          {nodes.map((p) => (
            <li key={p.id} className="plain-list__meta">
              <StatusIcon status={p.status} />
              <div className="finder__row">
                <div className="plain-list__title">
                  <Link to={`/properties/${p.id}`}>{p.name}</Link>
                  <span className="finder__id">ID {p.id}</span>
                </div>
                <div className="plain-list__description">
                  {[
                    STATUS_LABELS[p.status],
                    p.suburb,
                    p.inventoryProvider && INVENTORY_PROVIDER_LABELS[p.inventoryProvider],
                    p.groupName,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </div>
                {(p.publishable || p.lastChange) && (
                  <div className="plain-list__description finder__staff">
                    {p.publishable && (p.status === 'ONBOARDING' || p.status === 'UNPUBLISHED') && (
                      <span className={stepsRemaining(p.publishable) ? 'finder__steps' : 'finder__ready'}>
                        {readinessLabel(p.publishable)}
                      </span>
                    )}
                    {p.lastChange && (
                      <span>
                        Changed {formatDateTime(p.lastChange.at)}
                        {p.lastChange.actor ? ` by ${p.lastChange.actor}` : ''}
                      </span>
                    )}
                  </div>
                )}
              </div>
            </li>
          ))}
        </ul>
      ) : loading ? null : (
        <Typography.Paragraph type="secondary">
          {isFiltered(query) ? FINDER_TEXTS.noMatch : FINDER_TEXTS.noneYet}
          {query.search.trim() && (
            <>
              <br />
              {FINDER_TEXTS.searched(query.search.trim())}
            </>
          )}
        </Typography.Paragraph>
      )}
      {pages > 1 && (
        <nav className="finder__pager" aria-label="Pages">
          <Button
            icon={<LeftOutlined />}
            disabled={query.page <= 1}
            onClick={() => onChange({ ...query, page: query.page - 1 })}
          >
            {FINDER_TEXTS.previous}
          </Button>
          <span>
            Page {formatNumber(Math.min(query.page, pages))} of {formatNumber(pages)}
          </span>
          <Button
            icon={<RightOutlined />}
            iconPosition="end"
            disabled={query.page >= pages}
            onClick={() => onChange({ ...query, page: query.page + 1 })}
          >
            {FINDER_TEXTS.next}
          </Button>
        </nav>
      )}
    </div>
  );
}
