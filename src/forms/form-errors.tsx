import { Alert } from 'antd';
import { FORM_MESSAGES } from '../../resources/messages';

/** Spec §5: a form's errors, de-duplicated, under the heading 'Couldn't save changes.' */
export function FormErrors({ errors }: { errors: string[] }) {
  const unique = [...new Set(errors)];
  if (!unique.length) return null;
  return (
    <Alert
      role="alert"
      type="error"
      showIcon
      style={{ marginBottom: 16 }}
      message={FORM_MESSAGES.couldNotSave}
      description={
        <ul style={{ margin: 0, paddingLeft: 18 }}>
          {unique.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      }
    />
  );
}
