import { Select, Space, Tag } from 'antd';
import { INCLUSION_BADGES, INCLUSION_CATEGORIES } from '../../../resources/inclusions/inclusion.enums';
import { useRefOptions } from './ref-select';
import type { WidgetProps } from './widget-props';

const BADGE_COLOURS: Record<string, string> = {
  BONUS: 'purple',
  POPULAR: 'gold',
  DEPRECATED: 'red',
  UNKNOWN: 'default',
};

/** Global inclusions grouped by category, each with its badge (spec §3), for assigning to a rate plan. */
export function InclusionsWidget({ field, propertyId, ...bound }: WidgetProps<string[]>) {
  const { options, loading } = useRefOptions(field, propertyId);
  const groups = INCLUSION_CATEGORIES.map((c) => ({
    label: c.label,
    title: c.label,
    options: options
      .filter((o) => o.row.category === c.value)
      .map((o) => {
        const badge = o.row.badge ? String(o.row.badge) : null;
        return {
          value: o.value,
          title: o.label,
          label: (
            <Space size={4}>
              {o.label}
              {badge && (
                <Tag color={BADGE_COLOURS[badge]}>{INCLUSION_BADGES.find((b) => b.value === badge)?.label}</Tag>
              )}
            </Space>
          ),
          search: o.label,
        };
      }),
  })).filter((g) => g.options.length);
  return (
    <Select
      mode="multiple"
      allowClear
      loading={loading}
      options={groups}
      optionFilterProp="search"
      placeholder="Choose inclusions…"
      {...bound}
    />
  );
}
