import { useRef } from 'react';
import { Select, Space, Tag } from 'antd';
import { INCLUSION_BADGES, INCLUSION_CATEGORIES } from '../../../resources/inclusions/inclusion.enums';
import { INCLUSION_MESSAGES } from '../../../resources/inclusions/inclusion.messages';
import { offeredInclusions } from '../../../resources/inclusions/inclusion-offer';
import { useRefOptions } from './ref-select';
import type { WidgetProps } from './widget-props';

const BADGE_COLOURS: Record<string, string> = {
  BONUS: 'purple',
  POPULAR: 'gold',
  DEPRECATED: 'red',
  UNKNOWN: 'default',
};

/**
 * Global inclusions grouped by category, each with its badge (spec §3), for assigning to a rate plan.
 * A deprecated one is offered only to a plan that had it when the form opened (issue 25), marked so.
 */
export function InclusionsWidget({ field, propertyId, onChange, ...bound }: WidgetProps<string[]>) {
  const { options, loading } = useRefOptions(field, propertyId);
  // What the plan held before the user changed anything: its stored inclusions, however late the form fills in.
  const touched = useRef(false);
  const held = useRef(new Set<string>());
  if (!touched.current) for (const id of bound.value ?? []) held.current.add(String(id));
  const offered = offeredInclusions(options, held.current);
  const groups = INCLUSION_CATEGORIES.map((c) => ({
    label: c.label,
    title: c.label,
    options: offered
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
                <Tag
                  color={BADGE_COLOURS[badge]}
                  title={badge === 'DEPRECATED' ? INCLUSION_MESSAGES.deprecated : undefined}
                >
                  {INCLUSION_BADGES.find((b) => b.value === badge)?.label}
                </Tag>
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
      onChange={(ids: string[]) => {
        touched.current = true;
        onChange?.(ids);
      }}
    />
  );
}
