/** Trails and Admin operations (issue 29), written once for the portal and the API tests. */
const RECORD = `id at correlationId subjectType subjectId label action revertsId revertedById
  actor { kind id name email role } section { key label } changes { field before after }
  batch { id roomTypeId cellCount undone } revertable`;
const SETTINGS = `version fxUpdatedAt groups { id name }
  values { name inventoryProvider ratesServiceEnabled ratePlansServiceEnabled canManageContent canManageRates
    currencyCode exchangeRate previousPropertyId propertyGroupId }`;

export const TRAIL_DOCS = {
  history: /* GraphQL */ `query PropertyTrail($propertyId: Int!, $filter: TrailFilterInput, $limit: Int, $offset: Int) {
    propertyHistory(propertyId: $propertyId, filter: $filter, limit: $limit, offset: $offset) { totalCount nodes { ${RECORD} } }
  }`,
  actors: /* GraphQL */ `query TrailActors($propertyId: Int!) { trailActors(propertyId: $propertyId) { key name email } }`,
  batchCells: /* GraphQL */ `query TrailBatchCells($propertyId: Int!, $batchId: ID!) {
    trailBatchCells(propertyId: $propertyId, batchId: $batchId) { ratePlanName date field before after }
  }`,
  revert: /* GraphQL */ `mutation RevertChange($propertyId: Int!, $historyId: ID!, $confirm: Boolean) {
    revertChange(propertyId: $propertyId, historyId: $historyId, confirm: $confirm) { ${RECORD} }
  }`,
  settings: /* GraphQL */ `query PropertySettings($propertyId: Int!) { propertySettings(propertyId: $propertyId) { ${SETTINGS} } }`,
  saveSettings: /* GraphQL */ `mutation SavePropertySettings($input: SavePropertySettingsInput!) {
    savePropertySettings(input: $input) { ${SETTINGS} }
  }`,
  createProperty: /* GraphQL */ `mutation CreateProperty($input: NewPropertyInput!) { createProperty(input: $input) { id name status } }`,
} as const;
