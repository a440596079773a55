import { Descriptions, Typography } from 'antd';
import type { FieldDef, ResourceDef } from '../../resources/define-resource';
import { cancellationLines, RATE_PLAN_MESSAGES } from '../../resources/rate-plans/rate-plan.messages';
import { longDate } from '../reservations/reservation-format';
import { useRefOptions } from '../resources/widgets/ref-select';

/** What a create summary reads: the definition, the values about to be saved, the property. */
export type CreateSummaryProps = { def: ResourceDef; values: Record<string, unknown>; propertyId: number };

const range = (from: unknown, to: unknown) =>
  from && to
    ? `${longDate(String(from))} – ${longDate(String(to))}`
    : from
      ? `From ${longDate(String(from))}`
      : to
        ? `Until ${longDate(String(to))}`
        : null;

/** The names of the rows a refs field holds, as its picker lists them. */
function useNames(field: FieldDef, propertyId: number, ids: unknown) {
  const { options } = useRefOptions(field, propertyId);
  const chosen = Array.isArray(ids) ? ids.map(String) : [];
  return options.filter((o) => chosen.includes(o.value)).map((o) => o.label);
}

/** Issue 25: a new rate plan's dates, inclusions and cancellation read back before its first save. */
export function RatePlanSummary({ def, values, propertyId }: CreateSummaryProps) {
  const field = (name: string) => def.fields.find((f) => f.name === name)!;
  const inclusions = [
    ...useNames(field('inclusionIds'), propertyId, values.inclusionIds),
    ...useNames(field('customInclusionIds'), propertyId, values.customInclusionIds),
  ];
  const lines = (list: string[]) => list.map((l) => <div key={l}>{l}</div>);
  return (
    <>
      <Typography.Paragraph>{RATE_PLAN_MESSAGES.summaryIntro}</Typography.Paragraph>
      <Descriptions
        column={1}
        size="small"
        bordered
        items={[
          { key: 'name', label: 'Name', children: String(values.name ?? '') },
          { key: 'sale', label: 'On sale', children: range(values.saleStart, values.saleEnd) },
          {
            key: 'stay',
            label: 'Stay dates',
            children: range(values.stayStart, values.stayEnd) ?? RATE_PLAN_MESSAGES.noStayDates,
          },
          {
            key: 'inclusions',
            label: 'Inclusions',
            children: inclusions.length ? lines(inclusions) : RATE_PLAN_MESSAGES.noInclusions,
          },
          { key: 'cancellation', label: 'Cancellation', children: lines(cancellationLines(values.cancellationPolicy)) },
        ]}
      />
    </>
  );
}
