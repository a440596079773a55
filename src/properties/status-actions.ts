import { PROPERTY_DOCS, stepsRemaining, type ManagedProperty } from '../../resources/properties/property.documents';

export type StatusMenuItem =
  | { kind: 'action'; key: 'publish' | 'unpublish' | 'archive' | 'delete'; label: string; document: string; title: string; message: string; loading: string; danger?: boolean }
  | { kind: 'link'; key: 'invite' | 'manage'; label: string; to: string };

/** Spec §4: which status actions the staff menu offers for this property (never for Archived). */
export function statusMenuItems(p: ManagedProperty): StatusMenuItem[] {
  if (p.status === 'ARCHIVED') return [];
  const items: StatusMenuItem[] = [];
  const remaining = stepsRemaining(p.publishable);
  if ((p.status === 'ONBOARDING' || p.status === 'UNPUBLISHED') && remaining === 0) {
    items.push({ kind: 'action', key: 'publish', label: 'Publish', document: PROPERTY_DOCS.publishProperty, title: 'Publish property',
      message: `Publish ${p.name}? It will become visible to members and bookable.`, loading: 'Publishing...' });
  }
  if (p.status === 'PUBLISHED') {
    items.push({ kind: 'action', key: 'unpublish', label: 'Unpublish', document: PROPERTY_DOCS.unpublishProperty, title: 'Unpublish property',
      message: `Unpublish ${p.name}? It will no longer be visible or bookable.`, loading: 'Unpublishing...' });
  }
  if (p.status === 'UNPUBLISHED') {
    items.push({ kind: 'action', key: 'archive', label: 'Archive', document: PROPERTY_DOCS.archiveProperty, title: 'Archive property',
      message: `Archive ${p.name}? Archived properties can no longer be changed.`, loading: 'Archiving...' });
  }
  if (p.status !== 'PUBLISHED' && p.status !== 'UNPUBLISHED') {
    items.push({ kind: 'action', key: 'delete', label: 'Delete', document: PROPERTY_DOCS.deleteProperty, title: 'Delete property',
      message: `Delete ${p.name}? This cannot be undone.`, loading: 'Deleting...', danger: true });
  }
  if (p.status === 'PROSPECTIVE') items.push({ kind: 'link', key: 'invite', label: 'Invite user', to: `/properties/${p.id}/user` });
  if (p.status === 'INVITED') items.push({ kind: 'link', key: 'manage', label: 'Manage user', to: `/properties/${p.id}/user` });
  return items;
}
