import { useEffect } from 'react';
import { App, Button, Card, Form, Input, InputNumber, Select, Switch, Typography } from 'antd';
import { Link, useOutletContext } from 'react-router';
import { useInvalidate } from '@refinedev/core';
import { BackLink, backToProperty } from '../layouts/back-link';
import type { PropertyOutletContext } from '../layouts/property-outlet';
import { Spinner } from '../layouts/spinner';
import { useGql, useGqlSend } from '../portal/use-gql';
import { useVersionedForm } from '../forms/use-versioned-form';
import { FormNotices } from '../forms/form-notices';
import { zodRule } from '../forms/zod-rule';
import { dateTime } from '../reservations/reservation-format';
import type { PropertySettingsQuery } from '../generated/graphql-types';
import { TRAIL_DOCS } from '../../resources/trails/trail.documents';
import { INVENTORY_PROVIDER_LABELS, INVENTORY_PROVIDERS } from '../../resources/domain';
import {
  HOME_CURRENCY,
  SETTINGS_MESSAGES,
  settingsConsequences,
  settingsSchema,
  type PropertySettings,
} from '../../resources/properties/property-settings';
import { NewPropertyCard } from './new-property.card';
import { PropertyFlagsCard } from './property-flags.card';
import './admin.css';

type State = PropertySettingsQuery['propertySettings'];

/** The settings form's fields, in order, with their labels (the conflict notice names them too). */
const FIELDS: { name: keyof PropertySettings; label: string; help?: string }[] = [
  { name: 'name', label: 'Property name' },
  { name: 'inventoryProvider', label: 'Inventory provider', help: 'Who supplies rates and inventory.' },
  { name: 'ratesServiceEnabled', label: 'Rates service', help: 'The rates and inventory calendar in this portal.' },
  { name: 'ratePlansServiceEnabled', label: 'Rate plans service', help: 'Rate plan pages in this portal.' },
  { name: 'canManageContent', label: 'Property users manage content', help: 'Off: only staff change content.' },
  { name: 'canManageRates', label: 'Property users manage rates', help: 'Off: only staff change rates.' },
  { name: 'currencyCode', label: 'Currency' },
  { name: 'exchangeRate', label: `Exchange rate (${HOME_CURRENCY} per unit)` },
  { name: 'previousPropertyId', label: 'Previous property ID' },
  { name: 'propertyGroupId', label: 'Property group' },
];
const label = (name: keyof PropertySettings) => FIELDS.find((f) => f.name === name)!;
/** A field's rule from the settings schema the API checks with: the same messages in both. */
const rule = (name: keyof PropertySettings, asIs = false) => zodRule(settingsSchema.shape[name], { asIs });
const SWITCHES = ['ratesServiceEnabled', 'ratePlansServiceEnabled', 'canManageContent', 'canManageRates'] as const;

