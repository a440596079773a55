import { RATES_LOADED_DAYS } from '../../resources/domain';
import { unloadedDays } from './rates-loaded-notice';
import { DATE_FORMATS, DATE_PLACEHOLDER, enterConfirmsDateOnly } from '../resources/widgets/date-input';
import { useState, type ComponentProps } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Select,
  Space,
  Spin,
  Table,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useOutletContext, useParams } from 'react-router';
import type { PropertyOutletContext } from '../layouts/property-outlet';
import { GqlError } from '../../providers/graphql-errors';
import { refreshGql, useGqlSend, useGql } from '../portal/use-gql';
import { RATES_DOCS } from '../../resources/rates-inventory/rates-inventory.documents';
import {
  CELL_LABELS,
  ROOM_STATUS_TEXT,
  FLAG_FIELDS,
  MAX_BULK_RANGES,
  type CellField,
} from '../../resources/rates-inventory/rates-inventory.schema';
import { daySpan, storedCellText } from '../../resources/rates-inventory/batch-summary';
import { countOf } from '../../resources/plural';
import { FORM_MESSAGES } from '../../resources/messages';
import { FormErrors } from '../forms/form-errors';
import type { Calendar } from './rates-model';
import type { PreviewRatesBulkUpdateMutation } from '../generated/graphql-types';
import { BackLink } from '../layouts/back-link';
import { keysOf, TargetTree, targetsOf, useBulkTargets } from './bulk-targets';

type Preview = PreviewRatesBulkUpdateMutation['previewRatesBulkUpdate'];
type Values = {
  ranges: ([Dayjs, Dayjs] | undefined)[];
  weekdays: number[];
  /** The checked keys of the room type → rate plan tree. */
  targets: string[];
  roomsToSell?: number | null;
  roomClosed?: string;
  rateMode?: string;
  rateValue?: string;
  stopSell?: string;
  closedToArrival?: string;
  closedToDeparture?: string;
  minStay?: number | null;
  maxStay?: number | null;
};
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].map((label, i) => ({ label, value: i + 1 }));
/** One click for the usual sets of days (ISO weekdays). */
const WEEKDAY_SETS = [
  { label: 'All days', days: [1, 2, 3, 4, 5, 6, 7] },
  { label: 'Weekdays', days: [1, 2, 3, 4, 5] },
  { label: 'Weekends', days: [6, 7] },
];
/** What an empty field of the bulk update means; the number fields are wide enough to show it whole. */
const NO_CHANGE = 'No change';
const NUMBER_FIELD = { width: 120 };
const FLAG_OPTIONS = [
  { value: '', label: NO_CHANGE },
  { value: 'true', label: 'Close' },
  { value: 'false', label: 'Open' },
];

/** rates-and-inventory/{roomTypeId}/bulk-update: many days and rate plans at once, previewed before it is applied. */
/**
 * A date range that closes its calendar once both dates are chosen or typed: an open calendar
 * covers the weekday checkboxes beneath it and took the first click meant for them (issue 25).
 */
function RangeInput(props: ComponentProps<typeof DatePicker.RangePicker>) {
  const [open, setOpen] = useState(false);
  return (
    <DatePicker.RangePicker
      {...props}
      open={open}
      onOpenChange={setOpen}
      onCalendarChange={(dates, strings, info) => {
        props.onCalendarChange?.(dates, strings, info);
        if (info.range === 'end' && dates?.[0] && dates?.[1]) setOpen(false);
      }}
    />
  );
}

