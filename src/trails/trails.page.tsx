import { useMemo } from 'react';
import { Alert, Button, DatePicker, Select, Table, Tag, Typography } from 'antd';
import type { TableProps } from 'antd';
import { keepPreviousData } from '@tanstack/react-query';
import { useLogList } from '@refinedev/core';
import dayjs from 'dayjs';
import { useOutletContext, useSearchParams } from 'react-router';
import { BackLink, backToProperty } from '../layouts/back-link';
import type { PropertyOutletContext } from '../layouts/property-outlet';
import { useGql } from '../portal/use-gql';
import { dateTime } from '../reservations/reservation-format';
import { CsvExportButton } from '../lib/csv-export-button';
import { DATE_FORMATS, DATE_PLACEHOLDER } from '../resources/widgets/date-input';
import type { GqlError } from '../../providers/graphql-errors';
import type { TrailActorsQuery } from '../generated/graphql-types';
import { TRAIL_DOCS } from '../../resources/trails/trail.documents';
import {
  ACTOR_KEY,
  TRAIL_MESSAGES,
  TRAIL_PAGE_SIZES,
  TRAIL_SECTION_KEYS,
  TRAIL_SECTIONS,
  type TrailFilter,
} from '../../resources/trails/trail-rules';
import { ROLE_LABELS } from '../../resources/users/user-rules';
import { TrailDetails } from './trail-details';
import { RevertAction } from './revert-action';
import { fieldLabel, type TrailPage, type TrailRecord } from './trail-values';
import { countOf } from '../../resources/plural';
import '../layouts/list-page.css';
import './trails.css';
import { useScreenAtLeast } from '../lib/use-screen';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const roleLabel = (role: string | null | undefined) =>
  role ? (ROLE_LABELS[role as keyof typeof ROLE_LABELS] ?? role) : null;

