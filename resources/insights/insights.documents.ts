/** The insights panels' operations (issue 34): each panel reads its own field, so each loads and fails on its own. */
const SCOPE = 'propertyId day currency';
export const INSIGHTS_DOCS = {
  today: /* GraphQL */ `query InsightsToday($propertyId: Int!) { propertyInsights(propertyId: $propertyId) { ${SCOPE}
    figures { arrivals departures inHouse bookedLastDay cancelledLastDay } } }`,
  occupancy: /* GraphQL */ `query InsightsOccupancy($propertyId: Int!) { propertyInsights(propertyId: $propertyId) { ${SCOPE}
    occupancy { roomTypeId name roomsToSell sold revenue stopSell } } }`,
  pickup: /* GraphQL */ `query InsightsPickup($propertyId: Int!) { propertyInsights(propertyId: $propertyId) { ${SCOPE}
    pickup { bookedPerDay months { month revenue lastYear } } } }`,
  revenue: /* GraphQL */ `query InsightsRevenue($propertyId: Int!, $from: String!, $to: String!) {
    propertyInsights(propertyId: $propertyId) { ${SCOPE}
      revenue(from: $from, to: $to) { from to byRatePlan { key label nights revenue } byPaymentMethod { key label nights revenue } } } }`,
  group: /* GraphQL */ `query GroupInsights($propertyGroupId: Int!) { propertyGroupInsights(propertyGroupId: $propertyGroupId) {
    figures { arrivals departures inHouse bookedLastDay cancelledLastDay }
    properties { propertyId currency roomsToSell sold revenue } } }`,
} as const;