/** Admin (issue 29): staff keep the property's settings, with the consequence of each change named before saving. */
export function AdminPage() {
  const { property } = useOutletContext<PropertyOutletContext>();
  const { modal, message } = App.useApp();
  const send = useGqlSend();
  const invalidate = useInvalidate();
  const { data, isLoading, error, refetch } = useGql<PropertySettingsQuery>(
    ['property-settings', property.id],
    TRAIL_DOCS.settings,
    { propertyId: property.id },
  );
  const [form] = Form.useForm<PropertySettings>();
  const state = data?.propertySettings;
  const save = useVersionedForm<PropertySettings>({
    form,
    name: 'property_settings',
    announce: false,
    send: async (values, version) =>
      send(TRAIL_DOCS.saveSettings, { input: { propertyId: property.id, version, values: normalise(values) } }),
    onSaved: async (result) => {
      const saved = (result as { savePropertySettings: State }).savePropertySettings;
      save.setVersion(saved.version);
      form.setFieldsValue(saved.values as PropertySettings);
      message.success(SETTINGS_MESSAGES.saved);
      await refetch();
      // The property's header, navigation and abilities read these settings.
      await invalidate({ invalidates: ['all'] });
    },
  });
  const { setVersion } = save;
  // Loaded once per answer; the form then holds the user's edits.
  useEffect(() => {
    if (!state) return;
    form.setFieldsValue(state.values as PropertySettings);
    setVersion(state.version);
  }, [state, form, setVersion]);
  const currency = Form.useWatch('currencyCode', form);

  if (isLoading) return <Spinner />;
  if (error || !state) return <Typography.Text type="danger">{error?.message}</Typography.Text>;

  const onFinish = (values: PropertySettings) => {
    const consequences = settingsConsequences(state.values as PropertySettings, normalise(values));
    if (!consequences.length) return save.submit(values);
    modal.confirm({
      title: SETTINGS_MESSAGES.confirmTitle,
      width: 520,
      okText: 'Save settings',
      content: (
        <ul className="admin-consequences">
          {consequences.map((c) => (
            <li key={c.text}>
              <strong>{label(c.field).label}:</strong> {c.text}
            </li>
          ))}
        </ul>
      ),
      onOk: () => save.submit(values),
    });
  };

  return (
    <>
      <BackLink {...backToProperty(property.id)} />
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        Admin
      </Typography.Title>
      <div className="admin-grid">
        <Card title="Property settings" className="admin-card">
          <Form<PropertySettings>
            form={form}
            name="property-settings"
            layout="vertical"
            onFinish={onFinish}
            {...save.formProps}
            requiredMark
          >
            <FormNotices readOnly={null} save={save} form={form} fields={FIELDS} />
            <Form.Item name="name" label={label('name').label} required rules={[rule('name')]}>
              <Input maxLength={200} />
            </Form.Item>
            <Form.Item
              name="inventoryProvider"
              label={label('inventoryProvider').label}
              extra={label('inventoryProvider').help}
            >
              <Select
                allowClear
                placeholder="None"
                options={INVENTORY_PROVIDERS.map((p) => ({ value: p, label: INVENTORY_PROVIDER_LABELS[p] }))}
              />
            </Form.Item>
            {SWITCHES.map((name) => (
              <Form.Item
                key={name}
                name={name}
                label={label(name).label}
                extra={label(name).help}
                valuePropName="checked"
              >
                <Switch />
              </Form.Item>
            ))}
            <div className="admin-row">
              <Form.Item
                name="currencyCode"
                label={label('currencyCode').label}
                required
                rules={[rule('currencyCode')]}
                normalize={(v: string) => v?.toUpperCase()}
              >
                <Input maxLength={3} style={{ width: 100 }} />
              </Form.Item>
              {currency && currency !== HOME_CURRENCY && (
                <Form.Item
                  name="exchangeRate"
                  label={label('exchangeRate').label}
                  extra={state.fxUpdatedAt ? `Updated ${dateTime(state.fxUpdatedAt)}` : 'Not set yet'}
                  rules={[
                    { required: true, message: SETTINGS_MESSAGES.exchangeRateNeeded },
                    rule('exchangeRate', true),
                  ]}
                >
                  <InputNumber min={0.000001} step={0.01} style={{ width: 160 }} />
                </Form.Item>
              )}
            </div>
            <Form.Item name="previousPropertyId" label={label('previousPropertyId').label}>
              <InputNumber min={1} precision={0} style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="propertyGroupId" label={label('propertyGroupId').label}>
              <Select
                allowClear
                showSearch
                optionFilterProp="label"
                placeholder="No group"
                options={state.groups.map((g) => ({ value: g.id, label: `${g.name} (ID ${g.id})` }))}
              />
            </Form.Item>
            <div className="admin-actions">
              <Button type="primary" htmlType="submit" loading={save.saving}>
                Save settings
              </Button>
              <Link to={`/properties/${property.id}/trails?section=property`}>See changes in Trails</Link>
            </div>
          </Form>
        </Card>
        <PropertyFlagsCard property={property} />
        <NewPropertyCard groups={state.groups} />
      </div>
    </>
  );
}

/** What the form holds → what the API takes: no exchange rate for the home currency, none for blanks. */
function normalise(v: PropertySettings): PropertySettings {
  const currencyCode = (v.currencyCode ?? '').toUpperCase();
  return {
    ...v,
    currencyCode,
    inventoryProvider: v.inventoryProvider ?? null,
    exchangeRate: currencyCode === HOME_CURRENCY ? null : (v.exchangeRate ?? null),
    previousPropertyId: v.previousPropertyId ?? null,
    propertyGroupId: v.propertyGroupId ?? null,
  };
}
