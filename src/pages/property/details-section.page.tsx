import { factsFromProperty } from '../../../resources/domain';
import { useEffect } from 'react';
import { Alert, Button, Card, Checkbox, Descriptions, Form, Input, InputNumber, Select, Spin, Typography } from 'antd';
import { useOutletContext } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { PropertyOutletContext } from '../../layouts/property-outlet';
import { gqlRequest } from '../../../providers/graphql-request';
import {
  DETAILS_DOCS,
  DETAILS_SECTIONS,
  type FieldDef,
  type SectionKey,
} from '../../../resources/properties/details.resource';
import { FORM_MESSAGES } from '../../../resources/messages';
import { on } from '../../../abilities/define-ability';
import { useAbility } from '../../access/ability';
import { useGql } from '../../portal/use-gql';
import { FormErrors } from '../../forms/form-errors';
import { zodRule } from '../../forms/zod-rule';
import { useVersionedForm } from '../../forms/use-versioned-form';
import { ConflictNotice } from '../../forms/conflict-notice';
import { DetailsTabs } from './details-tabs';
import { BackLink, backToProperty } from '../../layouts/back-link';

type Loaded = {
  viewer: { property: { details: { sections: Record<string, Record<string, unknown>>; version: number } } };
};

/** The input for a details field, from its type (and the time and checkboxes widgets). Form.Item hands its child id, value and onChange: pass them through, or the input is not bound to the form. */
function Widget({ field, ...bound }: { field: FieldDef } & Record<string, unknown>) {
  if (field.widget === 'time') return <Input type="time" style={{ width: 200 }} {...bound} />;
  if (field.widget === 'checkboxes')
    return (
      <Checkbox.Group
        options={field.options as never}
        style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))', gap: 8 }}
        {...bound}
      />
    );
  switch (field.type) {
    case 'text':
      return <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} {...bound} />;
    case 'enum':
      return <Select allowClear options={field.options as never} placeholder="Choose…" {...bound} />;
    case 'int':
    case 'decimal':
      return <InputNumber style={{ width: 200 }} {...bound} />;
    default:
      return <Input {...bound} />;
  }
}

/** One details section (spec §2 details/*), rendered from its definition and saved through the API. */
export function DetailsSectionPage({ section }: { section: SectionKey }) {
  const def = DETAILS_SECTIONS[section];
  const { property } = useOutletContext<PropertyOutletContext>();
  const ability = useAbility();
  const canEdit = ability.can('update', on('Property', factsFromProperty(property)));
  const { data, isLoading } = useGql<Loaded>(['details', property.id], DETAILS_DOCS.propertyDetails, {
    id: property.id,
  });
  const [form] = Form.useForm();
  const client = useQueryClient();
  const save = useVersionedForm({
    form,
    name: `details-${section}`,
    send: (values, version) =>
      gqlRequest(DETAILS_DOCS.savePropertyDetails, { input: { propertyId: property.id, section, version, values } }),
    onSaved: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['gql', 'details', property.id] }),
        client.invalidateQueries({ queryKey: ['gql', 'property', property.id] }),
      ]),
  });
  const { setVersion } = save;

  useEffect(() => {
    if (!data) return;
    form.resetFields();
    form.setFieldsValue(data.viewer.property.details.sections[section] ?? {});
    setVersion(data.viewer.property.details.version);
  }, [data, form, section, setVersion]);

  if (isLoading) return <Spin />;

  return (
    <>
      <BackLink {...backToProperty(property.id)} />
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        {def.title}
      </Typography.Title>
      <DetailsTabs propertyId={property.id} />
      <Card>
        {!canEdit && (
          <Alert
            role="status"
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            message="You can view these details but not change them."
          />
        )}
        {section === 'commercial-terms' && (
          <Descriptions column={1} size="small" style={{ marginBottom: 16 }}>
            <Descriptions.Item label="Currency">{property.currencyCode}</Descriptions.Item>
            {property.fx && (
              <Descriptions.Item label="Exchange rate">
                1 AUD = {property.fx.exchangeRate} {property.fx.currencyCode} (updated{' '}
                {new Date(property.fx.updatedAt).toLocaleDateString('en-AU')})
              </Descriptions.Item>
            )}
          </Descriptions>
        )}
        <ConflictNotice
          conflict={save.conflict}
          form={form}
          fields={def.fields}
          onUseTheirs={save.takeTheirs}
          onKeepMine={save.keepMine}
        />
        <FormErrors errors={save.errors} />
        <Form
          form={form}
          name={`details-${section}`}
          layout="vertical"
          disabled={!canEdit || save.saving}
          onFinish={save.submit}
          {...save.formProps}
          style={{ maxWidth: 720 }}
        >
          {def.fields.map((field) => (
            <Form.Item
              key={field.name}
              name={field.name}
              label={field.label}
              extra={field.help}
              rules={[zodRule(def.schema.shape[field.name] as never)]}
            >
              <Widget field={field} />
            </Form.Item>
          ))}
          {canEdit && (
            <Button type="primary" htmlType="submit" loading={save.saving}>
              {save.saving ? FORM_MESSAGES.saving : 'Save changes'}
            </Button>
          )}
        </Form>
      </Card>
    </>
  );
}
