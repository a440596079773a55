import { useMemo } from 'react';
import { Card, Form, Spin, Typography } from 'antd';
import { useOutletContext } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { PropertyOutletContext } from '../layouts/property-outlet';
import type { ResourceDef } from '../../resources/define-resource';
import { operationNames, resourceDocuments } from '../../resources/resource.documents';
import { refreshGql, useGqlSend, useGql } from '../portal/use-gql';
import { useVersionedForm } from '../forms/use-versioned-form';
import { useStoredValues } from '../forms/use-stored-values';
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
    onSaved: () => {
      // This page's own save: its new version is taken as it arrives (the form already shows it).
      stored.ownSave();
      return refreshGql(client, [def.name, property.id]);
    },
  });
  // The stored values reach the form when first read and when a newer version arrives (another
  // tab's save), never over what the user has started typing: that save then comes back as a conflict.
  const stored = useStoredValues(form, {
    loaded: Boolean(data),
    version: (record?.version as number | undefined) ?? null,
    values: () => (record ? Object.fromEntries(def.fields.map((f) => [f.name, record[f.name]])) : initialValues),
    setVersion: save.setVersion,
  });

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
