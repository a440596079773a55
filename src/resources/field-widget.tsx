import type { ComponentType } from 'react';
import { Input, Select, Switch } from 'antd';
import { NumberInput } from './widgets/number-input';
import { NativeChoice } from './widgets/native-choice';
import { useScreenAtLeast } from '../lib/use-screen';
import { GrowingTextArea } from './widgets/growing-text-area';
import { DateInput } from './widgets/date-input';
import { RefSelect } from './widgets/ref-select';
import { CancellationTiersWidget } from './widgets/cancellation-tiers.widget';
import { InclusionsWidget } from './widgets/inclusions.widget';
import { FileInput } from './widgets/file-input';
import { BlackoutDatesWidget } from './widgets/blackout-dates.widget';
import { CoordinateInput } from './widgets/coordinate-input';
import { StandardCancellationWidget } from './widgets/standard-cancellation.widget';
import { CancellationTextWidget } from './widgets/cancellation-text.widget';
import { BedRowsWidget } from './widgets/bed-rows.widget';
import { CustomInclusionsWidget } from './widgets/custom-inclusions.widget';
import { RateLinkWidget } from './widgets/rate-link.widget';
import type { WidgetProps } from './widgets/widget-props';
import { CheckboxesInput, CheckboxInput, EmailInput, PhoneInput, TimeInput } from './widgets/plain-inputs';

/** Widgets a definition can name in `widget:`; one line here makes a new one available to every resource. */
export const WIDGETS: Record<string, ComponentType<WidgetProps<never>>> = {
  'cancellation-tiers': CancellationTiersWidget as never,
  inclusions: InclusionsWidget as never,
  time: TimeInput as never,
  email: EmailInput as never,
  phone: PhoneInput as never,
  checkbox: CheckboxInput as never,
  checkboxes: CheckboxesInput as never,
  'blackout-dates': BlackoutDatesWidget as never,
  coordinate: CoordinateInput as never,
  'standard-cancellation': StandardCancellationWidget as never,
  'cancellation-text': CancellationTextWidget as never,
  'bed-rows': BedRowsWidget as never,
  'custom-inclusions': CustomInclusionsWidget as never,
  'rate-link': RateLinkWidget as never,
};
/** Widgets that carry their field's label themselves (a checkbox's text): the form item shows none. */
export const LABELLED_WIDGETS = new Set(['checkbox']);

/** A long list (countries, time zones) is searched by typing rather than scrolled. */
/** A list's prompt before anything is chosen, on either screen. */
const CHOOSE = 'Choose…';
const searchable = (field: WidgetProps['field']) => (field.options?.length ?? 0) > 20;

/** The input for a field: the named widget, or the default for its type. Form.Item's id, value and onChange pass through. */
export function FieldWidget({ field, propertyId, ...rest }: WidgetProps & Record<string, unknown>) {
  const bound = rest as Record<string, never>;
  // A required field's aria-required belongs on an input; a Select or a named widget would put it on a plain div.
  const { 'aria-required': _required, ...selectBound } = bound as Record<string, never>;
  // On a phone a list is the browser's own select (src/resources/widgets/native-choice.tsx).
  const phone = !useScreenAtLeast('md');
  const Named = field.widget ? WIDGETS[field.widget] : undefined;
  if (Named) return <Named field={field} propertyId={propertyId} {...(selectBound as object)} />;
  switch (field.type) {
    case 'text':
      return <GrowingTextArea {...bound} />;
    case 'int':
      return <NumberInput precision={0} style={{ width: 200 }} {...bound} />;
    case 'decimal':
      return <NumberInput style={{ width: 200 }} {...bound} />;
    case 'boolean':
      return <Switch {...bound} />;
    case 'date':
      return <DateInput {...bound} />;
    case 'enum':
      if (phone)
        return (
          <NativeChoice options={field.options ?? []} placeholder={CHOOSE} style={{ maxWidth: 320 }} {...selectBound} />
        );
      return (
        <Select
          allowClear
          options={field.options as never}
          placeholder={searchable(field) ? 'Type to search…' : CHOOSE}
          showSearch={searchable(field)}
          optionFilterProp="label"
          style={{ maxWidth: 320 }}
          {...selectBound}
        />
      );
    case 'enums':
      return (
        <Select mode="multiple" allowClear options={field.options as never} placeholder={CHOOSE} {...selectBound} />
      );
    case 'refs':
      return <RefSelect field={field} propertyId={propertyId} {...selectBound} />;
    case 'file':
      return <FileInput field={field} propertyId={propertyId} {...bound} />;
    default:
      return <Input autoComplete={field.autoComplete} {...bound} />;
  }
}
