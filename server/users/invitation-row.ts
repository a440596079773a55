import type { Queryable } from '../db/client';
import type { MembershipRole } from '../../resources/domain';

/** One invitations row, as the commands that manage it and the link that accepts it read it. */
export type InvitationRow = {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  role: MembershipRole;
  property_id: number | null;
  property_group_id: number | null;
  token_hash: string;
  invited_by: number | null;
  expires_at: Date;
  accepted_at: Date | null;
  revoked_at: Date | null;
};

/** The columns of InvitationRow, from `invitations i`. */
export const INVITATION_COLUMNS = `i.id, i.email, i.first_name, i.last_name, i.role, i.property_id, i.property_group_id,
  i.token_hash, i.invited_by, i.expires_at, i.accepted_at, i.revoked_at`;

/** An invitation by id (locked for the transaction when asked), or null. */
export async function loadInvitation(db: Queryable, id: number | string, lock = false): Promise<InvitationRow | null> {
  const [row] = await db.query<InvitationRow>(
    `select ${INVITATION_COLUMNS} from invitations i where i.id = $1${lock ? ' for update' : ''}`,
    [id],
  );
  return row ?? null;
}
