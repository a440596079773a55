import { useMemo, useRef } from 'react';
import { useCreate, useOne, useUpdate } from '@refinedev/core';
import { Alert, Button, Card, Form, Skeleton, Space, Typography } from 'antd';
import { CloseOutlined, PlusOutlined } from '@ant-design/icons';
import { gql } from '@urql/core';
import { Link, useNavigate, useOutletContext, useParams } from 'react-router';
import type { PropertyOutletContext } from '../layouts/property-outlet';
import type { ResourceDef } from '../../resources/define-resource';
import { asStored, emptyToNull, withUploads } from './field-rules';
import { resourceDocuments } from '../../resources/resource.documents';
import { CONFIRM_STEP, FORM_MESSAGES } from '../../resources/messages';
import type { GqlError } from '../../providers/graphql-errors';
import { SaveButton } from '../forms/save-button';
import { NOT_SENT, useVersionedForm } from '../forms/use-versioned-form';
import { useConfirmStep } from '../forms/use-confirm-step';
import { useStoredValues } from '../forms/use-stored-values';
import { FormNotices } from '../forms/form-notices';
import { trackForm } from '../lib/tracking';
import { FieldItems } from './field-items';
import { useResourceAccess } from './use-resource-access';
import { resourcePath } from './resource-paths';
import { BackLink } from '../layouts/back-link';
import { CREATE_SUMMARIES, FORM_PANELS } from './form-panels';
import { RecordTrail } from '../trails/record-trail';
import { continueWith, useSaveAndContinue } from '../properties/save-and-continue';

type Values = Record<string, unknown>;

/** A record's edit form as a page of its own: the server draws it (DRAWN_PAGES), where a new record's form is left to the portal. */
export function ResourceEditPage({ def }: { def: ResourceDef }) {
  return <ResourceFormPage def={def} action="edit" />;
}

