import type { ReactNode } from 'react';
import { useOutletContext } from 'react-router';
import { Navigate } from '../lib/navigate';
import { on } from '../../abilities/define-ability';
import type { GroupOutletContext } from '../layouts/group-layout';
import { useAbility } from './ability';

/** Spec §6 'view:users' on a group (staff and the group's admins); anyone else goes to the group home. */
export function GroupUsersGate({ children }: { children: ReactNode }) {
  const { group } = useOutletContext<GroupOutletContext>();
  const allowed = useAbility().can('view', on('Users', { propertyGroupId: group.id }));
  return allowed ? children : <Navigate to={`/property-groups/${group.id}`} replace />;
}
