import type { ReactNode } from 'react';
import { Form, Space, type FormInstance } from 'antd';
import { useOutletContext } from 'react-router';
import type { PropertyOutletContext } from '../layouts/property-outlet';
import { continueWith, useSaveAndContinue } from '../properties/save-and-continue';
import type { z } from 'zod';
import type { FieldDef } from '../../resources/define-resource';
import { FormNotices } from '../forms/form-notices';
import { SaveButton } from '../forms/save-button';
import type { useVersionedForm } from '../forms/use-versioned-form';
import { FieldItems } from './field-items';

type Values = Record<string, unknown>;

/**
 * A record saved whole against its version, with no list around it: a definition's `single`
 * record, a details section, a key contact. Read-only notice, conflict view, error summary, the
 * fields and Save changes, the same on each.
 */
export function RecordForm({
  name,
  fields,
  schema,
  propertyId,
  form,
  save,
  readOnly,
  maxWidth = 720,
  children,
}: {
  /** The form's name (its inputs' ids, tracking). */
  name: string;
  fields: FieldDef[];
  schema: z.ZodObject;
  propertyId: number;
  form: FormInstance;
  save: ReturnType<typeof useVersionedForm<Values>>;
  /** What the page says when the user may only look, or null when they may save. */
  readOnly: string | null;
  maxWidth?: number;
  /** Facts shown above the fields that are not part of the record (the property's currency). */
  children?: ReactNode;
}) {
  const steps = useSaveAndContinue(useOutletContext<PropertyOutletContext>().property);
  return (
    <>
      <FormNotices readOnly={readOnly} save={save} form={form} fields={fields} />
      {children}
      <Form
        form={form}
        name={name}
        layout="vertical"
        disabled={readOnly !== null || save.saving}
        onFinish={save.submit}
        {...save.formProps}
        style={{ maxWidth }}
      >
        <FieldItems fields={fields} schema={schema} propertyId={propertyId} />
        {readOnly === null && (
          <Space wrap>
            <SaveButton saving={save.saving} />
            {steps.button(continueWith(form, save.submit, save.formProps.onFinishFailed, steps.goOn), save.saving)}
          </Space>
        )}
      </Form>
    </>
  );
}
