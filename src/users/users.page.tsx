import { useMemo } from 'react';
import { Alert, Button, Select, Table, Tag, Typography } from 'antd';
import type { TableProps } from 'antd';
import { Link, useOutletContext, useSearchParams } from 'react-router';
import { useGetIdentity } from '@refinedev/core';
import { BackLink, backToProperty } from '../layouts/back-link';
import type { PropertyOutletContext } from '../layouts/property-outlet';
import type { GroupOutletContext } from '../layouts/group-layout';
import { useGql } from '../portal/use-gql';
import { shortDate } from '../reservations/reservation-format';
import type { PortalIdentity } from '../../providers/auth-provider';
import type { ScopeUsersQuery } from '../generated/graphql-types';
import { USER_DOCS } from '../../resources/users/user.documents';
import { PROPERTY_ROLES, GROUP_ROLES } from '../../resources/domain';
import {
  ROLE_LABELS,
  USER_SORTS,
  USER_STATUSES,
  USER_STATUS_LABELS,
  INVITATION_VALID_DAYS,
  grantableRoles,
  type Granter,
  type UserScope,
  type UserSort,
} from '../../resources/users/user-rules';
import { InviteUserButton } from './invite-user.modal';
import { UserRowActions } from './user-row-actions';
import type { UserRow } from './user-row';
import '../layouts/list-page.css';
import './users.css';
import { useAbility } from '../access/ability';
import { supportPath } from '../../resources/users/support';
import { useScreenAtLeast } from '../lib/use-screen';
import { wideColumns } from '../lib/wide-columns';

const TOGGLE: ('ascend' | 'descend')[] = ['ascend', 'descend', 'ascend'];
const STATUS_COLOURS = { invited: 'gold', active: 'green', disabled: 'default', locked: 'red' } as const;
const SORT_LABELS: Record<UserSort, string> = {
  created_at: 'Added',
  id: 'User ID',
  name: 'Name',
  role: 'Role',
  status: 'Status',
};
const roleLabel = (role: string) => ROLE_LABELS[role as keyof typeof ROLE_LABELS] ?? role;

export function PropertyUsersPage() {
  const { property } = useOutletContext<PropertyOutletContext>();
  const scope: UserScope = { kind: 'property', propertyId: property.id, propertyGroupId: property.propertyGroupId };
  return <UsersPage scope={scope} back={backToProperty(property.id)} />;
}

export function GroupUsersPage() {
  const { group } = useOutletContext<GroupOutletContext>();
  return (
    <UsersPage
      scope={{ kind: 'group', propertyGroupId: group.id }}
      back={{ to: `/property-groups/${group.id}`, label: 'Back to group home' }}
    />
  );
}