/** A few of the cells a bulk update would change, before → after, in words. */
function SampleTable({ rows }: { rows: Preview['sample'] }) {
  return (
    <Table
      size="small"
      pagination={false}
      rowKey={(r) => `${r.ratePlanName}${r.date}${r.field}`}
      dataSource={rows}
      style={{ marginTop: 8 }}
      scroll={{ x: 'max-content' }}
      columns={[
        { title: 'Rate plan', dataIndex: 'ratePlanName' },
        { title: 'Date', dataIndex: 'date', render: (d: string) => daySpan({ days: 1, firstDay: d, lastDay: d }) },
        { title: 'Field', dataIndex: 'field', render: (f: CellField) => CELL_LABELS[f] },
        { title: 'Before', dataIndex: 'before', render: (v, r) => storedCellText(r.field, v) },
        { title: 'After', dataIndex: 'after', render: (v, r) => storedCellText(r.field, v) },
      ]}
    />
  );
}

export function RatesBulkUpdatePage() {
  const send = useGqlSend();
  const { property } = useOutletContext<PropertyOutletContext>();
  const roomTypeId = useParams().roomTypeId!;
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { data } = useGql<{ ratesCalendar: Calendar }>(['rates', property.id, roomTypeId], RATES_DOCS.calendar, {
    propertyId: property.id,
    roomTypeId,
  });
  const [form] = Form.useForm<Values>();
  const [preview, setPreview] = useState<Preview | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [applied, setApplied] = useState<{ batchId: string; count: number; roomTypeId: string } | null>(null);
  const roomTypes = useBulkTargets(property.id);
  const cal = data?.ratesCalendar;
  if (!cal || !roomTypes) return <Spin />;
  // A room type with nothing loaded yet: its first bulk update starts from its rooms and all its plans.
  const firstLoad = unloadedDays(cal).length >= RATES_LOADED_DAYS;
  const roomCount = cal.roomTypes.find((r) => r.id === roomTypeId)?.roomCount ?? null;

  const input = (v: Values) => {
    const targets = targetsOf(roomTypes, v.targets ?? [], roomTypeId);
    // This room type alone reads as before; any other makes it a list of room types, each with its plans.
    const alone = targets.length === 1 && targets[0].roomTypeId === roomTypeId;
    return {
      propertyId: property.id,
      roomTypeId,
      ranges: (v.ranges ?? [])
        .filter((r): r is [Dayjs, Dayjs] => Boolean(r))
        .map((r) => ({ from: r[0].format('YYYY-MM-DD'), to: r[1].format('YYYY-MM-DD') })),
      weekdays: v.weekdays,
      ...(alone ? { ratePlanIds: targets[0].ratePlanIds } : { ratePlanIds: [], roomTypes: targets }),
      ...(v.roomsToSell != null ? { roomsToSell: v.roomsToSell } : {}),
      ...(v.roomClosed ? { roomClosed: v.roomClosed === 'true' } : {}),
      ...(v.rateMode && v.rateValue ? { rate: { mode: v.rateMode, value: v.rateValue } } : {}),
      ...Object.fromEntries(FLAG_FIELDS.filter((f) => v[f]).map((f) => [f, v[f] === 'true'])),
      ...(v.minStay != null ? { minStay: v.minStay } : {}),
      ...(v.maxStay != null ? { maxStay: v.maxStay } : {}),
    };
  };
  const fail = (e: unknown) =>
    setErrors(
      e instanceof GqlError && Object.keys(e.fields).length
        ? [e.message, ...Object.values(e.fields).flat()]
        : [e instanceof Error ? e.message : FORM_MESSAGES.unknown],
    );
  async function run(apply: boolean) {
    setBusy(true);
    setErrors([]);
    try {
      const v = await form.validateFields();
      if (!apply) {
        setApplied(null);
        setConfirmed(false);
        setPreview(
          (await send<{ previewRatesBulkUpdate: Preview }>(RATES_DOCS.preview, { input: input(v) }))
            .previewRatesBulkUpdate,
        );
      } else {
        const res = await send<{ applyRatesBulkUpdate: { batchId: string; count: number; roomTypeId: string } }>(
          RATES_DOCS.apply,
          {
            input: { ...input(v), token: preview!.token, confirm: confirmed },
          },
        );
        setApplied(res.applyRatesBulkUpdate);
        setPreview(null);
        // The calendars show the new values when the user goes back to them, not what they cached before.
        await refreshGql(queryClient, ['rates', property.id]);
        message.success(FORM_MESSAGES.saved);
      }
    } catch (e) {
      if (e && typeof e === 'object' && 'errorFields' in e) return;
      fail(e);
    } finally {
      setBusy(false);
    }
  }
  async function undo() {
    try {
      await send(RATES_DOCS.undo, {
        propertyId: property.id,
        roomTypeId: applied!.roomTypeId,
        batchId: applied!.batchId,
      });
      setApplied(null);
      await refreshGql(queryClient, ['rates', property.id]);
      message.success('The update was undone.');
    } catch (e) {
      fail(e);
    }
  }

  return (
    <>
      <BackLink to={`/properties/${property.id}/rates-and-inventory/${roomTypeId}`} label="Back to the calendar" />
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        Bulk update: {cal.roomTypeName}
      </Typography.Title>
      <Card style={{ marginTop: 12 }}>
        <FormErrors errors={errors} />
        <Form
          form={form}
          layout="vertical"
          name="rates-bulk-update"
          disabled={!cal.canEdit}
          initialValues={{
            ranges: [undefined],
            weekdays: [1, 2, 3, 4, 5, 6, 7],
            // A first load fills every plan, from the room type's number of rooms.
            targets: firstLoad ? keysOf(roomTypes, [{ roomTypeId, ratePlanIds: cal.plans.map((p) => p.id) }]) : [],
            rateMode: 'set',
            roomsToSell: firstLoad ? roomCount : undefined,
          }}
          onValuesChange={() => {
            setPreview(null);
            setApplied(null);
          }}
        >
          <Form.List name="ranges">
            {(items, { add, remove }) => (
              <>
                {items.map((item, i) => (
                  <Form.Item
                    key={item.key}
                    label={items.length > 1 ? `Dates ${i + 1}` : 'Dates'}
                    required
                    style={{ marginBottom: 8 }}
                  >
                    <Space wrap>
                      <Form.Item name={item.name} noStyle rules={[{ required: true, message: 'Choose the dates' }]}>
                        <RangeInput
                          format={DATE_FORMATS}
                          placeholder={[DATE_PLACEHOLDER, DATE_PLACEHOLDER]}
                          onKeyDown={enterConfirmsDateOnly}
                          disabledDate={(d) =>
                            d.format('YYYY-MM-DD') < cal.firstEditable || d.format('YYYY-MM-DD') > cal.lastEditable
                          }
                        />
                      </Form.Item>
                      {items.length > 1 && (
                        <Button onClick={() => remove(item.name)} aria-label={`Remove dates ${i + 1}`}>
                          Remove
                        </Button>
                      )}
                    </Space>
                  </Form.Item>
                ))}
                {items.length < MAX_BULK_RANGES && (
                  <Button type="dashed" onClick={() => add()} style={{ marginBottom: 16 }}>
                    Add another date range
                  </Button>
                )}
              </>
            )}
          </Form.List>
          <Form.Item label="Days of the week" style={{ marginBottom: 0 }}>
            <Space wrap size={4} style={{ marginBottom: 8 }}>
              {WEEKDAY_SETS.map((set) => (
                <Button key={set.label} size="small" onClick={() => form.setFieldValue('weekdays', set.days)}>
                  {set.label}
                </Button>
              ))}
            </Space>
            <Form.Item name="weekdays" noStyle>
              <Checkbox.Group options={WEEKDAYS} />
            </Form.Item>
          </Form.Item>
          <Form.Item
            label="Room types and rate plans"
            name="targets"
            extra="Rooms to sell and room status change for each room type listed; rates and restrictions for the rate plans ticked."
          >
            <TargetTree roomTypes={roomTypes} home={roomTypeId} />
          </Form.Item>
          <Space wrap align="start">
            <Form.Item
              label={CELL_LABELS.roomsToSell}
              name="roomsToSell"
              extra={firstLoad && roomCount != null ? `The room type's ${roomCount} rooms, to start with.` : undefined}
            >
              <InputNumber style={NUMBER_FIELD} min={0} max={9999} placeholder={NO_CHANGE} />
            </Form.Item>
            <Form.Item label={ROOM_STATUS_TEXT.label} name="roomClosed">
              <Select style={{ width: 130 }} options={FLAG_OPTIONS} placeholder={NO_CHANGE} />
            </Form.Item>
            <Form.Item label="Rate change" name="rateMode">
              <Select
                style={{ width: 190 }}
                options={[
                  { value: 'set', label: `Set to (${cal.currencyCode})` },
                  { value: 'percent', label: 'Change by %' },
                  { value: 'amount', label: `Change by (${cal.currencyCode})` },
                ]}
              />
            </Form.Item>
            <Form.Item label="Rate" name="rateValue">
              <Input style={NUMBER_FIELD} placeholder={NO_CHANGE} />
            </Form.Item>
            {FLAG_FIELDS.map((f) => (
              <Form.Item key={f} label={CELL_LABELS[f]} name={f}>
                <Select style={{ width: 130 }} options={FLAG_OPTIONS} placeholder={NO_CHANGE} />
              </Form.Item>
            ))}
            <Form.Item label={CELL_LABELS.minStay} name="minStay">
              <InputNumber style={NUMBER_FIELD} min={1} max={365} placeholder={NO_CHANGE} />
            </Form.Item>
            <Form.Item label={CELL_LABELS.maxStay} name="maxStay">
              <InputNumber style={NUMBER_FIELD} min={1} max={365} placeholder={NO_CHANGE} />
            </Form.Item>
          </Space>
          <Space>
            <Button onClick={() => run(false)} loading={busy && !preview}>
              Preview
            </Button>
            {preview && (
              <Button
                type="primary"
                onClick={() => run(true)}
                loading={busy}
                disabled={preview.blocking.length > 0 || (preview.confirm.length > 0 && !confirmed) || !preview.cells}
              >
                Apply
              </Button>
            )}
          </Space>
        </Form>
      </Card>
      {preview && (
        <Card title="Preview" style={{ marginTop: 12 }} data-testid="bulk-preview">
          <p>
            {preview.days} days selected; {preview.cells} cells on {preview.changedDays} days will change.
          </p>
          {preview.blocking.map((w) => (
            <Alert key={w} type="error" showIcon role="alert" message={w} style={{ marginBottom: 8 }} />
          ))}
          {preview.confirm.map((w) => (
            <Alert key={w} type="warning" showIcon message={w} style={{ marginBottom: 8 }} />
          ))}
          {preview.confirm.length > 0 && (
            <Checkbox checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)}>
              I have checked these warnings
            </Checkbox>
          )}
          {preview.roomTypes.length > 1 ? (
            preview.roomTypes.map((r) => (
              <section key={r.roomTypeId} aria-label={r.roomTypeName} style={{ marginTop: 12 }}>
                <Typography.Title level={2} style={{ fontSize: 16, marginBottom: 4 }}>
                  {r.roomTypeName}: {countOf(r.cells, 'cell', 'cells')} on {countOf(r.changedDays, 'day', 'days')}
                </Typography.Title>
                <SampleTable rows={preview.sample.filter((c) => c.roomTypeId === r.roomTypeId)} />
              </section>
            ))
          ) : (
            <SampleTable rows={preview.sample} />
          )}
        </Card>
      )}
      {applied && (
        <Alert
          style={{ marginTop: 12 }}
          type="success"
          showIcon
          message={`${FORM_MESSAGES.saved} ${applied.count} cells updated.`}
          action={<Button onClick={undo}>Undo</Button>}
        />
      )}
    </>
  );
}
