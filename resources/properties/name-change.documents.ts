const NAME_CHANGE = 'nameChange { id proposedName note requestedAt requestedBy decidedAt outcome reason }';

/** A new name for a property (issue 25): the property's latest request, staff's worklist, asking and deciding. */
export const NAME_CHANGE_DOCS = {
  propertyNameChange: `query PropertyNameChange($id: Int!) { viewer { property(id: $id) { id name ${NAME_CHANGE} } } }`,
  nameChangeRequests:
    'query NameChangeRequests { nameChangeRequests { id propertyId propertyName proposedName requestedAt requestedBy } }',
  requestNameChange: `mutation RequestNameChange($propertyId: Int!, $input: NameChangeInput!) { requestNameChange(propertyId: $propertyId, input: $input) { id name ${NAME_CHANGE} } }`,
  approveNameChange: `mutation ApproveNameChange($propertyId: Int!) { approveNameChange(propertyId: $propertyId) { id name ${NAME_CHANGE} } }`,
  declineNameChange: `mutation DeclineNameChange($propertyId: Int!, $reason: String!) { declineNameChange(propertyId: $propertyId, reason: $reason) { id name ${NAME_CHANGE} } }`,
} as const;
