import { Input, Select, Space } from 'antd';
import { useParams } from 'react-router';
import { RATE_LINK_MODES, type RateLink } from '../../../resources/rate-plans/rate-link';
import type { FieldDef } from '../../../resources/define-resource';
import { useRefOptions } from './ref-select';
import type { WidgetProps } from './widget-props';

/**
 * A rate plan's link (issue 31): the plan it follows (none: priced by hand), and by how much, as a
 * percentage or an amount more or less (a minus sign for less).
 */
const NOT_LINKED = 'Not linked: priced by hand';

export function RateLinkWidget({ field, propertyId, id, value, onChange, disabled }: WidgetProps<RateLink | null>) {
  const self = useParams().id;
  const { options, loading } = useRefOptions({ ...field, ref: 'rate-plans' } as FieldDef, propertyId);
  const set = (next: RateLink | null) => onChange?.(next);
  return (
    <Space id={id} wrap>
      <Select
        aria-label="Follows"
        showSearch
        optionFilterProp="label"
        loading={loading}
        disabled={disabled}
        style={{ minWidth: 240 }}
        value={value?.parentId ?? ''}
        options={[
          { value: '', label: NOT_LINKED },
          ...options.filter((o) => o.value !== self).map(({ value, label }) => ({ value, label })),
        ]}
        onChange={(parentId: string) =>
          set(parentId ? { parentId, mode: value?.mode ?? 'percent', value: value?.value ?? '0' } : null)
        }
      />
      {value && (
        <>
          <Select
            aria-label="Link by"
            disabled={disabled}
            style={{ width: 130 }}
            value={value.mode}
            options={RATE_LINK_MODES.map((m) => ({ ...m }))}
            onChange={(mode) => set({ ...value, mode })}
          />
          <Input
            aria-label="Link amount"
            disabled={disabled}
            inputMode="decimal"
            style={{ width: 110 }}
            placeholder="-10"
            value={value.value}
            onChange={(e) => set({ ...value, value: e.target.value })}
          />
        </>
      )}
    </Space>
  );
}