/** One form for creating and editing any resource, built from its definition, checked with its schema before it is sent, and saved through the versioned form. */
export function ResourceFormPage({ def, action }: { def: ResourceDef; action: 'create' | 'edit' }) {
  const { property } = useOutletContext<PropertyOutletContext>();
  const { id, parentId } = useParams();
  const navigate = useNavigate();
  const access = useResourceAccess(def, property);
  const steps = useSaveAndContinue(property);
  const docs = resourceDocuments(def);
  const listPath = resourcePath(def, property.id, 'list', undefined, parentId);
  const canSave = !def.readOnly && (action === 'create' ? access.create : access.update);
  const initialValues = useMemo(
    () => Object.fromEntries(def.fields.filter((f) => f.initial !== undefined).map((f) => [f.name, f.initial])),
    [def],
  );
  const { mutateAsync: create } = useCreate<Values, GqlError>();
  const { mutateAsync: update } = useUpdate<Values, GqlError>();
  const gqlMutation = useMemo(() => gql(action === 'create' ? docs.create : docs.update), [action, docs]);

  const [form] = Form.useForm<Values>();
  // The record is read with Refine's useOne and put into the form by useStoredValues (below), not by
  // Refine's useForm: that one resets the whole form whenever the record's data changes (a refetch on
  // refocus, another tab's save), wiping what the user is typing and moving the version under it.
  const { query } = useOne<Values, GqlError>({
    resource: def.name,
    id,
    meta: { gqlQuery: useMemo(() => gql(docs.one), [docs.one]) },
    queryOptions: { enabled: action === 'edit' && id !== undefined },
    errorNotification: false,
  });
  const formLoading = query.isLoading;
  const step = useConfirmStep();
  // The server's question about a save (REFUSED with extensions.confirm: a name another plan has), asked once it has answered.
  const question = useRef<string | null>(null);
  const confirmed = useRef(false);
  const save = useVersionedForm<Values>({
    form,
    name: def.name,
    announce: false,
    send: async (values, version) => {
      try {
        return await send(values, version);
      } catch (e) {
        const error = e as GqlError;
        if (confirmed.current || error.code !== 'REFUSED' || !error.extensions?.confirm) throw e;
        question.current = error.message;
        return NOT_SENT;
      }
    },
    onSaved: () => navigate(listPath),
  });
  function send(values: Values, version: number | null) {
    const common = {
      resource: def.name,
      values: withUploads(def, values),
      successNotification: () => ({ type: 'success' as const, message: FORM_MESSAGES.saved }),
      errorNotification: false as const,
    };
    return action === 'create'
      ? create({
          ...common,
          meta: {
            gqlMutation,
            propertyId: property.id,
            scope: def.parent ? { [def.parent.field]: parentId } : undefined,
            confirm: confirmed.current,
          },
        })
      : update({ ...common, id: id!, meta: { gqlMutation, version, confirm: confirmed.current } });
  }

  const record = query?.data?.data as Values | undefined;
  // The stored values (and the version a save is checked against) reach the form when they are first
  // read and when a newer version arrives, never over what the user has started typing.
  useStoredValues(form, {
    loaded: action === 'edit' && Boolean(record),
    version: (record?.version as number | undefined) ?? null,
    values: () => record ?? {},
    setVersion: save.setVersion,
    record: id,
  });

  async function submit(raw: Values, then?: () => Promise<void>) {
    save.setErrors([]);
    const values = emptyToNull(raw);
    const parsed = def.schema.safeParse(asStored(def, values));
    if (!parsed.success) {
      const fields: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) (fields[String(issue.path[0] ?? '_form')] ??= []).push(issue.message);
      save.showFieldErrors(fields);
      trackForm('form_error', def.name);
      return;
    }
    const summary = action === 'create' && def.createSummary ? CREATE_SUMMARIES[def.createSummary] : undefined;
    if (
      summary &&
      !(await step.ask({
        title: summary.title,
        okText: CONFIRM_STEP.confirm,
        content: <summary.Component def={def} values={values} propertyId={property.id} />,
      }))
    )
      return;
    trackForm('form_submit', def.name);
    confirmed.current = false;
    question.current = null;
    await save.submit(values, then);
    const asked = question.current as string | null;
    if (!asked) return;
    question.current = null;
    if (!(await step.ask({ title: CONFIRM_STEP.askTitle, okText: CONFIRM_STEP.saveAnyway, content: asked }))) return;
    confirmed.current = true;
    await save.submit(values, then);
    confirmed.current = false;
  }

  if (action === 'edit' && query?.isError) {
    return (
      <Alert
        role="alert"
        type="error"
        showIcon
        message={(query.error as GqlError).message}
        action={<Link to={listPath}>Back to {def.label.toLowerCase()}</Link>}
      />
    );
  }
  const Panel = def.formPanel ? FORM_PANELS[def.formPanel] : undefined;
  const title =
    action === 'create'
      ? `Create ${def.singularLabel.toLowerCase()}`
      : String(record?.[def.titleField] ?? def.singularLabel);
  return (
    <>
      <BackLink to={listPath} label={`Back to ${def.label.toLowerCase()}`} />
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        {title}
      </Typography.Title>
      <Card>
        <FormNotices
          readOnly={
            !canSave && !def.readOnly ? `You can view this ${def.singularLabel.toLowerCase()} but not change it.` : null
          }
          save={save}
          form={form}
          fields={def.fields}
        />
        {formLoading && action === 'edit' && !record ? (
          <Skeleton active />
        ) : (
          <Form
            form={form}
            initialValues={action === 'create' ? initialValues : undefined}
            layout="vertical"
            name={def.name}
            disabled={!canSave || save.saving}
            onFinish={submit}
            {...save.formProps}
            style={{ maxWidth: 720 }}
          >
            <FieldItems fields={def.fields} schema={def.schema} propertyId={property.id} />
            {canSave && (
              <Space wrap>
                {/* A new record's button says what it creates (the defaults: Save changes). */}
                <SaveButton
                  saving={save.saving}
                  label={action === 'create' ? `Create ${def.singularLabel.toLowerCase()}` : undefined}
                  icon={action === 'create' ? <PlusOutlined aria-hidden /> : undefined}
                />
                {steps.button(continueWith(form, submit, save.formProps.onFinishFailed, steps.goOn), save.saving)}
                <Button icon={<CloseOutlined aria-hidden />} onClick={() => navigate(listPath)} disabled={false}>
                  Cancel
                </Button>
              </Space>
            )}
          </Form>
        )}
      </Card>
      {Panel && (action === 'create' || record) && <Panel def={def} form={form} property={property} recordId={id} />}
      {step.modal}
      {action === 'edit' && <RecordTrail propertyId={property.id} subjectType={def.typeName} subjectId={id} />}
    </>
  );
}
