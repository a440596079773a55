import { useEffect, useState } from 'react';
import { useWarnAboutChange } from '@refinedev/core';
import { Alert, App, Button, Card, Checkbox, Descriptions, Form, Input, InputNumber, Select, Spin, Typography } from 'antd';
import { useOutletContext } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { PropertyOutletContext } from '../../layouts/property-layout';
import { GqlError, gqlRequest } from '../../../providers/graphql-request';
import { DETAILS_CONFLICT, DETAILS_DOCS, DETAILS_SECTIONS, type FieldDef, type SectionKey } from '../../../resources/properties/details.resource';
import { FORM_MESSAGES } from '../../../resources/messages';
import { on } from '../../../abilities/define-ability';
import { useAbility } from '../../access/ability';
import { useGql } from '../../portal/use-gql';
import { FormErrors } from '../../forms/form-errors';
import { useSavingNotice } from '../../forms/use-saving-notice';
import { zodRule } from '../../forms/zod-rule';
import { trackForm } from '../../lib/tracking';
import { DetailsTabs } from './details-tabs';

type Loaded = { viewer: { property: { details: { sections: Record<string, Record<string, unknown>>; version: number } } } };

/** Form.Item hands its child id, value and onChange: pass them through, or the input is not bound to the form. */
function Widget({ field, ...bound }: { field: FieldDef } & Record<string, unknown>) {
  switch (field.widget) {
    case 'textarea': return <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} {...bound} />;
    case 'select': return <Select allowClear options={field.options} placeholder="Choose…" {...bound} />;
    case 'number': return <InputNumber style={{ width: 200 }} {...bound} />;
    case 'time': return <Input type="time" style={{ width: 200 }} {...bound} />;
    case 'checkboxes': return <Checkbox.Group options={field.options} style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))', gap: 8 }} {...bound} />;
    default: return <Input {...bound} />;
  }
}

/** One details section (spec §2 details/*), rendered from its definition and saved through the API. */
export function DetailsSectionPage({ section }: { section: SectionKey }) {
  const def = DETAILS_SECTIONS[section];
  const { property } = useOutletContext<PropertyOutletContext>();
  const ability = useAbility();
  const canEdit = ability.can('update', on('Property', { propertyId: property.id, propertyGroupId: property.propertyGroupId }));
  const { data, isLoading } = useGql<Loaded>(['details', property.id], DETAILS_DOCS.propertyDetails, { id: property.id });
  const [form] = Form.useForm();
  const { setWarnWhen } = useWarnAboutChange();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [conflict, setConflict] = useState<{ values: Record<string, unknown> | null; version: number } | null>(null);
  const [version, setVersion] = useState(0);
  useSavingNotice(saving);

  useEffect(() => {
    if (!data) return;
    form.resetFields();
    form.setFieldsValue(data.viewer.property.details.sections[section] ?? {});
    setVersion(data.viewer.property.details.version);
  }, [data, form, section]);

  if (isLoading) return <Spin />;

  async function save(values: Record<string, unknown>) {
    setSaving(true);
    setErrors([]);
    try {
      await gqlRequest(DETAILS_DOCS.savePropertyDetails, { input: { propertyId: property.id, section, version, values } });
      setWarnWhen(false);
      setConflict(null);
      trackForm('form_success', `details-${section}`);
      message.success(FORM_MESSAGES.saved);
      await Promise.all([client.invalidateQueries({ queryKey: ['gql', 'details', property.id] }), client.invalidateQueries({ queryKey: ['gql', 'property', property.id] })]);
    } catch (e) {
      trackForm('form_error', `details-${section}`);
      if (e instanceof GqlError && e.code === 'CONFLICT') setConflict(e.extensions.current as never);
      else if (e instanceof GqlError && Object.keys(e.fields).length) {
        form.setFields(Object.entries(e.fields).map(([name, list]) => ({ name, errors: list })));
        setErrors(Object.values(e.fields).flat());
      } else setErrors([e instanceof GqlError ? (e.code === 'NETWORK' ? FORM_MESSAGES.network : e.message) : FORM_MESSAGES.unknown]);
    } finally {
      setSaving(false);
    }
  }

  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 24 }}>{def.title}</Typography.Title>
      <DetailsTabs propertyId={property.id} />
      <Card>
        {!canEdit && <Alert role="status" type="info" showIcon style={{ marginBottom: 16 }} message="You can view these details but not change them." />}
        {section === 'commercial-terms' && (
          <Descriptions column={1} size="small" style={{ marginBottom: 16 }}>
            <Descriptions.Item label="Currency">{property.currencyCode}</Descriptions.Item>
            {property.fx && <Descriptions.Item label="Exchange rate">1 AUD = {property.fx.exchangeRate} {property.fx.currencyCode} (updated {new Date(property.fx.updatedAt).toLocaleDateString('en-AU')})</Descriptions.Item>}
          </Descriptions>
        )}
        {conflict && (
          <Alert role="alert" type="warning" showIcon style={{ marginBottom: 16 }}
            message={DETAILS_CONFLICT}
            action={<Button onClick={() => { form.setFieldsValue(conflict.values ?? {}); setVersion(conflict.version); setConflict(null); setWarnWhen(false); }}>Load their version</Button>} />
        )}
        <FormErrors errors={errors} />
        <Form form={form} name={`details-${section}`} layout="vertical" disabled={!canEdit || saving} onFinish={save} onValuesChange={() => setWarnWhen(true)} style={{ maxWidth: 720 }}>
          {def.fields.map((field) => (
            <Form.Item key={field.name} name={field.name} label={field.label} extra={field.help}
              rules={[zodRule(def.schema.shape[field.name] as never)]}>
              <Widget field={field} />
            </Form.Item>
          ))}
          {canEdit && <Button type="primary" htmlType="submit" loading={saving}>{saving ? FORM_MESSAGES.saving : 'Save changes'}</Button>}
        </Form>
      </Card>
    </>
  );
}
