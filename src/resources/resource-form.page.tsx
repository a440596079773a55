import { useEffect, useMemo, useState } from 'react';
import type { Rule } from 'antd/es/form';
import type { z } from 'zod';
import { useForm } from '@refinedev/antd';
import { Alert, Button, Card, Form, Skeleton, Space, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { gql } from '@urql/core';
import { Link, useNavigate, useOutletContext, useParams } from 'react-router';
import type { PropertyOutletContext } from '../layouts/property-layout';
import type { ResourceDef } from '../../resources/define-resource';
import { resourceDocuments } from '../../resources/resource.documents';
import { FORM_MESSAGES } from '../../resources/messages';
import type { GraphqlHttpError } from '../../providers/graphql-errors';
import { FormErrors } from '../forms/form-errors';
import { useSavingNotice } from '../forms/use-saving-notice';
import { trackForm } from '../lib/tracking';
import { FieldWidget } from './field-widget';
import { useResourceAccess } from './use-resource-access';
import { resourcePath } from './resource-paths';

type Values = Record<string, unknown>;
type Conflict = { values: Values; version: number; message: string };

/** Spec §5: empty strings become null on submit. */
const emptyToNull = (values: Values) => Object.fromEntries(Object.entries(values).map(([k, v]) => [k, typeof v === 'string' && v.trim() === '' ? null : v]));

/** A field's own schema as an antd rule: the same first message the API would give. */
const fieldRule = (schema: z.ZodType): Rule => ({
  validator: async (_rule, value) => {
    const result = schema.safeParse(value);
    if (!result.success) throw new Error(result.error.issues[0].message);
  },
});

/** One form for creating and editing any resource, built from its definition and checked with its schema before it is sent. */
export function ResourceFormPage({ def, action }: { def: ResourceDef; action: 'create' | 'edit' }) {
  const { property } = useOutletContext<PropertyOutletContext>();
  const { id } = useParams();
  const navigate = useNavigate();
  const access = useResourceAccess(def, property);
  const docs = resourceDocuments(def);
  const [errors, setErrors] = useState<string[]>([]);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [version, setVersion] = useState<number | undefined>();
  const listPath = resourcePath(def, property.id, 'list');
  const canSave = action === 'create' ? access.create : access.update;
  const initialValues = useMemo(() => Object.fromEntries(def.fields.filter((f) => f.initial !== undefined).map((f) => [f.name, f.initial])), [def]);

  const { formProps, form, onFinish, query, formLoading, mutation } = useForm<Values, GraphqlHttpError, Values>({
    resource: def.name,
    action,
    id,
    redirect: false,
    queryMeta: { gqlQuery: useMemo(() => gql(docs.one), [docs.one]) },
    mutationMeta: { gqlMutation: useMemo(() => gql(action === 'create' ? docs.create : docs.update), [action, docs]), propertyId: property.id, version },
    successNotification: () => ({ type: 'success', message: FORM_MESSAGES.saved }),
    errorNotification: false,
    onMutationSuccess: () => { trackForm('form_success', def.name); navigate(listPath); },
    onMutationError: (error) => {
      trackForm('form_error', def.name);
      if (error.code === 'CONFLICT' && error.extensions?.current) setConflict({ ...(error.extensions.current as Omit<Conflict, 'message'>), message: error.message });
      else setErrors(Object.keys(error.errors ?? {}).length ? Object.values(error.errors as Record<string, string[]>).flat() : error.messages ?? [error.message]);
    },
  });
  const saving = mutation.isPending;
  useSavingNotice(saving);
  const record = query?.data?.data as Values | undefined;
  useEffect(() => { if (record) setVersion(record.version as number); }, [record]);

  async function submit(raw: Values) {
    setErrors([]);
    const values = emptyToNull(raw);
    const parsed = def.schema.safeParse(values);
    if (!parsed.success) {
      const fields: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) (fields[String(issue.path[0] ?? '_form')] ??= []).push(issue.message);
      form.setFields(Object.entries(fields).map(([name, list]) => ({ name, errors: list })));
      setErrors(Object.values(fields).flat());
      trackForm('form_error', def.name);
      return;
    }
    trackForm('form_submit', def.name);
    await onFinish(values).catch(() => undefined);
  }

  if (action === 'edit' && query?.isError) {
    return <Alert role="alert" type="error" showIcon message={(query.error as GraphqlHttpError).message} action={<Link to={listPath}>Back to {def.label.toLowerCase()}</Link>} />;
  }
  const title = action === 'create' ? `Create ${def.singularLabel.toLowerCase()}` : String(record?.[def.titleField] ?? def.singularLabel);
  return (
    <>
      <Link to={listPath}><ArrowLeftOutlined /> Back to {def.label.toLowerCase()}</Link>
      <Typography.Title level={1} style={{ fontSize: 24, marginTop: 8 }}>{title}</Typography.Title>
      <Card>
        {!canSave && <Alert role="status" type="info" showIcon style={{ marginBottom: 16 }} message={`You can view this ${def.singularLabel.toLowerCase()} but not change it.`} />}
        {conflict && (
          <Alert role="alert" type="warning" showIcon style={{ marginBottom: 16 }} message={conflict.message}
            action={<Button onClick={() => { form.setFieldsValue(conflict.values as never); setVersion(conflict.version); setConflict(null); }}>Load their version</Button>} />
        )}
        <FormErrors errors={errors} />
        {formLoading && action === 'edit' && !record ? <Skeleton active /> : (
          <Form {...formProps} initialValues={action === 'create' ? initialValues : formProps.initialValues} layout="vertical" name={def.name}
            disabled={!canSave || saving} onFinish={submit} style={{ maxWidth: 720 }}>
            {def.fields.map((field) => (
              <Form.Item key={field.name} name={field.name} label={field.label} extra={field.help}
                valuePropName={field.type === 'boolean' ? 'checked' : 'value'} rules={[fieldRule(def.schema.shape[field.name] as z.ZodType)]}>
                <FieldWidget field={field} propertyId={property.id} />
              </Form.Item>
            ))}
            {canSave && (
              <Space>
                <Button type="primary" htmlType="submit" loading={saving}>{saving ? FORM_MESSAGES.saving : action === 'create' ? `Create ${def.singularLabel.toLowerCase()}` : 'Save changes'}</Button>
                <Button onClick={() => navigate(listPath)} disabled={false}>Cancel</Button>
              </Space>
            )}
          </Form>
        )}
      </Card>
    </>
  );
}
