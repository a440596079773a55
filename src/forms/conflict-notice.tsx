import { Alert, Button, Form, Space, Table, type FormInstance } from 'antd';
import type { Conflict } from './use-versioned-form';
import { valueText } from './value-text';

type Values = Record<string, unknown>;
const shown = valueText;

/** The conflict answer as the user sees it: the message, each field that differs (theirs and yours), and what to do. */
export function ConflictNotice({
  conflict,
  form,
  fields,
  toForm = (v) => v,
  onUseTheirs,
  onKeepMine,
}: {
  conflict: Conflict | null;
  form: FormInstance;
  fields: { name: string; label: string }[];
  toForm?: (values: Values) => Values;
  onUseTheirs: () => void;
  onKeepMine: () => void;
}) {
  const mine = (Form.useWatch([], form) ?? {}) as Values;
  if (!conflict) return null;
  const theirs = toForm(conflict.values ?? {});
  const changed = fields.filter((f) => shown(theirs[f.name]) !== shown(mine[f.name]));
  return (
    <Alert
      role="alert"
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      message={conflict.message}
      description={
        <>
          <Table
            size="small"
            pagination={false}
            rowKey="field"
            style={{ margin: '8px 0' }}
            dataSource={changed.map((f) => ({
              field: f.label,
              theirs: shown(theirs[f.name]),
              yours: shown(mine[f.name]),
            }))}
            columns={[
              { title: 'Field', dataIndex: 'field' },
              { title: 'Saved by them', dataIndex: 'theirs' },
              { title: 'Yours', dataIndex: 'yours' },
            ]}
          />
          <Space wrap>
            <Button onClick={onUseTheirs}>Use their version</Button>
            <Button onClick={onKeepMine}>Keep mine and save again</Button>
          </Space>
        </>
      }
    />
  );
}
