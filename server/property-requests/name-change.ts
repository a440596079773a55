import type { AppContext } from '../context';
import type { Queryable } from '../db/client';
import { authorizeProperty } from '../auth/authorize';
import { runCommand } from '../commands/run-command';
import { refused } from '../commands/refusals';
import { fieldErrors, invalid } from '../save/versioned-save';
import { lockedProperty } from '../properties/property-repo';
import {
  NAME_CHANGE_MESSAGES,
  nameChangeDeclineSchema,
  nameChangeRequestSchema,
} from '../../resources/properties/name-change';
import { nameChangeDeclinedMail, nameChangeRenamedMail, nameChangeRequestedMail } from '../mail/request-mail';
import {
  decideRequest,
  insertRequest,
  latestRequest,
  openRequest,
  requestHistory,
  waitingRequests,
} from './property-requests';
import { notifyHotel, notifyStaff, requesterName } from './request-notices';

/** The property's latest name change, open or decided (the Property overview shows it), or null. */
export const latestNameChange = (db: Queryable, propertyId: number) => latestRequest(db, propertyId, 'NAME_CHANGE');

/** Staff's worklist: every open name change with its property, oldest first. */
export const waitingNameChanges = (db: Queryable) => waitingRequests(db, 'NAME_CHANGE');

const locked = async (tx: Queryable, propertyId: number) => ({
  row: await lockedProperty(tx, propertyId),
  open: await openRequest(tx, propertyId, 'NAME_CHANGE'),
});

/** A property's admin asks for a new name with a note on why; refused while one is open or for the name it has. */
export async function requestNameChange(ctx: AppContext, propertyId: unknown, raw: unknown) {
  const parsed = nameChangeRequestSchema.safeParse(raw);
  if (!parsed.success) throw invalid(fieldErrors(parsed.error.issues));
  const { name, note } = parsed.data;
  const row = await runCommand(ctx, {
    authorize: () => authorizeProperty(ctx, propertyId, 'create', 'NameChange'),
    lock: (tx, facts) => locked(tx, facts.propertyId),
    check: ({ row, open }) => {
      if (open) throw refused(NAME_CHANGE_MESSAGES.alreadyOpen);
      if (row.name === name) throw invalid({ name: [NAME_CHANGE_MESSAGES.same] });
    },
    write: async (tx, { row }) => {
      await insertRequest(tx, row.id, 'NAME_CHANGE', ctx.viewer!.id, name, note);
      return row;
    },
    history: (row) => requestHistory(row, 'property.nameChangeRequest', null, { name, note }),
  });
  await notifyStaff(ctx, row.id, 'NAME_CHANGE', (to, link) =>
    nameChangeRequestedMail(to, { propertyName: row.name, requester: requesterName(ctx), name, note, link }),
  );
  ctx.pubsub.publish('property:updated', row.id, { id: row.id });
  return row;
}

/** Staff rename the property as the open request asks; the hotel is told. */
export async function approveNameChange(ctx: AppContext, propertyId: unknown) {
  const { row, before } = await runCommand(ctx, {
    authorize: () => authorizeProperty(ctx, propertyId, 'update', 'NameChange'),
    lock: (tx, facts) => locked(tx, facts.propertyId),
    check: ({ open }) => {
      if (!open) throw refused(NAME_CHANGE_MESSAGES.noneOpen);
    },
    write: async (tx, { row, open }) => {
      await tx.query(
        'update properties set name = $2, settings_version = settings_version + 1, updated_at = now() where id = $1',
        [row.id, open!.proposed_name],
      );
      await decideRequest(tx, row.id, open!.id, ctx.viewer!.id, 'RENAMED', null);
      return { row: { ...row, name: open!.proposed_name! }, before: row.name };
    },
    history: ({ row, before }) => requestHistory(row, 'property.rename', { name: before }, { name: row.name }),
  });
  await notifyHotel(ctx, row.id, 'NAME_CHANGE', (to, link) =>
    nameChangeRenamedMail(to, { propertyName: row.name, before, link }),
  );
  ctx.pubsub.publish('property:updated', row.id, { id: row.id });
  return row;
}

/** Staff decline the open request, saying why; the property keeps its name and the hotel is told. */
export async function declineNameChange(ctx: AppContext, propertyId: unknown, reason: unknown) {
  const parsed = nameChangeDeclineSchema.safeParse(reason);
  if (!parsed.success) throw invalid(fieldErrors(parsed.error.issues, 'reason'));
  const { row, name } = await runCommand(ctx, {
    authorize: () => authorizeProperty(ctx, propertyId, 'update', 'NameChange'),
    lock: (tx, facts) => locked(tx, facts.propertyId),
    check: ({ open }) => {
      if (!open) throw refused(NAME_CHANGE_MESSAGES.noneOpen);
    },
    write: async (tx, { row, open }) => {
      await decideRequest(tx, row.id, open!.id, ctx.viewer!.id, 'DECLINED', parsed.data);
      return { row, name: open!.proposed_name! };
    },
    history: ({ row, name }) => requestHistory(row, 'property.nameChangeDecline', null, { name, reason: parsed.data }),
  });
  await notifyHotel(ctx, row.id, 'NAME_CHANGE', (to, link) =>
    nameChangeDeclinedMail(to, { propertyName: row.name, name, reason: parsed.data, link }),
  );
  ctx.pubsub.publish('property:updated', row.id, { id: row.id });
  return row;
}
