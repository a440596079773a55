import type { AppContext } from '../context';
import type { MailMessage } from '../mail/mailer';
import type { RequestKind } from './property-requests';

type Compose = (to: string, link: string) => MailMessage;

/** Where a request is answered: go-live on the property's home, a name on its Property overview. */
const REQUEST_PAGE: Record<RequestKind, string> = { GO_LIVE: '', NAME_CHANGE: '/details/overview' };
const pageLink = (ctx: AppContext, propertyId: number, kind: RequestKind) =>
  new URL(`/properties/${propertyId}${REQUEST_PAGE[kind]}`, ctx.config.PUBLIC_URL).toString();

/**
 * Notifications go out after the change committed and in the background: the request or the
 * decision stands whether or not mail is up (staff's worklist shows it either way), and a failed
 * delivery is logged by the mailer without its body.
 */
function sendEach(ctx: AppContext, to: string[], compose: Compose, propertyId: number, kind: RequestKind) {
  const link = pageLink(ctx, propertyId, kind);
  for (const address of new Set(to)) ctx.mailer.send(compose(address, link), { log: ctx.log });
}

/** Every active staff member. */
export async function notifyStaff(ctx: AppContext, propertyId: number, kind: RequestKind, compose: Compose) {
  const staff = await ctx.db.query<{ email: string }>('select email from users where is_staff order by id');
  sendEach(
    ctx,
    staff.map((u) => u.email),
    compose,
    propertyId,
    kind,
  );
}

/** The hotel: whoever made the property's latest request of the kind, and its admins (directly or through its group). */
export async function notifyHotel(ctx: AppContext, propertyId: number, kind: RequestKind, compose: Compose) {
  const rows = await ctx.db.query<{ email: string }>(
    `select u.email from users u
      where u.id = (select requested_by from property_requests where property_id = $1 and kind = $2 order by id desc limit 1)
     union
     select u.email from live_memberships m join users u on u.id = m.user_id
      where m.role in ('property_admin', 'property_group_admin')
        and (m.property_id = $1 or m.property_group_id = (select property_group_id from properties where id = $1))`,
    [propertyId, kind],
  );
  sendEach(
    ctx,
    rows.map((r) => r.email),
    compose,
    propertyId,
    kind,
  );
}

/** How a request names who made it: the viewer's name, else their email. */
export const requesterName = (ctx: AppContext) =>
  `${ctx.viewer!.firstName} ${ctx.viewer!.lastName}`.trim() || ctx.viewer!.email;
