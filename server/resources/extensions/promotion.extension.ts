import type { ResourceExtension } from '../resource-extension';
import type { AppContext } from '../../context';
import { resolveInput } from '../../schema/schema-module';
import { asPriced, ENDING_SOON_DAYS, overlapsOf, promotionStatus } from '../../../resources/promotions/promotion-rules';
import { overlapCandidates } from '../../promotions/promotion-pricing';
import { promotionPreview } from '../../promotions/promotion-preview';

/** Promotions: the status derived from the sale dates and the property's day, the overlap rule on every loaded row, and the price preview. */
export const promotionExtension: ResourceExtension = {
  typeDefs: /* GraphQL */ `
    "Another non-combinable promotion on a shared rate plan and dates, and which one a guest gets."
    type PromotionOverlap { promotionId: ID!, name: String!, message: String! }
    extend type Promotion { overlaps: [PromotionOverlap!]! }
    "A stay to price: a room type, the arrival, the nights and the day it is booked; draft is the form's unsaved values (in place of promotionId's saved ones)."
    input PromotionPreviewInput {
      propertyId: Int!, roomTypeId: ID!, arrival: String!, nights: Int!, bookedOn: String!, promotionId: ID, draft: PromotionValues
    }
    type PromotionVerdict { id: ID!, name: String!, applies: Boolean!, reason: String! }
    type PromotionNightPrice { date: String!, rate: Decimal, paid: Decimal }
    type PromotionPlanPrice {
      ratePlanId: ID!, ratePlanName: String!, bookable: Boolean!, reason: String,
      nights: [PromotionNightPrice!]!, promotions: [PromotionVerdict!]!, chosen: [ID!]!, base: Decimal, total: Decimal
    }
    type PromotionPreview {
      currencyCode: String!, roomTypeName: String!, plans: [PromotionPlanPrice!]!, draftNote: String, overlaps: [PromotionOverlap!]!
    }
    extend type Query { promotionPreview(input: PromotionPreviewInput!): PromotionPreview! }
  `,
  resolvers: {
    Query: {
      promotionPreview: resolveInput((ctx: AppContext, input: unknown) => promotionPreview(ctx, input)),
    },
  },
  computed: {
    status: {
      value: (row, today) => promotionStatus(row as never, today),
      sql: (field, today) => `(case when (${field('saleStart')}) > ${today} then 'UPCOMING'
        when (${field('saleEnd')}) < ${today} then 'EXPIRED'
        when (${field('saleEnd')}) <= to_char(${today}::date + ${ENDING_SOON_DAYS}, 'YYYY-MM-DD') then 'ENDING_SOON'
        else 'ACTIVE' end)`,
    },
  },
  /** The overlap rule for a page of promotions: the candidates from one indexed query, each priced by the one rule. */
  afterLoad: async (db, rows) => {
    const candidates = rows.length
      ? await overlapCandidates(
          db,
          rows.map((r) => r.id),
        )
      : [];
    for (const row of rows) {
      const mine = candidates.filter((c) => c.ownerId === row.id).map((c) => ({ ...c, ratePlanIds: [c.sharedPlan] }));
      row.overlaps = overlapsOf(asPriced(row), mine);
    }
  },
};
