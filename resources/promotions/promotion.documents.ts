/** The promotions operations beyond the definition's own, written once for the portal and the API tests. */
export const PROMOTION_DOCS = {
  preview: /* GraphQL */ `query PromotionPreview($input: PromotionPreviewInput!) {
    promotionPreview(input: $input) {
      currencyCode roomTypeName draftNote
      overlaps { promotionId name message }
      plans {
        ratePlanId ratePlanName bookable reason chosen base total
        nights { date rate paid }
        promotions { id name applies reason }
      }
    }
  }`,
  roomTypes: /* GraphQL */ `query PromotionRoomTypes($propertyId: Int!) {
    roomTypes(input: { propertyId: $propertyId }) { nodes { id name } }
  }`,
} as const;
