import { useMemo, useState } from 'react';
import { useDelete, useInfiniteList, type CrudFilter } from '@refinedev/core';
import { Alert, App, Button, Card, Empty, Input, Select, Space, Table, Typography } from 'antd';
import { DeleteOutlined, DownOutlined, PlusOutlined } from '@ant-design/icons';
import { gql } from '@urql/core';
import { Link, useNavigate, useOutletContext, useParams } from 'react-router';
import type { PropertyOutletContext } from '../layouts/property-outlet';
import {
  allFields,
  filterFields,
  parseSort,
  sortValues,
  type FieldDef,
  type ResourceDef,
} from '../../resources/define-resource';
import { resourceDocuments } from '../../resources/resource.documents';
import { FieldValue } from './field-value';
import { useResourceAccess } from './use-resource-access';
import { Can } from '../access/ability';
import { resourcePath } from './resource-paths';
import { useDismissed } from './use-dismissed';
import './resource-list.css';
import type { GqlError } from '../../providers/graphql-errors';
import { BackLink, backToProperty } from '../layouts/back-link';
import { useGql } from '../portal/use-gql';
import { formatNumber } from '../../resources/plural';
import { useScreenAtLeast } from '../lib/use-screen';
import { useInSlices } from '../lib/loading-in-slices';
import { PhoneFilters } from '../lib/phone-filters';
import { StillAlert } from '../lib/still-alert';
import { PopconfirmOnDemand } from '../lib/popconfirm-on-demand';

type Row = Record<string, unknown> & { id: string };

function sortLabel(def: ResourceDef, value: string): string {
  const { field, direction } = parseSort(def, value)!;
  const words =
    field.type === 'date'
      ? direction === 'asc'
        ? 'earliest first'
        : 'latest first'
      : field.type === 'int' || field.type === 'decimal'
        ? direction === 'asc'
          ? 'lowest first'
          : 'highest first'
        : direction === 'asc'
          ? 'A to Z'
          : 'Z to A';
  return `${field.label}, ${words}`;
}

/** Pages merged into one list; a row that moved between pages while loading appears once. */
export function mergePages(pages: { data: Row[] }[] | undefined): Row[] {
  const seen = new Set<string>();
  const out: Row[] = [];
  for (const page of pages ?? [])
    for (const row of page.data)
      if (!seen.has(row.id)) {
        seen.add(row.id);
        out.push(row);
      }
  return out;
}

function FilterControl({
  field,
  value,
  onChange,
  counts,
}: {
  field: FieldDef;
  value: unknown;
  onChange: (v: unknown) => void;
  /** How many rows hold each value, for a filter that shows counts. */
  counts?: Map<string, number>;
}) {
  if (field.type === 'enum' || field.type === 'enums') {
    const options = counts
      ? field.options!.map((o) => ({ value: o.value, label: `${o.label} (${formatNumber(counts.get(o.value) ?? 0)})` }))
      : field.options;
    return (
      <Select
        mode="multiple"
        allowClear
        aria-label={field.label}
        placeholder={field.label}
        options={options as never}
        value={value as string[] | undefined}
        onChange={onChange}
        style={{ minWidth: 200 }}
        maxTagCount="responsive"
      />
    );
  }
  if (field.type === 'boolean') {
    return (
      <Select
        allowClear
        aria-label={field.label}
        placeholder={field.label}
        value={value as boolean | undefined}
        onChange={onChange}
        style={{ minWidth: 140 }}
        options={[
          { value: true, label: `${field.label}: yes` },
          { value: false, label: `${field.label}: no` },
        ]}
      />
    );
  }
  return (
    <Input.Search
      allowClear
      aria-label={`Search by ${field.label.toLowerCase()}`}
      placeholder={`Search by ${field.label.toLowerCase()}`}
      maxLength={100}
      // Mounted again when a phone's panel becomes a wide screen's row: it shows the search still applied.
      defaultValue={value as string | undefined}
      onSearch={(v) => onChange(v)}
      style={{ width: 240 }}
    />
  );
}

