import { Button, InputNumber, Radio, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { CANCELLATION_TIERS_MAX } from '../../../resources/rate-plans/rate-plan.resource';
import { RATE_PLAN_MESSAGES } from '../../../resources/rate-plans/rate-plan.messages';
import type { WidgetProps } from './widget-props';

type Tier = { daysBeforeArrival: number | null; penaltyPercent: number | null };

/**
 * Spec §2 rate plans: the cancellation policy, chosen explicitly (issue 25): free cancellation (no
 * tiers), or tiers of days before arrival and the penalty from then on. A new plan has neither.
 */
export function CancellationTiersWidget({ value, onChange, id, disabled }: WidgetProps<Tier[] | null>) {
  const tiers = value ?? [];
  const kind = value == null ? undefined : value.length ? 'tiers' : 'free';
  const set = (next: Tier[]) => onChange?.(next);
  const edit = (i: number, patch: Partial<Tier>) => set(tiers.map((t, k) => (k === i ? { ...t, ...patch } : t)));
  const blank: Tier = { daysBeforeArrival: null, penaltyPercent: null };
  return (
    <div id={id}>
      <Radio.Group
        aria-label="Cancellation policy"
        value={kind}
        disabled={disabled}
        onChange={(e) => set(e.target.value === 'free' ? [] : [blank])}
        options={[
          { value: 'free', label: RATE_PLAN_MESSAGES.freeCancellation },
          { value: 'tiers', label: RATE_PLAN_MESSAGES.penalties },
        ]}
        style={{ display: 'flex', flexDirection: 'column', gap: 4, marginBottom: kind === 'tiers' ? 8 : 0 }}
      />
      {kind === 'tiers' && (
        <div role="group" aria-label="Cancellation tiers">
          {tiers.map((t, i) => (
            <Space key={i} wrap style={{ display: 'flex', marginBottom: 8 }} align="center">
              <InputNumber
                aria-label={`Tier ${i + 1}: days before arrival`}
                min={0}
                max={365}
                value={t.daysBeforeArrival}
                disabled={disabled}
                onChange={(v) => edit(i, { daysBeforeArrival: v })}
                addonAfter="days or fewer before arrival"
                style={{ width: 270 }}
              />
              <InputNumber
                aria-label={`Tier ${i + 1}: penalty`}
                min={0}
                max={100}
                value={t.penaltyPercent}
                disabled={disabled}
                onChange={(v) => edit(i, { penaltyPercent: v })}
                addonAfter="% penalty"
                style={{ width: 170 }}
              />
              {!disabled && tiers.length > 1 && (
                <Button
                  aria-label={`Remove tier ${i + 1}`}
                  icon={<DeleteOutlined />}
                  onClick={() => set(tiers.filter((_, k) => k !== i))}
                />
              )}
            </Space>
          ))}
          {!disabled && tiers.length < CANCELLATION_TIERS_MAX && (
            <Button icon={<PlusOutlined />} onClick={() => set([...tiers, blank])}>
              Add a tier
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
