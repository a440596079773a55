/** The rates and inventory operations, written once for the portal and the API tests. */
export const RATES_DOCS = {
  calendar: /* GraphQL */ `query RatesCalendar($propertyId: Int!, $roomTypeId: ID!, $from: String, $to: String, $days: Int) {
    ratesCalendar(propertyId: $propertyId, roomTypeId: $roomTypeId, from: $from, to: $to, days: $days) {
      propertyId roomTypeId roomTypeName currencyCode from to firstEditable lastEditable canEdit roomsToSell roomClosed booked
      plans { id name linkedTo link rate stopSell closedToArrival closedToDeparture minStay maxStay
        promotions { id name stayStart stayEnd weekdays blackoutDates } }
      roomTypes { id name roomCount }
    }
  }`,
  history: /* GraphQL */ `query RatesCellHistory($propertyId: Int!, $roomTypeId: ID!, $ratePlanId: ID, $date: String!, $field: String) {
    ratesCellHistory(propertyId: $propertyId, roomTypeId: $roomTypeId, ratePlanId: $ratePlanId, date: $date, field: $field) {
      id batchId field before after source changedAt userName
    }
  }`,
  batches: /* GraphQL */ `query RatesBatches($propertyId: Int!, $roomTypeId: ID!) {
    ratesBatches(propertyId: $propertyId, roomTypeId: $roomTypeId) { id source cellCount createdAt undone userName roomTypes
      changes { field days firstDay lastDay plans planName uniform after } }
  }`,
  /** What a bulk update may cover: the property's rate plans with the room types each sells (the room types: RATES_ROOM_TYPES). */
  bulkTargets: /* GraphQL */ `query RatesBulkTargets($propertyId: Int!) {
    ratePlans(input: { propertyId: $propertyId }, limit: 100) { nodes { id name roomTypeIds rateLink } }
  }`,
  saveCells: /* GraphQL */ `mutation SaveRatesCells($input: RatesCellsInput!) { saveRatesCells(input: $input) { batchId count } }`,
  preview: /* GraphQL */ `mutation PreviewRatesBulkUpdate($input: RatesBulkUpdateInput!) {
    previewRatesBulkUpdate(input: $input) { token days changedDays cells blocking confirm
      roomTypes { roomTypeId roomTypeName cells changedDays }
      sample { roomTypeId roomTypeName ratePlanId ratePlanName date field before after } }
  }`,
  apply: /* GraphQL */ `mutation ApplyRatesBulkUpdate($input: RatesBulkUpdateInput!) { applyRatesBulkUpdate(input: $input) { batchId count roomTypeId } }`,
  undo: /* GraphQL */ `mutation UndoRatesBatch($propertyId: Int!, $roomTypeId: ID!, $batchId: ID!) {
    undoRatesBatch(propertyId: $propertyId, roomTypeId: $roomTypeId, batchId: $batchId) { batchId count roomTypeId }
  }`,
  changed: /* GraphQL */ `subscription RatesChanged($propertyId: Int!, $roomTypeId: ID!) {
    ratesChanged(propertyId: $propertyId, roomTypeId: $roomTypeId) { propertyId roomTypeId batchId source count }
  }`,
} as const;
