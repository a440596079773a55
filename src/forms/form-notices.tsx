import { Alert, type FormInstance } from 'antd';
import { ConflictNotice } from './conflict-notice';
import { FormErrors } from './form-errors';
import type { useVersionedForm } from './use-versioned-form';

type Save = Pick<ReturnType<typeof useVersionedForm>, 'conflict' | 'errors' | 'takeTheirs' | 'keepMine' | 'toForm'>;

/** What a versioned form says above its fields: that it is read-only (when it is), the conflict diff, and the errors. */
export function FormNotices({
  readOnly,
  save,
  form,
  fields,
}: {
  /** The read-only message, or null when the caller may save. */
  readOnly: string | null;
  save: Save;
  form: FormInstance;
  fields: { name: string; label: string }[];
}) {
  return (
    <>
      {readOnly && <Alert role="status" type="info" showIcon style={{ marginBottom: 16 }} message={readOnly} />}
      <ConflictNotice
        conflict={save.conflict}
        form={form}
        fields={fields}
        toForm={save.toForm}
        onUseTheirs={save.takeTheirs}
        onKeepMine={save.keepMine}
      />
      <FormErrors errors={save.errors} />
    </>
  );
}
