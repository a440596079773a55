import { Checkbox, Input } from 'antd';
import type { WidgetProps } from './widget-props';

/** Form.Item's binding (id, value or checked, onChange, disabled) without the field and property the registry adds. */
type Bound = Omit<WidgetProps, 'field' | 'propertyId'> & Record<string, unknown>;
const bound = ({ field: _field, propertyId: _propertyId, ...rest }: WidgetProps & Record<string, unknown>) =>
  rest as Bound as Record<string, never>;

/** A time of day (check-in at 14:00), as the browser's own time input. */
export const TimeInput = (p: WidgetProps) => <Input type="time" style={{ width: 200 }} {...bound(p)} />;

/** An email address, with the keyboard and autofill for one. */
export const EmailInput = (p: WidgetProps) => (
  <Input type="email" autoComplete={p.field.autoComplete ?? 'email'} {...bound(p)} />
);

/** An Australian phone number, typed without its +61. */
export const PhoneInput = (p: WidgetProps) => (
  <Input inputMode="tel" addonBefore="+61" autoComplete={p.field.autoComplete ?? 'tel'} {...bound(p)} />
);

/** One yes-or-no choice worded as a sentence: the label is the checkbox's own text. */
export const CheckboxInput = (p: WidgetProps) => <Checkbox {...bound(p)}>{p.field.label}</Checkbox>;

/** Any of a list, every option in view (facilities). */
export const CheckboxesInput = (p: WidgetProps) => (
  <Checkbox.Group
    options={p.field.options as never}
    style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))', gap: 8 }}
    {...bound(p)}
  />
);
