import { PROPERTY_DOCS, type ManagedProperty } from '../../resources/properties/property.documents';
import { statusActionsFor, type StatusAction } from '../../resources/domain';
import { STATUS_TEXTS } from '../../resources/properties/status-texts';

export type StatusMenuItem =
  | {
      kind: 'action';
      key: StatusAction;
      label: string;
      document: string;
      title: string;
      message: string;
      loading: string;
      danger?: boolean;
    }
  | { kind: 'link'; key: 'invite' | 'manage'; label: string; to: string };

/** How the menu shows each action; which ones it offers comes from the server's own state machine (resources/domain.ts). */
const ACTION_ITEMS: Record<
  StatusAction,
  (name: string) => Omit<Extract<StatusMenuItem, { kind: 'action' }>, 'kind' | 'key'>
> = {
  publish: (name) => ({
    label: 'Publish',
    document: PROPERTY_DOCS.publishProperty,
    title: 'Publish property',
    message: `Publish ${name}? It will become visible to members and bookable.`,
    loading: 'Publishing...',
  }),
  unpublish: (name) => ({
    label: 'Unpublish',
    document: PROPERTY_DOCS.unpublishProperty,
    title: 'Unpublish property',
    message: `Unpublish ${name}? It will no longer be visible or bookable.`,
    loading: 'Unpublishing...',
  }),
  archive: (name) => ({
    label: 'Archive',
    document: PROPERTY_DOCS.archiveProperty,
    title: 'Archive property',
    message: `Archive ${name}? Archived properties can no longer be changed.`,
    loading: 'Archiving...',
  }),
  delete: (name) => ({
    label: 'Delete',
    document: PROPERTY_DOCS.deleteProperty,
    title: 'Delete property',
    message: `Delete ${name}? This cannot be undone.`,
    loading: 'Deleting...',
    danger: true,
  }),
  restore: (name) => ({
    label: STATUS_TEXTS.restore,
    document: PROPERTY_DOCS.restoreProperty,
    title: STATUS_TEXTS.restoreTitle,
    message: STATUS_TEXTS.restoreMessage(name, 'the status it had'),
    loading: STATUS_TEXTS.restoring,
  }),
};

/** The confirmation of one action on this property (the menu's, or Restore on an archived property's page). */
export const statusActionItem = (p: Pick<ManagedProperty, 'name'>, key: StatusAction) =>
  ({ kind: 'action', key, ...ACTION_ITEMS[key](p.name) }) as const;

/** Spec §4: the staff menu for this property (nothing for Archived: Restore is on its page instead). */
export function statusMenuItems(p: ManagedProperty): StatusMenuItem[] {
  if (p.status === 'ARCHIVED') return [];
  const items: StatusMenuItem[] = statusActionsFor(p.status, p.publishable).map((key) => statusActionItem(p, key));
  if (p.status === 'PROSPECTIVE')
    items.push({ kind: 'link', key: 'invite', label: 'Invite user', to: `/properties/${p.id}/user` });
  if (p.status === 'INVITED')
    items.push({ kind: 'link', key: 'manage', label: 'Manage user', to: `/properties/${p.id}/user` });
  return items;
}
