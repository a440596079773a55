import { useState } from 'react';
import { App, Button, Card, Form, Input, Select } from 'antd';
import { Link } from 'react-router';
import { useGqlSend } from '../portal/use-gql';
import { FormErrors } from '../forms/form-errors';
import { zodRule } from '../forms/zod-rule';
import { settingsSchema } from '../../resources/properties/property-settings';
import type { GqlError } from '../../providers/graphql-errors';
import { TRAIL_DOCS } from '../../resources/trails/trail.documents';
import { INVENTORY_PROVIDER_LABELS, INVENTORY_PROVIDERS } from '../../resources/domain';
import { NEW_PROPERTY_MESSAGES, type NewProperty } from '../../resources/properties/new-property';
import { COUNTRY_OPTIONS } from '../../resources/properties/countries';

type Created = { createProperty: { id: number; name: string } };

/** Staff make a property (what `npm run cli -- create-property` does) and may put it in a group. */
export function NewPropertyCard({ groups }: { groups: readonly { id: number; name: string }[] }) {
  const { message } = App.useApp();
  const send = useGqlSend();
  const [form] = Form.useForm<NewProperty>();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [made, setMade] = useState<{ id: number; name: string } | null>(null);

  async function create(values: NewProperty) {
    setBusy(true);
    setErrors([]);
    try {
      const input = Object.fromEntries(Object.entries(values).filter(([, v]) => v != null && v !== ''));
      const { createProperty } = await send<Created>(TRAIL_DOCS.createProperty, { input });
      setMade(createProperty);
      message.success(NEW_PROPERTY_MESSAGES.created(createProperty.name));
      form.resetFields();
    } catch (e) {
      const error = e as GqlError;
      const fields = Object.entries(error.fields ?? {});
      if (fields.length) form.setFields(fields.map(([name, list]) => ({ name: name as never, errors: list })));
      setErrors(error.messages ?? [error.message]);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card title="New property" className="admin-card">
      <Form<NewProperty> form={form} name="new-property" layout="vertical" onFinish={create} requiredMark>
        <FormErrors errors={errors} />
        <Form.Item name="name" label="Name" required rules={[zodRule(settingsSchema.shape.name)]}>
          <Input maxLength={200} />
        </Form.Item>
        <div className="admin-row">
          <Form.Item name="suburb" label="Suburb">
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="country" label="Country">
            <Select
              showSearch
              allowClear
              optionFilterProp="label"
              options={COUNTRY_OPTIONS}
              placeholder="Type to search…"
              style={{ width: '100%' }}
            />
          </Form.Item>
        </div>
        <Form.Item name="inventoryProvider" label="Inventory provider" initialValue="extranet">
          <Select options={INVENTORY_PROVIDERS.map((p) => ({ value: p, label: INVENTORY_PROVIDER_LABELS[p] }))} />
        </Form.Item>
        <Form.Item name="propertyGroupId" label="Property group">
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder="No group"
            options={groups.map((g) => ({ value: g.id, label: `${g.name} (ID ${g.id})` }))}
          />
        </Form.Item>
        <div className="admin-actions">
          <Button htmlType="submit" loading={busy}>
            Create property
          </Button>
          {made && <Link to={`/properties/${made.id}`}>Open {made.name}</Link>}
        </div>
      </Form>
    </Card>
  );
}
