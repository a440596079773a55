import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button, Segmented, Space, Spin } from 'antd';
import { CalendarOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useOutletContext, useSearchParams } from 'react-router';
import type { PropertyOutletContext } from '../layouts/property-outlet';
import {
  addDays,
  addMonths,
  isRealDay,
  OVERVIEW_DAYS,
  overviewStart,
  RATES_NAVIGATION_TEXTS,
  overviewZoom,
  WINDOW_MONTHS,
} from '../../resources/rates-inventory/rates-inventory.schema';
import { dayIn, propertyZone } from '../../resources/property-day';
import { useRatesRoomTypes } from './rates-links';
import { RatesGridHelp, RoomTypeRates } from './room-type-rates';
import { RatesTotals } from './rates-totals';
import type { Calendar } from './rates-model';

/** More room types than this open with only the route's one expanded. */
const OPEN_ALL_UP_TO = 3;

/**
 * Every room type of the property over 7, 14 or 30 days (issue 31): a total row (rooms to sell,
 * booked, left), then one collapsible block per room type, each the room type's own grid with its
 * own save. The route's room type is open; the days and zoom are in the URL.
 */
export function RatesOverview({ roomTypeId }: { roomTypeId: string }) {
  const { property } = useOutletContext<PropertyOutletContext>();
  const [params, setParams] = useSearchParams();
  // The room types (the home's card reads the same list) and the property's own today: the blocks
  // ask for their days at once, with no read of the route's 18 months before them.
  const roomTypes = useRatesRoomTypes(property.id);
  const [cals, setCals] = useState<Record<string, Calendar>>({});
  // Today as the server counts it once a block has answered (a browser's clock a little off near
  // midnight would otherwise leave the total row waiting for days no block reads).
  const serverToday = Object.values(cals)[0]?.firstEditable;
  const base = useMemo(() => {
    if (!roomTypes) return null;
    const firstEditable = serverToday ?? dayIn(propertyZone(property));
    return { roomTypes, firstEditable, lastEditable: addMonths(firstEditable, WINDOW_MONTHS) };
  }, [roomTypes, property, serverToday]);
  const zoom = overviewZoom(params.get('days'));
  const asked = params.get('from');
  // Which blocks are open: as the user toggled them, else all (or only the route's, past a few), from the first render.
  const [toggled, setOpen] = useState<Set<string> | null>(null);
  const onCalendar = useCallback((cal: Calendar) => setCals((prev) => ({ ...prev, [cal.roomTypeId]: cal })), []);
  const mine = useRef<HTMLElement>(null);
  const open = useMemo(
    () =>
      toggled ??
      (base ? new Set(base.roomTypes.length <= OPEN_ALL_UP_TO ? base.roomTypes.map((r) => r.id) : [roomTypeId]) : null),
    [toggled, base, roomTypeId],
  );
  // Once, when the blocks first show: the route's room type in view.
  const scrolled = useRef(false);
  useEffect(() => {
    if (!open || !base || scrolled.current) return;
    scrolled.current = true;
    if (base.roomTypes[0]?.id !== roomTypeId) mine.current?.scrollIntoView({ block: 'start' });
  }, [open, base, roomTypeId]);
  const range = useMemo(() => {
    if (!base) return null;
    const first = base.firstEditable;
    let from = asked && isRealDay(asked) && asked >= first ? asked : first;
    if (from > base.lastEditable) from = first;
    const to = addDays(from, zoom - 1) > base.lastEditable ? base.lastEditable : addDays(from, zoom - 1);
    return { first, from, to };
  }, [base, asked, zoom]);
  if (!base || !range || !open) return <Spin style={{ display: 'block', margin: '48px auto' }} />;

  const go = (next: { from?: string; days?: number }) =>
    setParams(
      {
        view: 'all',
        days: String(next.days ?? zoom),
        from: next.from ?? range.from,
      },
      { replace: true },
    );
  const toggle = (id: string) => {
    const next = new Set(open);
    if (!next.delete(id)) next.add(id);
    setOpen(next);
  };
  const shown = base.roomTypes.map((r) => cals[r.id]).filter((c): c is Calendar => c?.from === range.from);
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Segmented
          aria-label="Days shown"
          options={OVERVIEW_DAYS.map((d) => ({ value: d, label: `${d} days` }))}
          value={zoom}
          onChange={(d) => go({ days: Number(d) })}
        />
        <Button
          icon={<LeftOutlined aria-hidden />}
          onClick={() =>
            go({ from: addDays(range.from, -zoom) < range.first ? range.first : addDays(range.from, -zoom) })
          }
          disabled={range.from <= range.first}
        >
          Earlier
        </Button>
        <Button icon={<CalendarOutlined aria-hidden />} onClick={() => go({ from: range.first })}>
          {RATES_NAVIGATION_TEXTS.today}
        </Button>
        <Button
          icon={<RightOutlined aria-hidden />}
          iconPosition="end"
          onClick={() => go({ from: addDays(range.from, zoom) })}
          disabled={range.to >= base.lastEditable}
        >
          Later
        </Button>
      </Space>
      <RatesTotals calendars={shown} roomTypes={base.roomTypes.length} from={range.from} to={range.to} />
      {base.roomTypes.map((r) => (
        <section
          key={r.id}
          className="rates-overview__block"
          ref={r.id === roomTypeId ? mine : undefined}
          aria-label={r.name}
        >
          <h2 className="rates-overview__title">
            <button type="button" aria-expanded={open.has(r.id)} onClick={() => toggle(r.id)}>
              {open.has(r.id) ? '▾' : '▸'} {r.name}
            </button>
          </h2>
          {/* A closed block still reads its days, for the total row. */}
          <div hidden={!open.has(r.id)}>
            <RoomTypeRates roomTypeId={r.id} from={overviewStart(asked)} days={zoom} compact onCalendar={onCalendar} />
          </div>
        </section>
      ))}
      <RatesGridHelp currencyCode={property.currencyCode} />
    </>
  );
}
