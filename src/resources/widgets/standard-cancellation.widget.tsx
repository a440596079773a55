import { Button, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { CANCELLATION_TEXTS } from '../../../resources/rate-plans/cancellation-terms';
import { CancellationTiersWidget } from './cancellation-tiers.widget';
import type { WidgetProps } from './widget-props';

type Tier = { daysBeforeArrival: number | null; penaltyPercent: number | null };

/**
 * A property's standard cancellation terms, with the rate plans' tiers. Not set (a policy written
 * before there were terms) is not free cancellation: it says so, and setting them starts from one
 * tier to fill rather than from free cancellation.
 */
export function StandardCancellationWidget(props: WidgetProps<Tier[] | null>) {
  const { value, onChange, disabled, id } = props;
  if (Array.isArray(value)) return <CancellationTiersWidget {...props} />;
  return (
    <div id={id}>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {CANCELLATION_TEXTS.notSet}
      </Typography.Paragraph>
      {!disabled && (
        <Button icon={<PlusOutlined />} onClick={() => onChange?.([{ daysBeforeArrival: null, penaltyPercent: null }])}>
          {CANCELLATION_TEXTS.set}
        </Button>
      )}
    </div>
  );
}