/** A property's or a group's users: filter, sort (kept in the URL), invite, and manage each one. */
function UsersPage({ scope, back }: { scope: UserScope; back: { to: string; label: string } }) {
  const phone = !useScreenAtLeast('md');
  // Staff open a member's support page from their name (issue 30).
  const support = useAbility().can('manage', 'UserSupport');
  const [search, setSearch] = useSearchParams();
  const q = useMemo(
    () => ({
      sort: (USER_SORTS as readonly string[]).includes(search.get('sort') ?? '')
        ? (search.get('sort') as UserSort)
        : 'created_at',
      direction: search.get('direction') === 'desc' ? ('desc' as const) : ('asc' as const),
      role: [...PROPERTY_ROLES, ...GROUP_ROLES].find((r) => r === search.get('role')) ?? null,
      status: USER_STATUSES.find((s) => s === search.get('status')) ?? null,
    }),
    [search],
  );
  const where =
    scope.kind === 'property' ? { propertyId: scope.propertyId } : { propertyGroupId: scope.propertyGroupId };
  const { data, isFetching, error } = useGql<ScopeUsersQuery>(
    ['scope-users', where, q],
    USER_DOCS.list,
    {
      input: { ...where, ...q },
    },
    true,
    true,
  );
  const { data: identity } = useGetIdentity<PortalIdentity>();
  const granter: Granter = {
    isStaff: Boolean(identity?.isStaff),
    memberships: (identity?.memberships ?? []) as Granter['memberships'],
  };
  const page = data?.scopeUsers;
  const update = (change: Record<string, string | null>) => {
    const next = new URLSearchParams(search);
    for (const [k, v] of Object.entries(change))
      if (v) next.set(k, v);
      else next.delete(k);
    setSearch(next, { replace: true });
  };
  /** The roles a row may be given: its own scope's (a property row on a group's page takes property roles). */
  const rolesFor = (row: UserRow) =>
    scope.kind === 'group' && row.propertyId != null
      ? grantableRoles(granter, {
          kind: 'property',
          propertyId: row.propertyId,
          propertyGroupId: scope.propertyGroupId,
        })
      : (page?.grantableRoles ?? []);
  const sorted = (key: UserSort): 'ascend' | 'descend' | null =>
    q.sort === key ? (q.direction === 'asc' ? 'ascend' : 'descend') : null;
  const sortable = (key: UserSort) => ({ key, sorter: true, sortDirections: TOGGLE, sortOrder: sorted(key) });
  const { wide, shown } = wideColumns(phone);

  const columns: TableProps<UserRow>['columns'] = shown<NonNullable<TableProps<UserRow>['columns']>[number]>([
    {
      title: 'Name',
      dataIndex: 'name',
      ...sortable('name'),
      render: (name: string, r) => (
        <div className="users-name">
          <strong>
            {support && r.userId != null && !r.isSelf ? <Link to={supportPath(r.userId)}>{name}</Link> : name}
            {r.isSelf && <Tag style={{ marginInlineStart: 6 }}>You</Tag>}
          </strong>
          <span>{r.email}</span>
          {phone && <span>{roleLabel(r.role)}</span>}
        </div>
      ),
    },
    wide({ title: 'Role', dataIndex: 'role', ...sortable('role'), render: roleLabel }),
    ...(scope.kind === 'group'
      ? [
          wide({
            title: 'Reaches',
            dataIndex: 'propertyName',
            render: (p: string | null) => p ?? 'Every property of the group',
          }),
        ]
      : []),
    {
      title: 'Status',
      dataIndex: 'status',
      ...sortable('status'),
      render: (s: UserRow['status'], r) => (
        <>
          <Tag color={r.expired ? 'red' : STATUS_COLOURS[s]}>
            {r.expired ? 'Invitation expired' : USER_STATUS_LABELS[s]}
          </Tag>
          {s === 'invited' && r.invitationExpiresAt && !r.expired && (
            <div className="users-note">Link valid until {shortDate(r.invitationExpiresAt)}</div>
          )}
        </>
      ),
    },
    wide({
      title: 'Last sign-in',
      dataIndex: 'lastSignInAt',
      render: (d: string | null) => (d ? shortDate(d) : 'Never'),
    }),
    wide({ title: 'Added', dataIndex: 'createdAt', ...sortable('created_at'), render: shortDate }),
    {
      title: <span className="visually-hidden">Actions</span>,
      key: 'actions',
      align: 'right',
      render: (_: unknown, r) => <UserRowActions row={r} roles={rolesFor(r)} />,
    },
  ]);

  const filtered = Boolean(q.role || q.status);
  const roleChoices = scope.kind === 'group' ? [...GROUP_ROLES, ...PROPERTY_ROLES] : PROPERTY_ROLES;
  return (
    <>
      <BackLink {...back} />
      <div className="list-heading">
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          Users
        </Typography.Title>
        {page && page.grantableRoles.length > 0 && (
          <InviteUserButton where={where} roles={page.grantableRoles} scopeName={page.scopeName} />
        )}
      </div>
      {page && (
        <Typography.Paragraph type="secondary">
          Who can sign in to manage {page.scopeName}. Invitations are emailed and their links work once, for{' '}
          {INVITATION_VALID_DAYS} days.
        </Typography.Paragraph>
      )}
      <div className="list-filters">
        <Select
          aria-label="Role"
          allowClear
          placeholder="All roles"
          value={q.role ?? undefined}
          onChange={(role) => update({ role: role ?? null })}
          options={roleChoices.map((r) => ({ value: r, label: roleLabel(r) }))}
          style={{ minWidth: 170 }}
        />
        <Select
          aria-label="Status"
          allowClear
          placeholder="All statuses"
          value={q.status ?? undefined}
          onChange={(status) => update({ status: status ?? null })}
          options={USER_STATUSES.map((s) => ({ value: s, label: USER_STATUS_LABELS[s] }))}
          style={{ minWidth: 150 }}
        />
        <Select
          aria-label="Sort by"
          value={q.sort}
          onChange={(sort) => update({ sort })}
          options={USER_SORTS.map((s) => ({ value: s, label: `Sort by ${SORT_LABELS[s].toLowerCase()}` }))}
          style={{ minWidth: 160 }}
        />
        <Select
          aria-label="Direction"
          value={q.direction}
          onChange={(direction) => update({ direction })}
          options={[
            { value: 'asc', label: 'Ascending' },
            { value: 'desc', label: 'Descending' },
          ]}
          style={{ minWidth: 130 }}
        />
        {filtered && <Button onClick={() => update({ role: null, status: null })}>Clear filters</Button>}
      </div>
      {error && <Alert role="alert" type="error" showIcon style={{ marginBottom: 12 }} message={error.message} />}
      <Table<UserRow>
        rowKey="id"
        size="small"
        className="users-table"
        loading={isFetching}
        columns={columns}
        dataSource={page?.nodes ?? []}
        pagination={false}
        locale={{ emptyText: filtered ? 'No users match these filters.' : 'No users yet.' }}
        onChange={(_p, _f, sorter, extra) => {
          if (extra.action !== 'sort' || Array.isArray(sorter)) return;
          update({
            sort: sorter.order ? String(sorter.columnKey) : 'created_at',
            direction: sorter.order === 'descend' ? 'desc' : 'asc',
          });
        }}
      />
    </>
  );
}
