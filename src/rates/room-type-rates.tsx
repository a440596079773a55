import { useStoredText } from '../lib/use-stored-text';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useWarnAboutChange } from '@refinedev/core';
import { Alert, App, Button, Spin, Typography } from 'antd';
import { EditOutlined, HistoryOutlined, SaveOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Link, useLocation, useNavigate, useOutletContext } from 'react-router';
import type { PropertyOutletContext } from '../layouts/property-outlet';
import { GqlError } from '../../providers/graphql-errors';
import { useGqlSend, useGql } from '../portal/use-gql';
import { RATES_DOCS } from '../../resources/rates-inventory/rates-inventory.documents';
import { ratesSpan } from './rates-links';
import type { CellField } from '../../resources/rates-inventory/rates-inventory.schema';
import { FORM_MESSAGES, GENERIC_MESSAGES } from '../../resources/messages';
import { FormErrors } from '../forms/form-errors';
import { useSavingNotice } from '../forms/use-saving-notice';
import { RatesGrid } from './rates-grid';
import { RatesNavigation } from './rates-navigation';
import { useScreenAtLeast } from '../lib/use-screen';
import { RatesDay } from './rates-day';
import { CellHistory, RecentUpdates } from './rates-activity';
import { useRatesLive } from './use-rates-live';
import { useReservationsLive } from '../reservations/use-reservations-live';
import {
  cellKey,
  colOf,
  dayOf,
  fromStored,
  gridRows,
  keyOfCell,
  parseExpanded,
  expandedKey,
  savedValue,
  type Calendar,
  type CellValue,
  type GridRow,
} from './rates-model';
import { usePendingEdits } from './use-pending-edits';
import type { CellEditOf } from './grid-block';
import { RatesLoadedNotice } from './rates-loaded-notice';
import { liveNotice, RatesConflict, type CellConflict } from './rates-conflict';

/** The grid row a cell key names, and its column (any plan, expanded or not). */
function cellAt(cal: Calendar, key: string) {
  const parts = key.split('|');
  const col = Number(parts.pop());
  const row = gridRows(cal, new Set(cal.plans.map((p) => p.id))).find((r) => r.key === parts.join('|'));
  return row ? { row, col } : null;
}

type Props = {
  roomTypeId: string;
  /** The days shown: by default from two weeks back to 18 months ahead (the whole calendar). */
  from?: string;
  to?: string;
  /** Or this many days, from `from` or else the property's today (`ratesSpan`). */
  days?: number;
  /** In the all-room-types view: a collapsible block with its own save, without the calendar's own navigation. */
  compact?: boolean;
  /** Tells the page each calendar read, for the all-room-types total row. */
  onCalendar?: (cal: Calendar) => void;
  /** The grid, or one day at a time (a phone's view). */
  layout?: 'grid' | 'day';
};

/**
 * One room type's rooms, rates and restrictions, edited in place: the grid with its pending edits,
 * its one save with the conflict view, its history, recent updates and live updates. The calendar
 * page shows one; the all-room-types view shows one per room type.
 */
