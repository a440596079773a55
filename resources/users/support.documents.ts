/** Staff support tools (issue 30), written once for the portal and the API tests. */
export const SUPPORT_DOCS = {
  user: /* GraphQL */ `query SupportUser($userId: Int!) {
    supportUser(userId: $userId) {
      id email name isStaff isSelf emailVerified pendingEmail hasPassword lastSignInAt activeSessions
      locks { kind count until }
      memberships { id role roleLabel propertyId propertyGroupId scopeName disabled }
      invitations { id roleLabel propertyId propertyGroupId scopeName expiresAt expired }
      history { id at action label actor changes }
      flags { key description enabled override }
    }
  }`,
  people: /* GraphQL */ `query SupportPeople($email: String!) {
    supportPeople(email: $email) {
      users { id email name isStaff reach reachCount }
      invitations { id email propertyId propertyGroupId scopeName roleLabel }
      contacts { propertyId propertyName contactType title name email }
    }
  }`,
  viewAs: /* GraphQL */ `query ViewingAs { viewer { id viewAs { staffEmail userEmail until } } }`,
  startViewAs: /* GraphQL */ `mutation StartViewAs($userId: Int!) { startViewAs(userId: $userId) { message } }`,
  stopViewAs: /* GraphQL */ `mutation StopViewAs { stopViewAs { message userId } }`,
  bookings: /* GraphQL */ `query BookingsByReference($reference: String!) {
    bookingsByReference(reference: $reference) { propertyId propertyName hotelRef guestName }
  }`,
  worklist: /* GraphQL */ `query StaffWorklist { staffWorklist { key count properties } }`,
  stuckSuppliers: /* GraphQL */ `query StuckSuppliers { stuckSuppliers { id email name verified locked } }`,
  action: /* GraphQL */ `mutation SupportAction($userId: Int!, $action: SupportActionKind!) {
    supportAction(userId: $userId, action: $action) { message }
  }`,
  setFlag: /* GraphQL */ `mutation SetUserFeatureFlag($userId: Int!, $key: String!, $enabled: Boolean, $reason: String!) {
    setUserFeatureFlag(userId: $userId, key: $key, enabled: $enabled, reason: $reason) { message }
  }`,
} as const;
