import { useEffect, useMemo, useRef } from 'react';
import { Card, Form, Spin, Typography } from 'antd';
import { useOutletContext } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { PropertyOutletContext } from '../layouts/property-outlet';
import type { ResourceDef } from '../../resources/define-resource';
import { operationNames, resourceDocuments } from '../../resources/resource.documents';
import { refreshGql, useGqlSend, useGql } from '../portal/use-gql';
import { useVersionedForm } from '../forms/use-versioned-form';
import { emptyToNull } from './field-rules';
import { RecordForm } from './record-form';
import { useResourceAccess } from './use-resource-access';
import { BackLink, backToProperty } from '../layouts/back-link';

type Values = Record<string, unknown>;

/** One record per property (a definition with `single`): loaded by property, saved whole through the versioned form. */
export function ResourceSinglePage({ def }: { def: ResourceDef }) {
  const send = useGqlSend();
  const { property } = useOutletContext<PropertyOutletContext>();
  const access = useResourceAccess(def, property);
  const docs = resourceDocuments(def);
  const { data, isLoading } = useGql<Record<string, Values | null>>([def.name, property.id], docs.one, {
    propertyId: property.id,
  });
  const record = data?.[operationNames(def).one] ?? null;
  const initialValues = useMemo(
    () => Object.fromEntries(def.fields.filter((f) => f.initial !== undefined).map((f) => [f.name, f.initial])),
    [def],
  );
  const [form] = Form.useForm<Values>();
  const client = useQueryClient();
  const save = useVersionedForm<Values>({
    form,
    name: def.name,
    send: (values, version) =>
      send(docs.save!, { input: { propertyId: property.id, version, values: emptyToNull(values) } }),
    onSaved: (result) => {
      // The form already shows what was saved: the refetch must not put it back over what the user types next.
      shown.current =
        (result as Record<string, { version?: number } | null>)[operationNames(def).save]?.version ?? null;
      return refreshGql(client, [def.name, property.id]);
    },
  });
  const { setVersion } = save;
  /** The version whose values the form shows. */
  const shown = useRef<number | null>(null);

  useEffect(() => {
    if (!data) return;
    const version = (record?.version as number | undefined) ?? null;
    setVersion(version);
    if (version !== null && version === shown.current) return;
    shown.current = version;
    form.setFieldsValue(
      (record ? Object.fromEntries(def.fields.map((f) => [f.name, record[f.name]])) : initialValues) as never,
    );
  }, [data, record, def, form, initialValues, setVersion]);

  if (isLoading) return <Spin />;
  return (
    <>
      <BackLink {...backToProperty(property.id)} />
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        {def.label}
      </Typography.Title>
      <Card>
        <RecordForm
          name={def.name}
          fields={def.fields}
          schema={def.schema}
          propertyId={property.id}
          form={form}
          save={save}
          readOnly={access.update ? null : `You can view the ${def.singularLabel.toLowerCase()} but not change them.`}
        />
      </Card>
    </>
  );
}
