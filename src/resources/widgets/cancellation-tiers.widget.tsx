import { Button, InputNumber, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { CANCELLATION_TIERS_MAX } from '../../../resources/rate-plans/rate-plan.resource';
import type { WidgetProps } from './widget-props';

type Tier = { daysBeforeArrival: number | null; penaltyPercent: number | null };

/** Spec §2 rate plans: the cancellation policy as tiers of days before arrival and the penalty from then on. */
export function CancellationTiersWidget({ value, onChange, id, disabled }: WidgetProps<Tier[]>) {
  const tiers = value ?? [];
  const set = (next: Tier[]) => onChange?.(next);
  const edit = (i: number, patch: Partial<Tier>) => set(tiers.map((t, k) => (k === i ? { ...t, ...patch } : t)));
  return (
    <div id={id} role="group" aria-label="Cancellation tiers">
      {!tiers.length && (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          Free cancellation at any time.
        </Typography.Paragraph>
      )}
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
          {!disabled && (
            <Button
              aria-label={`Remove tier ${i + 1}`}
              icon={<DeleteOutlined />}
              onClick={() => set(tiers.filter((_, k) => k !== i))}
            />
          )}
        </Space>
      ))}
      {!disabled && tiers.length < CANCELLATION_TIERS_MAX && (
        <Button
          icon={<PlusOutlined />}
          onClick={() => set([...tiers, { daysBeforeArrival: null, penaltyPercent: null }])}
        >
          Add a tier
        </Button>
      )}
    </div>
  );
}
