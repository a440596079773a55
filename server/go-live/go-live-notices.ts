import type { AppContext } from '../context';
import type { MailMessage } from '../mail/mailer';

type Compose = (to: string, link: string) => MailMessage;

const homeLink = (ctx: AppContext, propertyId: number) =>
  new URL(`/properties/${propertyId}`, ctx.config.PUBLIC_URL).toString();

/**
 * Notifications go out after the change committed and in the background: the request or the
 * decision stands whether or not mail is up (staff's worklist shows it either way), and a failed
 * delivery is logged by the mailer without its body.
 */
function sendEach(ctx: AppContext, to: string[], compose: Compose, propertyId: number) {
  const link = homeLink(ctx, propertyId);
  for (const address of new Set(to)) ctx.mailer.send(compose(address, link), { log: ctx.log });
}

/** Every active staff member. */
export async function notifyStaff(ctx: AppContext, compose: Compose, propertyId: number) {
  const staff = await ctx.db.query<{ email: string }>('select email from users where is_staff order by id');
  sendEach(
    ctx,
    staff.map((u) => u.email),
    compose,
    propertyId,
  );
}

/** The hotel: whoever asked for go-live, and the property's admins (directly or through its group). */
export async function notifyHotel(ctx: AppContext, propertyId: number, compose: Compose) {
  const rows = await ctx.db.query<{ email: string }>(
    `select u.email from users u
      where u.id = (select requested_by from go_live_requests where property_id = $1 order by id desc limit 1)
     union
     select u.email from live_memberships m join users u on u.id = m.user_id
      where m.role in ('property_admin', 'property_group_admin')
        and (m.property_id = $1 or m.property_group_id = (select property_group_id from properties where id = $1))`,
    [propertyId],
  );
  sendEach(
    ctx,
    rows.map((r) => r.email),
    compose,
    propertyId,
  );
}
