import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Card,
  Checkbox,
  Form,
  InputNumber,
  Select,
  Space,
  Table,
  Tag,
  Typography,
  type FormInstance,
} from 'antd';
import { useGql } from '../portal/use-gql';
import { DateInput } from '../resources/widgets/date-input';
import { asStored, emptyToNull } from '../resources/field-rules';
import { PROMOTION_DOCS } from '../../resources/promotions/promotion.documents';
import { addDays } from '../../resources/days';
import { dayIn, propertyZone } from '../../resources/property-day';
import type { ResourceDef } from '../../resources/define-resource';
import type { PromotionPreviewQuery, PromotionRoomTypesQuery } from '../generated/graphql-types';
import { money, shortDate } from '../reservations/reservation-format';
import './promotion-preview.css';

type Plan = PromotionPreviewQuery['promotionPreview']['plans'][number];
export type FormPanelProps = {
  def: ResourceDef;
  form: FormInstance;
  property: { id: number; timezone?: string | null; country?: string | null };
  recordId?: string;
};

const price = (amount: string | null, currency: string) => (amount === null ? '—' : money(amount, currency));

function PlanPrice({ plan, currency }: { plan: Plan; currency: string }) {
  return (
    <Card size="small" title={plan.ratePlanName} className="promotion-preview-plan">
      {plan.bookable ? (
        <Table
          size="small"
          pagination={false}
          rowKey="date"
          dataSource={plan.nights}
          columns={[
            { title: 'Night', dataIndex: 'date', render: (d: string) => shortDate(d) },
            { title: 'Rate', dataIndex: 'rate', align: 'right', render: (v: string | null) => price(v, currency) },
            {
              title: 'Guest pays',
              dataIndex: 'paid',
              align: 'right',
              render: (v: string | null) => price(v, currency),
            },
          ]}
          summary={() => (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0}>Total</Table.Summary.Cell>
              <Table.Summary.Cell index={1} align="right">
                {price(plan.base, currency)}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={2} align="right">
                <strong>{price(plan.total, currency)}</strong>
              </Table.Summary.Cell>
            </Table.Summary.Row>
          )}
        />
      ) : (
        <Typography.Text type="secondary">Not bookable for this stay: {plan.reason}</Typography.Text>
      )}
      {plan.promotions.length > 0 && (
        <ul className="plain-list promotion-preview-verdicts">
          {plan.promotions.map((p) => (
            <li key={p.id}>
              <Tag color={plan.chosen.includes(p.id) ? 'green' : p.applies ? 'blue' : 'default'}>
                {plan.chosen.includes(p.id) ? 'Guest gets' : p.applies ? 'Applies' : "Doesn't apply"}
              </Tag>
              <strong>{p.name}</strong> — {p.reason}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/**
 * Promotions' price preview beside the form (issue 26): a room type, a stay and a booking date;
 * each rate plan's nights with what the guest pays, the saved promotions with the form's unsaved
 * values in place of this one, and the overlap rule's warnings, as the values are typed.
 */
export function PromotionPreviewPanel({ def, form, property, recordId }: FormPanelProps) {
  const today = dayIn(propertyZone(property));
  const [roomTypeId, setRoomTypeId] = useState<string | undefined>();
  const [arrival, setArrival] = useState<string | null>(addDays(today, 14));
  const [nights, setNights] = useState<number | null>(2);
  const [bookedOn, setBookedOn] = useState<string | null>(today);
  const rooms = useGql<PromotionRoomTypesQuery>(['promotion-room-types', property.id], PROMOTION_DOCS.roomTypes, {
    propertyId: property.id,
  });
  const roomOptions = (rooms.data?.roomTypes.nodes ?? []).map((r) => ({ value: r.id, label: r.name }));
  useEffect(() => {
    if (!roomTypeId && roomOptions.length) setRoomTypeId(roomOptions[0].value);
  }, [roomTypeId, roomOptions]);
  const values = Form.useWatch([], form) as Record<string, unknown> | undefined;
  const draft = useDeferredValue(useMemo(() => (values ? asStored(def, emptyToNull(values)) : null), [def, values]));
  const ready = Boolean(roomTypeId && arrival && nights && bookedOn);
  const input = { propertyId: property.id, roomTypeId, arrival, nights, bookedOn, promotionId: recordId, draft };
  const preview = useGql<PromotionPreviewQuery>(
    ['promotion-preview', JSON.stringify(input)],
    PROMOTION_DOCS.preview,
    { input },
    ready,
    true,
  );
  const result = preview.data?.promotionPreview;
  // The plans this promotion discounts, unless the user asks for every plan that sells the room type.
  const [allPlans, setAllPlans] = useState(false);
  const discounted = (values?.ratePlanIds as string[] | undefined) ?? [];
  const plans = (result?.plans ?? []).filter(
    (p) => allPlans || !discounted.length || discounted.includes(p.ratePlanId),
  );
  return (
    <Card title="Price preview" className="promotion-preview" aria-label="Price preview">
      <Space wrap size="middle" className="promotion-preview-controls">
        <div>
          <label htmlFor="preview-room-type">Room type</label>
          <Select
            id="preview-room-type"
            style={{ width: 200, display: 'block' }}
            options={roomOptions}
            value={roomTypeId}
            onChange={setRoomTypeId}
            loading={rooms.isLoading}
          />
        </div>
        <div>
          <label htmlFor="preview-arrival">Arrival</label>
          <DateInput id="preview-arrival" value={arrival} onChange={setArrival} />
        </div>
        <div>
          <label htmlFor="preview-nights">Nights</label>
          <InputNumber
            id="preview-nights"
            style={{ display: 'block' }}
            min={1}
            max={30}
            precision={0}
            value={nights}
            onChange={setNights}
          />
        </div>
        <div>
          <label htmlFor="preview-booked-on">Booked on</label>
          <DateInput id="preview-booked-on" value={bookedOn} onChange={setBookedOn} />
        </div>
      </Space>
      {preview.error && <Alert type="error" showIcon message={preview.error.message} role="alert" />}
      {result?.draftNote && <Alert type="info" showIcon message={result.draftNote} />}
      {result?.overlaps.map((o) => (
        <Alert key={o.promotionId} type="warning" showIcon message={o.message} />
      ))}
      {!roomOptions.length && !rooms.isLoading && (
        <Typography.Text type="secondary">Add a room type to preview prices.</Typography.Text>
      )}
      {result && (
        <div className="promotion-preview-plans">
          <Checkbox checked={allPlans} onChange={(e) => setAllPlans(e.target.checked)}>
            Show every rate plan that sells {result.roomTypeName}
          </Checkbox>
          {plans.length === 0 && (
            <Typography.Text type="secondary">
              {result.plans.length
                ? `None of this promotion's rate plans sells ${result.roomTypeName}.`
                : `No rate plan sells ${result.roomTypeName}.`}
            </Typography.Text>
          )}
          {plans.map((plan) => (
            <PlanPrice key={plan.ratePlanId} plan={plan} currency={result.currencyCode} />
          ))}
        </div>
      )}
    </Card>
  );
}
