const GO_LIVE = 'goLive { id requestedAt requestedBy decidedAt outcome reason }';

/** Go-live (issue 25): the property's latest request, staff's worklist, and the two mutations. */
export const GO_LIVE_DOCS = {
  propertyGoLive: `query PropertyGoLive($id: Int!) { viewer { property(id: $id) { id ${GO_LIVE} } } }`,
  goLiveRequests: 'query GoLiveRequests { goLiveRequests { id propertyId propertyName requestedAt requestedBy } }',
  requestGoLive: `mutation RequestGoLive($propertyId: Int!) { requestGoLive(propertyId: $propertyId) { id ${GO_LIVE} } }`,
  returnGoLive: `mutation ReturnGoLive($propertyId: Int!, $reason: String!) { returnGoLive(propertyId: $propertyId, reason: $reason) { id ${GO_LIVE} } }`,
} as const;
