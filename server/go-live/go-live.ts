import type { AppContext } from '../context';
import type { Queryable } from '../db/client';
import { authorizeProperty } from '../auth/authorize';
import { runCommand } from '../commands/run-command';
import { refused } from '../commands/refusals';
import { fieldErrors, invalid } from '../save/versioned-save';
import { lockedProperty, publishableOf } from '../properties/property-repo';
import { GO_LIVE_MESSAGES, goLiveReasonSchema, goLiveRefusal } from '../../resources/properties/go-live';
import type { PropertyStatus } from '../../resources/domain';
import { goLiveRequestedMail, goLiveReturnedMail } from '../mail/request-mail';
import { notifyHotel, notifyStaff, requesterName } from '../property-requests/request-notices';
import {
  decideRequest,
  insertRequest,
  latestRequest,
  openRequest,
  requestHistory,
  waitingRequests,
  type PropertyRequestRow,
} from '../property-requests/property-requests';

export type GoLiveRow = PropertyRequestRow;

/** The property's latest go-live request, open or decided (what its home shows), or null. */
export const latestGoLive = (db: Queryable, propertyId: number) => latestRequest(db, propertyId, 'GO_LIVE');

/** Staff's worklist: every open go-live request with its property, oldest first. */
export const waitingGoLives = (db: Queryable) => waitingRequests(db, 'GO_LIVE');

const openId = async (tx: Queryable, propertyId: number) => (await openRequest(tx, propertyId, 'GO_LIVE'))?.id ?? null;

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
      await insertRequest(tx, row.id, 'GO_LIVE', ctx.viewer!.id);
      return row;
    },
    history: (row) => requestHistory(row, 'property.goLiveRequest', null, { goLive: 'Requested' }),
  });
  const requester = requesterName(ctx);
  await notifyStaff(ctx, row.id, 'GO_LIVE', (to, link) =>
    goLiveRequestedMail(to, { propertyName: row.name, requester, link }),
  );
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
      await decideRequest(tx, row.id, open!, ctx.viewer!.id, 'RETURNED', parsed.data);
      return row;
    },
    history: (row) => requestHistory(row, 'property.goLiveReturn', null, { goLive: 'Sent back', reason: parsed.data }),
  });
  await notifyHotel(ctx, row.id, 'GO_LIVE', (to, link) =>
    goLiveReturnedMail(to, { propertyName: row.name, reason: parsed.data, link }),
  );
  ctx.pubsub.publish('property:updated', row.id, { id: row.id });
  return row;
}

/** Closes a property's open request (publishing closes it as PUBLISHED); answers whether one was open. */
export async function closeOpenGoLive(tx: Queryable, propertyId: number, userId: number | null): Promise<boolean> {
  const open = await openId(tx, propertyId);
  if (open !== null) await decideRequest(tx, propertyId, open, userId, 'PUBLISHED', null);
  return open !== null;
}