/** Trails (issue 29): the property's changes, newest first, filtered in the address, read through Refine's audit log. */
export function TrailsPage() {
  const { property } = useOutletContext<PropertyOutletContext>();
  const phone = !useScreenAtLeast('md');
  const [search, setSearch] = useSearchParams();
  const filter = useMemo<TrailFilter>(() => {
    const section = TRAIL_SECTION_KEYS.find((k) => k === search.get('section'));
    const actor = search.get('actor') ?? '';
    const from = search.get('from') ?? '';
    const to = search.get('to') ?? '';
    const subjectType = search.get('subjectType')?.slice(0, 60);
    const subjectId = search.get('subjectId')?.slice(0, 60);
    return {
      ...(subjectType ? { subjectType } : {}),
      ...(subjectType && subjectId ? { subjectId } : {}),
      ...(section ? { section } : {}),
      ...(ACTOR_KEY.test(actor) ? { actor } : {}),
      ...(DAY.test(from) ? { from } : {}),
      ...(DAY.test(to) ? { to } : {}),
    };
  }, [search]);
  const limit = TRAIL_PAGE_SIZES.find((n) => String(n) === search.get('limit')) ?? TRAIL_PAGE_SIZES[0];
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  const { data, isFetching, error, refetch } = useLogList<TrailPage, GqlError>({
    resource: 'trails',
    meta: { propertyId: property.id, filter, limit, offset: (page - 1) * limit },
    queryOptions: { placeholderData: keepPreviousData },
  });
  const actors = useGql<TrailActorsQuery>(['trail-actors', property.id], TRAIL_DOCS.actors, {
    propertyId: property.id,
  });
  const update = (change: Record<string, string | null | undefined>) => {
    const next = new URLSearchParams(search);
    for (const [k, v] of Object.entries(change))
      if (v) next.set(k, v);
      else next.delete(k);
    if (!('page' in change)) next.delete('page');
    setSearch(next, { replace: true });
  };
  const filtered = Object.keys(filter).length > 0;
  const reload = () => {
    void refetch();
    void actors.refetch();
  };

  const columns: TableProps<TrailRecord>['columns'] = [
    {
      title: 'When',
      dataIndex: 'at',
      width: phone ? undefined : 170,
      render: (at: string, r) => (
        <div className="trail-cell">
          <time dateTime={at}>{dateTime(at)}</time>
          {phone && <Who record={r} />}
          {phone && <What record={r} />}
        </div>
      ),
    },
    ...(phone
      ? []
      : [
          { title: 'Who', key: 'who', render: (_: unknown, r: TrailRecord) => <Who record={r} /> },
          { title: 'What', key: 'what', render: (_: unknown, r: TrailRecord) => <What record={r} /> },
        ]),
    {
      title: <span className="visually-hidden">Actions</span>,
      key: 'actions',
      align: 'right',
      render: (_: unknown, r) => <RevertAction propertyId={property.id} record={r} onDone={reload} />,
    },
  ];

  const result = data as TrailPage | undefined;
  return (
    <>
      <BackLink {...backToProperty(property.id)} />
      <div className="list-heading">
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          Trails
        </Typography.Title>
        <CsvExportButton
          path="/exports/trail.csv"
          propertyId={property.id}
          search={new URLSearchParams(filter as Record<string, string>)}
          filename={`trail-${property.id}.csv`}
          noun={['change', 'changes']}
          failMessage={TRAIL_MESSAGES.exportFailed}
        />
      </div>
      <Typography.Paragraph type="secondary">
        Every change to {property.name}, newest first: who made it, what it changed, and the way back.
      </Typography.Paragraph>
      <div className="list-filters">
        <Select
          aria-label="Section"
          allowClear
          placeholder="All sections"
          value={filter.section}
          onChange={(v) => update({ section: v })}
          options={TRAIL_SECTION_KEYS.map((k) => ({ value: k, label: TRAIL_SECTIONS[k].label }))}
          style={{ minWidth: 180 }}
        />
        <Select
          aria-label="Person"
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder="Everyone"
          value={filter.actor}
          onChange={(v) => update({ actor: v })}
          options={(actors.data?.trailActors ?? []).map((a) => ({
            value: a.key,
            label: a.email ? `${a.name} (${a.email})` : a.name,
          }))}
          style={{ minWidth: 220 }}
        />
        <DatePicker.RangePicker
          aria-label="Dates"
          format={DATE_FORMATS}
          placeholder={[DATE_PLACEHOLDER, DATE_PLACEHOLDER]}
          allowEmpty={[true, true]}
          value={[filter.from ? dayjs(filter.from) : null, filter.to ? dayjs(filter.to) : null]}
          onChange={(r) => update({ from: r?.[0]?.format('YYYY-MM-DD'), to: r?.[1]?.format('YYYY-MM-DD') })}
        />
        {filter.subjectId && (
          <Tag closable onClose={() => update({ subjectType: null, subjectId: null })} className="trail-record-tag">
            One record only
          </Tag>
        )}
        {filtered && <Button onClick={() => setSearch(new URLSearchParams(), { replace: true })}>Clear filters</Button>}
      </div>
      {error && <Alert type="error" showIcon message={error.message} style={{ marginBottom: 16 }} />}
      <Table<TrailRecord>
        className="trails-table"
        rowKey="id"
        size="middle"
        loading={isFetching}
        columns={columns}
        dataSource={result?.nodes ?? []}
        locale={{ emptyText: filtered ? TRAIL_MESSAGES.emptyFiltered : TRAIL_MESSAGES.empty }}
        expandable={{
          expandedRowRender: (r) => <TrailDetails propertyId={property.id} record={r} />,
          rowExpandable: (r) => r.changes.length > 0 || r.batch != null,
        }}
        pagination={{
          current: page,
          pageSize: limit,
          total: result?.totalCount ?? 0,
          showSizeChanger: true,
          pageSizeOptions: TRAIL_PAGE_SIZES.map(String),
          showTotal: (total) => countOf(total, 'change', 'changes'),
          onChange: (p, size) => update({ page: p > 1 ? String(p) : null, limit: size !== 25 ? String(size) : null }),
        }}
      />
    </>
  );
}

function Who({ record }: { record: TrailRecord }) {
  const { actor } = record;
  const role = roleLabel(actor.role);
  return (
    <div className="trail-who">
      <strong>{actor.name}</strong>
      {actor.email && <span>{actor.email}</span>}
      {actor.kind === 'API_KEY' && <span>Booking system</span>}
      {role && <span>{role}</span>}
    </div>
  );
}

function What({ record }: { record: TrailRecord }) {
  return (
    <div className="trail-what">
      <span>
        <Tag>{record.section.label}</Tag>
        <strong>{record.label}</strong>
      </span>
      <span className="trail-note">
        {actionText(record)}
        {record.revertsId && <Tag color="blue">Reverts change {record.revertsId}</Tag>}
        {record.revertedById && <Tag color="gold">Reverted by change {record.revertedById}</Tag>}
        {record.batch?.undone && <Tag color="gold">Undone</Tag>}
      </span>
    </div>
  );
}

/** 'rate-plans.update' → 'Updated'; a batch counts its cells. */
function actionText(r: TrailRecord): string {
  if (r.batch) return `${countOf(r.batch.cellCount, 'cell', 'cells')} · ${verb(r.action)}`;
  const fields = r.changes.length;
  return `${verb(r.action)}${fields ? ` · ${countOf(fields, 'field', 'fields')}` : ''}`;
}

const VERBS: Record<string, string> = {
  create: 'Created',
  update: 'Updated',
  delete: 'Deleted',
  save: 'Saved in the grid',
  bulk_update: 'Bulk update',
  undo: 'Undo',
  settings: 'Settings changed',
  booked: 'Booked',
  cancelled: 'Cancelled',
};
const verb = (action: string) => {
  const last = action.split('.').pop() ?? action;
  return VERBS[last] ?? fieldLabel(last);
};
