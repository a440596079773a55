import type { ClipboardEvent } from 'react';
import { Form, InputNumber, Typography } from 'antd';
import { coordinateSummary } from '../../../resources/properties/coordinates';
import type { WidgetProps } from './widget-props';

/** What map sites copy: "-35.3561, 150.4683" (a comma, a semicolon or spaces between). */
const PAIR = /^\s*(-?\d{1,3}(?:\.\d+)?)\s*[,;\s]\s*(-?\d{1,3}(?:\.\d+)?)\s*$/;
const ONE = /^\s*-?\d{1,3}(?:\.\d+)?\s*$/;
export const COORDINATE_MESSAGES = {
  unreadable: 'Paste a number such as -35.3561, or a latitude and longitude pair such as -35.3561, 150.4683',
} as const;

/**
 * Latitude or longitude (issue 25): a pasted pair fills both fields instead of blanking this one,
 * and a paste that is no number says so instead of being dropped.
 */
export function CoordinateInput({ field, propertyId: _propertyId, ...bound }: WidgetProps<number | null>) {
  const form = Form.useFormInstance();
  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    const text = e.clipboardData.getData('text');
    const pair = PAIR.exec(text);
    if (pair) {
      e.preventDefault();
      form.setFieldsValue({ latitude: Number(pair[1]), longitude: Number(pair[2]) });
      void form.validateFields(['latitude', 'longitude']);
    } else if (!ONE.test(text)) {
      e.preventDefault();
      form.setFields([{ name: field.name, errors: [COORDINATE_MESSAGES.unreadable] }]);
    }
  };
  return (
    <>
      <InputNumber {...bound} onPaste={onPaste} style={{ width: 200 }} />
      {field.name === 'longitude' && <CoordinateSummary />}
    </>
  );
}

/** Where the pair points, in words (no map tiles are reachable): under the second field of the pair. */
function CoordinateSummary() {
  const form = Form.useFormInstance();
  const summary = coordinateSummary(Form.useWatch('latitude', form), Form.useWatch('longitude', form));
  return (
    <Typography.Paragraph type="secondary" aria-live="polite" style={{ margin: '4px 0 0' }}>
      {summary && `Location: ${summary}`}
    </Typography.Paragraph>
  );
}
