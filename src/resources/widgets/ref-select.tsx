import { useSelect } from '@refinedev/antd';
import { Select } from 'antd';
import { gql } from '@urql/core';
import { resourceNamed } from '../../../resources/registry';
import { resourceDocuments } from '../../../resources/resource.documents';
import type { FieldDef } from '../../../resources/define-resource';

export type RefOption = { value: string; label: string; row: Record<string, unknown> };

/**
 * The rows of another resource a field may refer to (the same property's room types …), through
 * @refinedev/antd's useSelect. Options are filtered in the browser (at most 100 rows): the list's
 * server filters are the definition's own, not a search on every title.
 */
export function useRefOptions(field: FieldDef, propertyId: number, enabled = true) {
  const target = resourceNamed(field.ref!)!;
  const { query } = useSelect<Record<string, unknown>>({
    resource: target.name,
    optionLabel: target.titleField,
    optionValue: 'id',
    pagination: { currentPage: 1, pageSize: 100, mode: 'server' },
    sorters: [{ field: target.titleField, order: 'asc' }],
    meta: {
      gqlQuery: gql(resourceDocuments(target).list),
      propertyId: target.scope === 'property' ? propertyId : undefined,
    },
    queryOptions: { enabled },
  });
  const options: RefOption[] = (query.data?.data ?? []).map((row) => ({
    value: String(row.id),
    label: String(row[target.titleField]),
    row,
  }));
  return { options, loading: query.isLoading };
}

/** A multiple select of another resource's rows; Form.Item's id, value and onChange pass through. */
export function RefSelect({
  field,
  propertyId,
  ...bound
}: { field: FieldDef; propertyId: number } & Record<string, unknown>) {
  const { options, loading } = useRefOptions(field, propertyId);
  return (
    <Select
      mode="multiple"
      allowClear
      loading={loading}
      options={options}
      optionFilterProp="label"
      placeholder="Choose…"
      {...bound}
    />
  );
}
