import { useEffect } from 'react';
import { Form, Typography } from 'antd';
import { GrowingTextArea } from './growing-text-area';
import { CANCELLATION_TEXTS } from '../../../resources/rate-plans/cancellation-terms';
import { withCancellationText } from '../../../resources/properties/policy-fields';
import type { WidgetProps } from './widget-props';

/**
 * The property's cancellation policy: with standard terms set, the text the API writes from them
 * (read-only, kept in step as the tiers change); without them, the hotel's own words.
 */
export function CancellationTextWidget({
  field: _field,
  propertyId: _propertyId,
  ...bound
}: WidgetProps<string | null>) {
  const tiers = Form.useWatch('cancellationTiers', Form.useFormInstance());
  const fromTerms = Array.isArray(tiers);
  const written = fromTerms
    ? (withCancellationText({ cancellationTiers: tiers }).cancellationPolicy as string | undefined)
    : undefined;
  const { value, onChange } = bound;
  useEffect(() => {
    if (written !== undefined && written !== value) onChange?.(written);
  }, [written, value, onChange]);
  if (!fromTerms) return <GrowingTextArea {...(bound as Record<string, never>)} />;
  return (
    <>
      <GrowingTextArea id={bound.id} readOnly value={written ?? ''} placeholder={CANCELLATION_TEXTS.incomplete} />
      <Typography.Text type="secondary">
        {written ? CANCELLATION_TEXTS.written : CANCELLATION_TEXTS.incomplete}
      </Typography.Text>
    </>
  );
}
