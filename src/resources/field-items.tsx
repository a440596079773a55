import { Form } from 'antd';
import { useGetIdentity } from '@refinedev/core';
import type { PortalIdentity } from '../../providers/auth-provider';
import type { z } from 'zod';
import type { FieldDef } from '../../resources/define-resource';
import { FieldWidget, LABELLED_WIDGETS } from './field-widget';
import { fileRule } from './field-rules';
import { zodRule } from '../forms/zod-rule';

/** A field its schema will not take empty (neither left out nor null): the form marks it with the required asterisk. */
const mustHave = (schema: z.ZodType | undefined) =>
  Boolean(schema) && !schema!.safeParse(undefined).success && !schema!.safeParse(null).success;

/**
 * The one field renderer of every form built from a definition (a resource's create and edit, a
 * single record, a details section, a key contact): each field's widget, label, help and the rule
 * that gives the API's own first message.
 */
export function FieldItems({
  fields,
  schema,
  propertyId,
}: {
  fields: FieldDef[];
  schema: z.ZodObject;
  propertyId: number;
}) {
  const { data: identity } = useGetIdentity<PortalIdentity>();
  const staff = Boolean(identity?.isStaff);
  return fields.map((field) => {
    // A field the brand's staff set (a commission): shown to others, never editable by them.
    const locked = Boolean(field.staffOnly) && !staff;
    const item = (
      <Form.Item
        key={field.name}
        name={field.name}
        preserve={!field.shownWhen}
        required={mustHave(schema.shape[field.name] as z.ZodType)}
        label={field.widget && LABELLED_WIDGETS.has(field.widget) ? undefined : field.label}
        extra={locked ? field.staffOnly : field.help}
        valuePropName={field.type === 'boolean' ? 'checked' : 'value'}
        rules={[
          field.type === 'file' ? fileRule(field) : zodRule(schema.shape[field.name] as z.ZodType, { asIs: true }),
        ]}
      >
        <FieldWidget field={field} propertyId={propertyId} {...(locked ? { disabled: true } : {})} />
      </Form.Item>
    );
    const when = field.shownWhen;
    if (!when) return item;
    return (
      <Form.Item key={field.name} noStyle shouldUpdate={(before, after) => before[when.field] !== after[when.field]}>
        {({ getFieldValue }) => (when.in.includes(getFieldValue(when.field)) ? item : null)}
      </Form.Item>
    );
  });
}