export function RoomTypeRates({ roomTypeId, from, to, days, compact = false, onCalendar, layout = 'grid' }: Props) {
  const send = useGqlSend();
  const { property } = useOutletContext<PropertyOutletContext>();
  const navigate = useNavigate();
  const location = useLocation();
  const { message } = App.useApp();
  const { setWarnWhen } = useWarnAboutChange();
  const phone = !useScreenAtLeast('md');
  const span = days ? ratesSpan(property.id, roomTypeId, days, from) : null;
  const { data, isLoading, error, refetch, rereadQuietly } = useGql<{ ratesCalendar: Calendar }>(
    span?.key ?? (from ? ['rates', property.id, roomTypeId, from, to] : ['rates', property.id, roomTypeId]),
    RATES_DOCS.calendar,
    span?.variables ??
      (from ? { propertyId: property.id, roomTypeId, from, to } : { propertyId: property.id, roomTypeId }),
    true,
    Boolean(from || days),
  );
  const cal = data?.ratesCalendar;
  useEffect(() => {
    if (cal) onCalendar?.(cal);
  }, [cal, onCalendar]);
  const [keptExpanded, keepExpanded] = useStoredText(expandedKey(property.id));
  const expanded = useMemo(() => parseExpanded(keptExpanded), [keptExpanded]);
  const { edits, current: pending, change, undo, redo, reset } = usePendingEdits(setWarnWhen);
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [cellError, setCellError] = useState<string | null>(null);
  const [selected, setSelected] = useState<{ row: GridRow; col: number } | null>(null);
  const [history, setHistory] = useState(false);
  const [recent, setRecent] = useState(false);
  // A new object each time, so a day asked for again (Today, after scrolling away) is scrolled to again.
  const [jump, setJump] = useState<{ col: number } | null>(null);
  const [live, setLive] = useState<string | null>(null);
  const [conflict, setConflict] = useState<CellConflict[] | null>(null);
  // What each pending cell held when this editor first changed it: the save is checked against it,
  // so a change someone else saves meanwhile is a conflict, never silently overwritten.
  const seen = useRef(new Map<string, CellValue>());
  // Batches this page saved: their live echo is not news to this editor.
  const ownBatches = useRef(new Set<string>());
  // A save's live echo can arrive before its answer: events wait for the save in flight first.
  const saveInFlight = useRef<Promise<unknown> | null>(null);
  useSavingNotice(saving);
  const rows = useMemo(() => (cal ? gridRows(cal, expanded) : []), [cal, expanded]);

  const onLive = useCallback(
    async (e: { batchId: string; count: number; source: string }) => {
      await saveInFlight.current;
      const mine = ownBatches.current.has(e.batchId);
      const next = (await refetch()).data?.ratesCalendar;
      if (mine || !next) return;
      setLive(liveNotice(e.count));
      // A pending cell whose stored value moved under it is marked at once, before Save.
      const moved: CellConflict[] = [];
      for (const [key, was] of seen.current) {
        if (!pending.current.has(key)) continue;
        const at = cellAt(next, key);
        if (!at || savedValue(next, at.row, at.col) === was) continue;
        moved.push({
          key,
          ratePlanName: at.row.plan?.name ?? at.row.label,
          date: dayOf(next, at.col),
          field: at.row.field,
          theirs: savedValue(next, at.row, at.col),
          mine: pending.current.get(key) ?? null,
          changedBy: null,
        });
      }
      if (moved.length) setConflict(moved);
    },
    [refetch, pending],
  );
  useRatesLive(property.id, roomTypeId, onLive, rereadQuietly);
  // A booking received, changed or cancelled moves the booked and left-to-sell rows.
  useReservationsLive(property.id, rereadQuietly, rereadQuietly);

  if (isLoading) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  if (!cal) {
    return (
      <Alert
        type="error"
        showIcon
        role="alert"
        message={error instanceof Error ? error.message : GENERIC_MESSAGES.notFound}
      />
    );
  }
  const readOnly = !cal.canEdit;

  const toggle = (planId: string) => {
    const next = new Set(expanded);
    if (!next.delete(planId)) next.add(planId);
    keepExpanded(JSON.stringify([...next]));
  };
  /** One step of edits (a cell, a block, a paste): a cell set back to its saved value is no longer pending. */
  const withEdits = (cells: CellEditOf[]) => {
    const next = new Map(edits);
    for (const { row, col, value } of cells) {
      const key = cellKey(row, col);
      if (!seen.current.has(key)) seen.current.set(key, savedValue(cal, row, col));
      if (value === savedValue(cal, row, col)) next.delete(key);
      else next.set(key, value);
    }
    return next;
  };
  const onEdit = (cells: CellEditOf[]) => change(withEdits(cells));
  const rowByKey = new Map(rows.map((r) => [r.key, r]));
  /** Saves the pending edits, and `now` with them (an action such as "Close tonight" that saves at once). */
  async function save(now: CellEditOf[] = []) {
    const pendingNow = now.length ? withEdits(now) : edits;
    if (now.length) change(pendingNow);
    setSaving(true);
    setErrors([]);
    setConflict(null);
    try {
      const cells = [...pendingNow].map(([k, value]) => {
        const parts = k.split('|');
        const col = Number(parts.pop());
        const row =
          rowByKey.get(parts.join('|')) ??
          gridRows(cal!, new Set(cal!.plans.map((p) => p.id))).find((r) => r.key === parts.join('|'))!;
        // What this editor saw: the server refuses the save if another user has changed the cell since.
        return {
          ratePlanId: row.planId,
          date: dayOf(cal!, col),
          field: row.field,
          value,
          before: seen.current.has(k) ? seen.current.get(k)! : savedValue(cal!, row, col),
        };
      });
      const request = (async () => {
        const saved = await send<{ saveRatesCells: { batchId: string } }>(RATES_DOCS.saveCells, {
          input: { propertyId: property.id, roomTypeId, cells },
        });
        ownBatches.current.add(saved.saveRatesCells.batchId);
      })();
      saveInFlight.current = request.catch(() => undefined);
      await request;
      await refetch();
      seen.current.clear();
      reset();
      message.success(FORM_MESSAGES.saved);
    } catch (e) {
      if (e instanceof GqlError && e.code === 'STALE') {
        // Nothing was written: their values are shown, the edits stay pending, and the editor decides.
        const cells = (e.extensions.cells ?? []) as {
          ratePlanId: string | null;
          ratePlanName: string;
          date: string;
          field: CellField;
          current: string | null;
          changedBy: string | null;
        }[];
        await refetch();
        setConflict(
          cells.map((c) => {
            const key = keyOfCell(cal!, c);
            return {
              key,
              ratePlanName: c.ratePlanName,
              date: c.date,
              field: c.field,
              theirs: fromStored(c.field, c.current),
              mine: pendingNow.get(key) ?? null,
              changedBy: c.changedBy,
            };
          }),
        );
        return;
      }
      setErrors(
        e instanceof GqlError && Object.keys(e.fields).length
          ? Object.values(e.fields).flat()
          : [e instanceof Error ? e.message : FORM_MESSAGES.unknown],
      );
    } finally {
      saveInFlight.current = null;
      setSaving(false);
    }
  }
  const goTo = (date: string) => setJump({ col: colOf(cal, date) });

  const saveButton = !readOnly && (
    <Button
      type="primary"
      icon={<SaveOutlined aria-hidden />}
      onClick={() => save()}
      loading={saving}
      disabled={!edits.size}
    >
      {saving ? FORM_MESSAGES.saving : `${FORM_MESSAGES.saveChanges}${edits.size ? ` (${edits.size})` : ''}`}
    </Button>
  );
  return (
    <>
      <div className="rates-toolbar">
        {compact ? null : (
          <RatesNavigation
            cal={cal}
            roomTypeId={roomTypeId}
            phone={phone}
            jumps={layout === 'grid'}
            onRoomType={(id) => navigate(`/properties/${property.id}/rates-and-inventory/${id}${location.search}`)}
            onDate={goTo}
          />
        )}
        {layout === 'grid' && (
          <Button
            icon={<HistoryOutlined aria-hidden />}
            onClick={() => selected && setHistory(true)}
            disabled={!selected}
          >
            Cell history
          </Button>
        )}
        <Button icon={<UnorderedListOutlined aria-hidden />} onClick={() => setRecent(true)}>
          Recent updates
        </Button>
        {!readOnly && (
          <Link to={`/properties/${property.id}/rates-and-inventory/${roomTypeId}/bulk-update`}>
            <Button icon={<EditOutlined aria-hidden />}>Bulk update</Button>
          </Link>
        )}
        {saveButton}
      </div>
      {readOnly && !compact && (
        <Alert
          role="status"
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          message="You can view these rates but not change them here."
        />
      )}
      {live && (
        <Alert
          role="status"
          type="info"
          showIcon
          closable
          onClose={() => setLive(null)}
          style={{ marginBottom: 12 }}
          message={live}
        />
      )}
      {cellError && <Alert role="alert" type="error" showIcon style={{ marginBottom: 12 }} message={cellError} />}
      {conflict && (
        <RatesConflict
          cells={conflict}
          onTheirs={() => {
            const next = new Map(edits);
            for (const c of conflict) {
              next.delete(c.key);
              seen.current.delete(c.key);
            }
            reset(next);
            setConflict(null);
          }}
          onMine={() => {
            // Saved over theirs knowingly: the save is now checked against their value.
            for (const c of conflict) seen.current.set(c.key, c.theirs);
            void save();
          }}
        />
      )}
      <FormErrors errors={errors} />
      <RatesLoadedNotice cal={cal} />
      {layout === 'day' ? (
        <RatesDay
          cal={cal}
          edits={edits}
          readOnly={readOnly}
          onEdit={onEdit}
          onSaveNow={(cells) => void save(cells)}
          saving={saving}
        />
      ) : (
        <RatesGrid
          cal={cal}
          rows={rows}
          edits={edits}
          readOnly={readOnly}
          expanded={expanded}
          onToggle={toggle}
          onEdit={onEdit}
          onUndo={undo}
          onRedo={redo}
          onSelect={cellSelector(setSelected)}
          onError={setCellError}
          scrollTo={jump}
          fit={compact}
        />
      )}
      {!compact && layout === 'grid' && <RatesGridHelp currencyCode={cal.currencyCode} />}
      <CellHistory
        propertyId={property.id}
        roomTypeId={roomTypeId}
        onClose={() => setHistory(false)}
        cell={
          history && selected
            ? {
                ratePlanId: selected.row.planId,
                date: dayOf(cal, selected.col),
                field: selected.row.field,
                label: selected.row.planId
                  ? `${selected.row.plan!.name} ${selected.row.field === 'rate' ? 'rate' : selected.row.label}`
                  : selected.row.label,
              }
            : null
        }
      />
      <RecentUpdates
        propertyId={property.id}
        roomTypeId={roomTypeId}
        open={recent}
        onClose={() => setRecent(false)}
        canEdit={!readOnly}
        onUndone={() => void refetch()}
      />
    </>
  );
}

/** How the grid is used, under it (once per page). */
export function RatesGridHelp({ currencyCode }: { currencyCode: string }) {
  return (
    <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
      Arrows move, Enter or typing edits, Tab and Enter confirm, Escape cancels. Drag or Shift+click selects a block:
      type a value, +10% or -5 for all of it; Ctrl+C and Ctrl+V copy and paste (a spreadsheet's cells too), Ctrl+R fills
      right, Ctrl+Z and Ctrl+Shift+Z undo and redo until you save. Changed cells are marked until saved. Past days are
      shown greyed and cannot be changed. Rates in {currencyCode}.
    </Typography.Paragraph>
  );
}

function cellSelector(set: (v: { row: GridRow; col: number }) => void) {
  return (row: GridRow, col: number) => set({ row, col });
}
