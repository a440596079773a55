import { Tag } from 'antd';
import dayjs from 'dayjs';
import type { FieldDef } from '../../resources/define-resource';

const TAG_COLOURS: Record<string, string> = {
  CURRENT: 'green',
  UPCOMING: 'blue',
  EXPIRED: 'default',
  HIDDEN: 'orange',
  ACTIVE: 'green',
  INACTIVE: 'default',
};

/** A field's value as a list shows it: option labels, dates as 'd MMMM y' (spec §9), counts for id lists. */
export function FieldValue({ field, value }: { field: FieldDef; value: unknown }) {
  if (value === null || value === undefined || value === '')
    return (
      <span role="img" aria-label="none">
        —
      </span>
    );
  switch (field.type) {
    case 'enum': {
      const label = field.options?.find((o) => o.value === value)?.label ?? String(value);
      return TAG_COLOURS[String(value)] ? <Tag color={TAG_COLOURS[String(value)]}>{label}</Tag> : label;
    }
    case 'enums':
      return <>{(value as string[]).map((v) => field.options?.find((o) => o.value === v)?.label ?? v).join(', ')}</>;
    case 'date':
      return <>{dayjs(String(value)).format('D MMMM YYYY')}</>;
    case 'boolean':
      return <>{value ? 'Yes' : 'No'}</>;
    case 'refs':
      return <>{(value as unknown[]).length}</>;
    case 'json':
      return <>{field.summary ? field.summary(value) : Array.isArray(value) ? value.length : '—'}</>;
    case 'file':
      return <>{(value as { name: string }).name}</>;
    default:
      return <>{String(value)}</>;
  }
}
