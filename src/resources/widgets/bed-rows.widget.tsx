import { Button, Select, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { BED_TYPES, BEDS_MAX_PER_TYPE } from '../../../resources/room-types/room-type.options';
import type { WidgetProps } from './widget-props';
import { NativeChoice } from './native-choice';
import { NumberInput } from './number-input';
import { useScreenAtLeast } from '../../lib/use-screen';

type Row = { type: string | null; count: number | null };
/** A bed row's type before one is chosen, on either screen. */
const BED_TYPE_PROMPT = 'Choose a bed type…';

/** A room's beds: rows of a bed type and how many; a type already listed is not offered again. */
export function BedRowsWidget({ value, onChange, id, disabled }: WidgetProps<Row[] | null>) {
  const rows = value ?? [];
  const set = (next: Row[]) => onChange?.(next);
  const edit = (i: number, patch: Partial<Row>) => set(rows.map((r, k) => (k === i ? { ...r, ...patch } : r)));
  const taken = (i: number) => new Set(rows.filter((_, k) => k !== i).map((r) => r.type));
  // A row's type, the same on either screen's select: the types no other row has.
  const typeProps = (i: number) => ({
    'aria-label': `Bed ${i + 1}: type`,
    placeholder: BED_TYPE_PROMPT,
    disabled,
    options: BED_TYPES.filter((t) => !taken(i).has(t.value)).map((t) => ({ value: t.value, label: t.label })),
    onChange: (type: string | null) => edit(i, { type }),
  });
  // On a phone the phone's own picker (src/resources/widgets/native-choice.tsx).
  const phone = !useScreenAtLeast('md');
  return (
    <div id={id} role="group" aria-label="Beds">
      {rows.map((r, i) => (
        <Space key={i} wrap style={{ display: 'flex', marginBottom: 8 }} align="center">
          <NumberInput
            aria-label={`Bed ${i + 1}: how many`}
            min={1}
            max={BEDS_MAX_PER_TYPE}
            precision={0}
            value={r.count}
            disabled={disabled}
            onChange={(v) => edit(i, { count: v })}
            style={{ width: 80 }}
          />
          {phone ? (
            <NativeChoice {...typeProps(i)} value={r.type} style={{ width: 170 }} />
          ) : (
            <Select {...typeProps(i)} value={r.type ?? undefined} style={{ width: 300, maxWidth: '100%' }} />
          )}
          {!disabled && (
            <Button
              aria-label={`Remove bed ${i + 1}`}
              icon={<DeleteOutlined />}
              onClick={() => set(rows.filter((_, k) => k !== i))}
            />
          )}
        </Space>
      ))}
      {!disabled && rows.length < BED_TYPES.length && (
        <Button icon={<PlusOutlined />} onClick={() => set([...rows, { type: null, count: 1 }])}>
          Add a bed type
        </Button>
      )}
    </div>
  );
}
