import { z } from 'zod';
import type { AppContext } from '../context';
import { authorizeProperty } from '../auth/authorize';
import { authorizeRoomType, badInput, type RoomTypeScope } from '../rates/rates-access';
import type { Queryable } from '../db/client';
import { readCalendar } from '../rates/rates-calendar';
import { spend } from '../request-budget';
import { addDays, isRealDay } from '../../resources/days';
import { promotionResource } from '../../resources/promotions/promotion.resource';
import { centsToString, parseRate } from '../../resources/rates-inventory/rates-inventory.schema';
import {
  asPriced,
  overlapsOf,
  priceStay,
  type PlanNight,
  type PricedPromotion,
} from '../../resources/promotions/promotion-rules';
import { promotionsForStay } from './promotion-pricing';

export const PREVIEW_MAX_NIGHTS = 30;
export const PREVIEW_MESSAGES = {
  day: 'Enter a date as yyyy-MM-dd',
  nights: `Enter 1 to ${PREVIEW_MAX_NIGHTS} nights`,
  bookedAfterArrival: 'The booking date must be on or before arrival',
  draftIncomplete: 'Complete the form to include this promotion in the preview.',
} as const;

const day = z.string().refine(isRealDay, PREVIEW_MESSAGES.day);
const previewInput = z
  .object({
    propertyId: z.number().int().min(1),
    roomTypeId: z.string().regex(/^\d{1,15}$/, 'Unknown id'),
    arrival: day,
    nights: z.number().int().min(1, PREVIEW_MESSAGES.nights).max(PREVIEW_MAX_NIGHTS, PREVIEW_MESSAGES.nights),
    bookedOn: day,
    promotionId: z
      .string()
      .regex(/^\d{1,15}$/, 'Unknown id')
      .nullable()
      .optional(),
    draft: z.record(z.string(), z.unknown()).nullable().optional(),
  })
  .refine((v) => v.bookedOn <= v.arrival, { path: ['bookedOn'], message: PREVIEW_MESSAGES.bookedAfterArrival });

/** The promotion being edited, as pricing reads it, when its values are complete enough to be saved. */
function draftPromotion(draft: Record<string, unknown>, id: string | null | undefined): PricedPromotion | null {
  const parsed = promotionResource.schema.safeParse(draft);
  return parsed.success ? asPriced(parsed.data as Record<string, unknown>, id ?? 'draft') : null;
}

/**
 * The price preview (issue 26): for a room type, a stay and a booking date, each rate plan's night
 * by night rate, every promotion that meets the stay and why it applies or not, and what the guest
 * pays, using the saved promotions with the one being edited in place of its saved self.
 */
export async function promotionPreview(ctx: AppContext, raw: unknown) {
  const parsed = previewInput.safeParse(raw);
  if (!parsed.success) throw badInput(parsed.error.issues);
  const input = parsed.data;
  await authorizeProperty(ctx, input.propertyId, 'read', 'Promotion');
  const scope = await authorizeRoomType(ctx, input.propertyId, input.roomTypeId, 'read');
  spend(ctx, 'read', input.nights * (1 + scope.plans.length));
  return previewFor(ctx.db, scope, input);
}

export type PreviewInput = z.infer<typeof previewInput>;

/** The preview's reads and pricing for a room type the caller may read (the bench's anchor runs exactly this). */
export async function previewFor(db: Queryable, scope: RoomTypeScope, input: PreviewInput) {
  const last = addDays(input.arrival, input.nights - 1);
  const draft = input.draft ? draftPromotion(input.draft, input.promotionId) : null;
  const [calendar, saved, near] = await Promise.all([
    readCalendar(db, scope, input.arrival, last),
    promotionsForStay(db, scope.propertyId, input.arrival, last),
    draft ? promotionsForStay(db, scope.propertyId, draft.stayStart, draft.stayEnd) : [],
  ]);
  const others = (list: PricedPromotion[]) => list.filter((p) => p.id !== input.promotionId);
  const promotions = draft ? [...others(saved), draft] : saved;
  const stay = { arrival: input.arrival, nights: input.nights, bookedOn: input.bookedOn };
  const plans = calendar.plans.map((plan) => {
    const nights: PlanNight[] = plan.rate.map((rate, i) => {
      const cents = rate === null ? null : parseRate(rate);
      return {
        date: addDays(input.arrival, i),
        rateCents: cents && 'cents' in cents ? cents.cents : null,
        stopSell: plan.stopSell[i],
        closedToArrival: plan.closedToArrival[i],
      };
    });
    const price = priceStay(plan.id, nights, promotions, stay);
    const money = (cents: number | null) => (cents === null ? null : centsToString(cents));
    return {
      ratePlanId: plan.id,
      ratePlanName: plan.name,
      bookable: price.bookable,
      reason: price.reason,
      nights: price.nights.map((n) => ({ date: n.date, rate: money(n.rateCents), paid: money(n.paidCents) })),
      promotions: price.promotions,
      chosen: price.chosen,
      base: money(price.baseCents),
      total: money(price.totalCents),
    };
  });
  return {
    currencyCode: calendar.currencyCode,
    roomTypeName: calendar.roomTypeName,
    plans,
    draftNote: input.draft && !draft ? PREVIEW_MESSAGES.draftIncomplete : null,
    overlaps: draft
      ? overlapsOf(
          draft,
          others(near).filter((p) => p.saleEnd >= scope.today),
        )
      : [],
  };
}
