import { useList } from '@refinedev/core';
import { Select } from 'antd';
import { gql } from '@urql/core';
import { resourceNamed } from '../../../resources/registry';
import { resourceDocuments } from '../../../resources/resource.documents';
import type { FieldDef } from '../../../resources/define-resource';

export type RefOption = { value: string; label: string; row: Record<string, unknown> };

/** The rows of another resource a field may refer to (the same property's room types …). */
export function useRefOptions(field: FieldDef, propertyId: number, enabled = true) {
  const target = resourceNamed(field.ref!)!;
  const { result, query } = useList({
    resource: target.name,
    pagination: { currentPage: 1, pageSize: 100 },
    sorters: [{ field: target.titleField, order: 'asc' }],
    meta: {
      gqlQuery: gql(resourceDocuments(target).list),
      propertyId: target.scope === 'property' ? propertyId : undefined,
    },
    queryOptions: { enabled },
  });
  const options: RefOption[] = (result?.data ?? []).map((row) => ({
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
