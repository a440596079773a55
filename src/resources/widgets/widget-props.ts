import type { FieldDef } from '../../../resources/define-resource';

/** What a form widget gets: Form.Item's binding (id, value, onChange) plus the field and the property. */
export type WidgetProps<T = unknown> = {
  field: FieldDef;
  propertyId: number;
  id?: string;
  value?: T;
  onChange?: (value: T) => void;
  disabled?: boolean;
};