/** The generic list of a resource on a property: filters, the resource's sorts, and pages merged as the user asks for more. */
export function ResourceListPage({ def }: { def: ResourceDef }) {
  const { property } = useOutletContext<PropertyOutletContext>();
  const { parentId } = useParams();
  const access = useResourceAccess(def, property);
  // A read-only resource (reservations, trails) is listed and shown, never changed here.
  const can = { delete: access.delete && !def.readOnly };
  const phone = !useScreenAtLeast('md');
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const [sort, setSort] = useState(def.defaultSort);
  const [filterValues, setFilterValues] = useState<Record<string, unknown>>({});
  const [introDismissed, dismissIntro] = useDismissed(`${def.name}.intro.dismissed`);
  const docs = resourceDocuments(def);
  const parsed = parseSort(def, sort)!;
  const filters: CrudFilter[] = Object.entries(filterValues).map(([field, value]) => ({
    field,
    value,
    operator: typeof value === 'string' ? 'contains' : Array.isArray(value) ? 'in' : 'eq',
  }));
  const { result, query } = useInfiniteList<Row, GqlError>({
    resource: def.name,
    pagination: { pageSize: def.pageSize ?? 10 },
    sorters: [{ field: parsed.field.name, order: parsed.direction }],
    filters,
    meta: {
      gqlQuery: useMemo(() => gql(docs.list), [docs.list]),
      propertyId: property.id,
      scope: def.parent ? { [def.parent.field]: parentId } : undefined,
    },
  });
  const { mutate: remove } = useDelete();
  const { fetchNextPage, isFetchingNextPage, refetch } = query;
  const pages = result.data?.pages;
  const [rows, drawing] = useInSlices(useMemo(() => mergePages(pages as never), [pages]));
  const total = (result.data?.pages?.[0] as { total?: number } | undefined)?.total ?? 0;
  // Filters that show counts read them over the whole list; read again whenever the total changes.
  const counted = useGql<Record<string, { counts: { field: string; value: string; count: number }[] }>>(
    ['resource-counts', def.name, property.id, parentId, total],
    docs.counts ?? '',
    { input: def.parent ? { [def.parent.field]: parentId } : { propertyId: property.id } },
    Boolean(docs.counts),
  );
  const countsOf = (field: string) =>
    new Map(
      (Object.values(counted.data ?? {})[0]?.counts ?? [])
        .filter((c) => c.field === field)
        .map((c) => [c.value, c.count]),
    );
  const rowLinks = (def.rowLinks ?? []).filter((l) => !l.when || l.when(property));
  const listFields = allFields(def).filter((f) => f.list);
  const titleLink = (row: Row) => (
    <Link to={resourcePath(def, property.id, 'edit', row.id, parentId)}>{String(row[def.titleField])}</Link>
  );
  const links = (row: Row) => (
    <Space wrap size={4}>
      {rowLinks.map((l) => (
        <Link
          key={l.label}
          to={l.to(property.id, row.id)}
          aria-label={`${l.name ?? l.label}: ${String(row[def.titleField])}`}
        >
          {l.label}
        </Link>
      ))}
    </Space>
  );
  // A delete that would take more with it (a room type's rates and inventory) is REFUSED with
  // `confirm`: the server's question is asked, and a yes sends the delete again with confirm.
  const deleteRow = (row: Row, confirm = false) =>
    remove(
      {
        resource: def.name,
        id: row.id,
        meta: { gqlMutation: gql(docs.delete), confirm },
        successNotification: false,
        errorNotification: false,
      },
      {
        // The list is read again at once: the deleted row must not linger (or open as a 404) until a reload.
        onSuccess: async () => {
          await refetch();
          message.success(`${def.singularLabel} deleted.`);
        },
        onError: (e) => {
          const error = e as GqlError;
          if (error.code === 'REFUSED' && error.extensions?.confirm && !confirm)
            modal.confirm({
              title: `Delete ${String(row[def.titleField])}?`,
              content: error.message,
              okText: 'Delete',
              okButtonProps: { danger: true },
              onOk: () => deleteRow(row, true),
            });
          else message.error(e.message);
        },
      },
    );
  const deleteButton = (row: Row) => (
    <PopconfirmOnDemand
      title={`Delete ${String(row[def.titleField])}?`}
      okText="Delete"
      okButtonProps={{ danger: true }}
      onConfirm={() => deleteRow(row)}
    >
      <Button type="link" danger icon={<DeleteOutlined aria-hidden />}>
        Delete
      </Button>
    </PopconfirmOnDemand>
  );
  // On a phone each row is a card: the title, every listed field under it, then its links and actions,
  // so nothing sits off-screen in a table that scrolls sideways.
  const columns = phone
    ? [
        {
          key: 'card',
          title: def.label,
          render: (_: unknown, row: Row) => (
            <div className="list-card">
              <div className="list-card__title">{titleLink(row)}</div>
              <dl className="list-card__fields">
                {listFields
                  .filter((f) => f.name !== def.titleField)
                  .map((field) => (
                    <div key={field.name}>
                      <dt>{field.label}</dt>
                      <dd>
                        <FieldValue field={field} value={row[field.name]} />
                      </dd>
                    </div>
                  ))}
              </dl>
              {(rowLinks.length > 0 || can.delete) && (
                <div className="list-card__actions">
                  {rowLinks.length > 0 && links(row)}
                  {can.delete && deleteButton(row)}
                </div>
              )}
            </div>
          ),
        },
      ]
    : [
        ...listFields.map((field) => ({
          key: field.name,
          dataIndex: field.name,
          title: field.label,
          // The title and the row's links and actions stay in view while a wide table scrolls between them.
          fixed: field.name === def.titleField ? ('left' as const) : undefined,
          render: (value: unknown, row: Row) =>
            field.name === def.titleField ? titleLink(row) : <FieldValue field={field} value={value} />,
        })),
        ...(rowLinks.length
          ? [
              {
                key: 'links',
                fixed: 'right' as const,
                title: <span className="visually-hidden">Related pages</span>,
                render: (_: unknown, row: Row) => links(row),
              },
            ]
          : []),
        ...(can.delete
          ? [
              {
                key: 'actions',
                fixed: 'right' as const,
                title: <span className="visually-hidden">Actions</span>,
                render: (_: unknown, row: Row) => deleteButton(row),
              },
            ]
          : []),
      ];

  // An empty list says what to do: add the first one (for whoever may), or that the filters match none.
  const filtersSet = Object.values(filterValues).filter((v) =>
    Array.isArray(v) ? v.length : v != null && v !== '',
  ).length;
  const filtering = filtersSet > 0;
  const emptyText =
    filtering || query.isLoading ? (
      <Empty description={`No ${def.label.toLowerCase()} match.`} />
    ) : (
      <Empty description={`No ${def.label.toLowerCase()} yet.`}>
        {!def.readOnly && access.create && (
          <Button
            type="primary"
            onClick={() => navigate(resourcePath(def, property.id, 'create', undefined, parentId))}
          >
            Add your first {def.singularLabel.toLowerCase()}
          </Button>
        )}
      </Empty>
    );

  return (
    <>
      <BackLink {...backToProperty(property.id)} />
      <Space style={{ width: '100%', justifyContent: 'space-between', flexWrap: 'wrap', marginBottom: 16 }}>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {def.label}
        </Typography.Title>
        {!def.readOnly && (
          <Can I="create" this={access.subject as never}>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => navigate(resourcePath(def, property.id, 'create', undefined, parentId))}
            >
              Create {def.singularLabel.toLowerCase()}
            </Button>
          </Can>
        )}
      </Space>
      {def.intro && !introDismissed && (
        <StillAlert onClose={dismissIntro} style={{ marginBottom: 16 }} message={def.intro} />
      )}
      {!def.readOnly && !access.create && !access.update && (
        <StillAlert
          style={{ marginBottom: 16 }}
          message={`You can view these ${def.label.toLowerCase()} but not change them.`}
        />
      )}
      <Card>
        <div className="resource-list-filters">
          <PhoneFilters phone={phone} active={filtersSet}>
            {filterFields(def).map((field) => (
              <FilterControl
                key={field.name}
                field={field}
                value={filterValues[field.name]}
                onChange={(v) => setFilterValues((f) => ({ ...f, [field.name]: v }))}
                counts={field.counts ? countsOf(field.name) : undefined}
              />
            ))}
            {sortValues(def).length > 1 && (
              <Select
                aria-label="Sort by"
                value={sort}
                onChange={setSort}
                style={{ minWidth: 220 }}
                popupMatchSelectWidth={false}
                options={sortValues(def).map((value) => ({ value, label: `Sort: ${sortLabel(def, value)}` }))}
              />
            )}
          </PhoneFilters>
        </div>
        {query.error && (
          <Alert role="alert" type="error" showIcon message={query.error.message} style={{ marginBottom: 16 }} />
        )}
        <Table<Row>
          className="resource-list-table"
          rowKey="id"
          dataSource={rows}
          columns={columns as never}
          pagination={false}
          loading={query.isLoading || drawing}
          scroll={phone ? undefined : { x: 'max-content' }}
          locale={{ emptyText: emptyText }}
        />
        <Space style={{ marginTop: 16, width: '100%', justifyContent: 'space-between', flexWrap: 'wrap' }}>
          <Typography.Text type="secondary" aria-live="polite">
            Showing {rows.length} of {total}
          </Typography.Text>
          {result.hasNextPage && (
            <Button onClick={() => fetchNextPage()} loading={isFetchingNextPage} icon={<DownOutlined aria-hidden />}>
              Show more
            </Button>
          )}
        </Space>
      </Card>
    </>
  );
}
