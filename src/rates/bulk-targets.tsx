import { Tag, Tree, type TreeDataNode, Typography } from 'antd';
import { useGql } from '../portal/use-gql';
import { useRatesRoomTypes } from './rates-links';
import { RATES_DOCS } from '../../resources/rates-inventory/rates-inventory.documents';
import type { RatesBulkTargetsQuery } from '../generated/graphql-types';

/** A room type a bulk update may cover, with the rate plans that sell it (a linked plan follows its parent). */
export type TargetRoomType = { id: string; name: string; plans: { id: string; name: string; linked: boolean }[] };
/** What a bulk update covers: each room type with the rate plans it changes there. */
export type Target = { roomTypeId: string; ratePlanIds: string[] };

const ALL = 'all';
const roomKey = (roomTypeId: string) => `room:${roomTypeId}`;
const planKey = (roomTypeId: string, planId: string) => `plan:${roomTypeId}:${planId}`;

/** The property's room types (the list the rates pages share) and their rate plans. */
export function useBulkTargets(propertyId: number): TargetRoomType[] | undefined {
  const roomTypes = useRatesRoomTypes(propertyId);
  const { data } = useGql<RatesBulkTargetsQuery>(['rates-bulk-targets', propertyId], RATES_DOCS.bulkTargets, {
    propertyId,
  });
  if (!data || !roomTypes) return undefined;
  return roomTypes.map((r) => ({
    id: r.id,
    name: r.name,
    plans: data.ratePlans.nodes
      .filter((p) => p.roomTypeIds?.includes(r.id))
      .map((p) => ({ id: p.id, name: p.name ?? '', linked: p.rateLink != null })),
  }));
}

/** The checked keys of a room type's plans (or of the room type itself when it sells none). */
export function keysOf(roomTypes: TargetRoomType[], targets: Target[]): string[] {
  return targets.flatMap((t) => {
    const room = roomTypes.find((r) => r.id === t.roomTypeId);
    if (room && !room.plans.length) return [roomKey(t.roomTypeId)];
    return t.ratePlanIds.map((p) => planKey(t.roomTypeId, p));
  });
}

/**
 * The room types the checked keys cover, each with its checked plans: a room type counts when any of
 * its plans is checked (or it is, when it sells none). Nothing checked: the page's own room type.
 */
export function targetsOf(roomTypes: TargetRoomType[], keys: readonly string[], home: string): Target[] {
  const checked = new Set(keys);
  const targets = roomTypes.flatMap((r) => {
    const ratePlanIds = r.plans.filter((p) => checked.has(planKey(r.id, p.id))).map((p) => p.id);
    return ratePlanIds.length || checked.has(roomKey(r.id)) ? [{ roomTypeId: r.id, ratePlanIds }] : [];
  });
  return targets.length ? targets : [{ roomTypeId: home, ratePlanIds: [] }];
}

/** 'Deluxe King: 14 rate plans · Garden Twin: rooms only'. */
export function targetsSummary(roomTypes: TargetRoomType[], targets: Target[]): string {
  return targets
    .map((t) => {
      const name = roomTypes.find((r) => r.id === t.roomTypeId)?.name ?? t.roomTypeId;
      const n = t.ratePlanIds.length;
      return `${name}: ${n ? `${n} rate ${n === 1 ? 'plan' : 'plans'}` : 'rooms only'}`;
    })
    .join(' · ');
}

/**
 * Room types → rate plans, with "All room types" above them: checking a room type checks all its
 * plans, and checking "All room types" every plan of the property (issue 31). A form control whose
 * value is the checked keys.
 */
export function TargetTree({
  roomTypes,
  home,
  value = [],
  onChange,
  disabled,
}: {
  roomTypes: TargetRoomType[];
  home: string;
  value?: string[];
  onChange?: (keys: string[]) => void;
  disabled?: boolean;
}) {
  const rooms: TreeDataNode[] = roomTypes.map((r) => ({
    key: roomKey(r.id),
    title: r.name,
    children: r.plans.map((p) => ({
      key: planKey(r.id, p.id),
      title: p.linked ? (
        <>
          {p.name} <Tag style={{ marginInlineStart: 4 }}>linked</Tag>
        </>
      ) : (
        p.name
      ),
    })),
  }));
  const treeData = roomTypes.length > 1 ? [{ key: ALL, title: 'All room types', children: rooms }] : rooms;
  return (
    <>
      <Tree
        className="bulk-targets"
        checkable
        selectable={false}
        disabled={disabled}
        treeData={treeData}
        defaultExpandedKeys={[ALL, roomKey(home)]}
        checkedKeys={value}
        onCheck={(checked) => {
          const keys = (Array.isArray(checked) ? checked : checked.checked).map(String);
          // Only the leaves are kept: a parent's state follows from them.
          onChange?.(
            keys.filter((k) => k.startsWith('plan:') || roomTypes.some((r) => !r.plans.length && k === roomKey(r.id))),
          );
        }}
      />
      <Typography.Paragraph strong style={{ margin: '4px 0 0' }} data-testid="bulk-targets-summary">
        {targetsSummary(roomTypes, targetsOf(roomTypes, value, home))}
      </Typography.Paragraph>
    </>
  );
}
