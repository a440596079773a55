import type { AppContext } from '../context';
import type { Queryable } from '../db/client';
import { authorizeProperty } from '../auth/authorize';
import { runCommand } from '../commands/run-command';
import { refused } from '../commands/refusals';
import { fieldErrors, invalid } from '../save/versioned-save';
import { lockedProperty, publishableOf, type PropertyRow } from '../properties/property-repo';
import { GO_LIVE_MESSAGES, goLiveReasonSchema, goLiveRefusal } from '../../resources/properties/go-live';
import type { PropertyStatus } from '../../resources/domain';
import { goLiveRequestedMail, goLiveReturnedMail } from '../mail/go-live-mail';
import { notifyHotel, notifyStaff } from './go-live-notices';

export type GoLiveRow = {
  id: number;
  property_id: number;
  requested_at: Date;
  requested_by: number | null;
  requester_name: string | null;
  requester_email: string | null;
  decided_at: Date | null;
  outcome: 'PUBLISHED' | 'RETURNED' | null;
  reason: string | null;
};

const REQUEST_SQL = `select g.id, g.property_id, g.requested_at, g.requested_by, g.decided_at, g.outcome, g.reason,
         nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') as requester_name, u.email as requester_email
    from go_live_requests g left join users u on u.id = g.requested_by`;

/** The property's latest request, open or decided (what its home shows), or null. */
export async function latestGoLive(db: Queryable, propertyId: number): Promise<GoLiveRow | null> {
  const [row] = await db.query<GoLiveRow>(`${REQUEST_SQL} where g.property_id = $1 order by g.id desc limit 1`, [
    propertyId,
  ]);
  return row ?? null;
}

/** Staff's worklist: every open request with its property, oldest first. */
export function waitingGoLives(db: Queryable) {
  return db.query<GoLiveRow & { property_name: string }>(
    `select r.*, p.name as property_name from (${REQUEST_SQL} where g.decided_at is null) r
       join properties p on p.id = r.property_id order by r.requested_at, r.id`,
  );
}

const openId = async (tx: Queryable, propertyId: number) =>
  (
    await tx.query<{ id: number }>('select id from go_live_requests where property_id = $1 and decided_at is null', [
      propertyId,
    ])
  )[0]?.id ?? null;

/** A property's admin asks for go-live: refused unless every step is complete and none is open; staff are told. */
export async function requestGoLive(ctx: AppContext, propertyId: unknown) {
  const row = await runCommand(ctx, {
    authorize: () => authorizeProperty(ctx, propertyId, 'create', 'GoLive'),
    lock: async (tx, facts) => ({
      row: await lockedProperty(tx, facts.propertyId),
      open: await openId(tx, facts.propertyId),
    }),
    check: ({ row, open }) => {
      const refusal = goLiveRefusal(row.status as PropertyStatus, publishableOf(row), open !== null);
      if (refusal) throw refused(refusal);
    },
    write: async (tx, { row }) => {
      await tx.query('insert into go_live_requests (property_id, requested_by) values ($1, $2)', [
        row.id,
        ctx.viewer!.id,
      ]);
      return row;
    },
    history: (row) => goLiveHistory(row, 'property.goLiveRequest', { goLive: 'Requested' }),
  });
  const requester = `${ctx.viewer!.firstName} ${ctx.viewer!.lastName}`.trim() || ctx.viewer!.email;
  await notifyStaff(ctx, (to, link) => goLiveRequestedMail(to, { propertyName: row.name, requester, link }), row.id);
  ctx.pubsub.publish('property:updated', row.id, { id: row.id });
  return row;
}

/** Staff send the open request back with what to change; the hotel is told why. */
export async function returnGoLive(ctx: AppContext, propertyId: unknown, reason: unknown) {
  const parsed = goLiveReasonSchema.safeParse(reason);
  if (!parsed.success) throw invalid(fieldErrors(parsed.error.issues, 'reason'));
  const row = await runCommand(ctx, {
    authorize: () => authorizeProperty(ctx, propertyId, 'update', 'GoLive'),
    lock: async (tx, facts) => ({
      row: await lockedProperty(tx, facts.propertyId),
      open: await openId(tx, facts.propertyId),
    }),
    check: ({ open }) => {
      if (open === null) throw refused(GO_LIVE_MESSAGES.noneOpen);
    },
    write: async (tx, { row, open }) => {
      await decide(tx, row.id, open!, ctx.viewer!.id, 'RETURNED', parsed.data);
      return row;
    },
    history: (row) => goLiveHistory(row, 'property.goLiveReturn', { goLive: 'Sent back', reason: parsed.data }),
  });
  await notifyHotel(ctx, row.id, (to, link) =>
    goLiveReturnedMail(to, { propertyName: row.name, reason: parsed.data, link }),
  );
  ctx.pubsub.publish('property:updated', row.id, { id: row.id });
  return row;
}

/** Closes a property's open request (publishing closes it as PUBLISHED); answers whether one was open. */
export async function closeOpenGoLive(tx: Queryable, propertyId: number, userId: number | null): Promise<boolean> {
  const open = await openId(tx, propertyId);
  if (open !== null) await decide(tx, propertyId, open, userId, 'PUBLISHED', null);
  return open !== null;
}

function decide(
  tx: Queryable,
  propertyId: number,
  id: number,
  userId: number | null,
  outcome: 'PUBLISHED' | 'RETURNED',
  reason: string | null,
) {
  return tx.query(
    `update go_live_requests set decided_at = now(), decided_by = $3, outcome = $4, reason = $5
      where property_id = $1 and id = $2`,
    [propertyId, id, userId, outcome, reason],
  );
}

const goLiveHistory = (row: PropertyRow, action: string, after: Record<string, string>) => ({
  action,
  subjectType: 'Property',
  subjectId: row.id,
  propertyId: row.id,
  label: `Property: ${row.name}`,
  before: null,
  after,
});
