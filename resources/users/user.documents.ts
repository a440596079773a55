/** The users operations (issue 28), written once for the portal and the API tests. */
export const USER_DOCS = {
  list: /* GraphQL */ `query ScopeUsers($input: UserQueryInput!) {
    scopeUsers(input: $input) {
      scopeName grantableRoles
      nodes {
        id memberId invitationId name email role status lastSignInAt createdAt invitationExpiresAt expired
        propertyId propertyName isSelf userId
      }
    }
  }`,
  invite: /* GraphQL */ `mutation InviteUser($input: InviteUserInput!) { inviteUser(input: $input) { message } }`,
  resend: /* GraphQL */ `mutation ResendInvitation($invitationId: Int!) { resendInvitation(invitationId: $invitationId) { message } }`,
  revoke: /* GraphQL */ `mutation RevokeInvitation($invitationId: Int!) { revokeInvitation(invitationId: $invitationId) { message } }`,
  changeRole: /* GraphQL */ `mutation ChangeUserRole($memberId: Int!, $role: Role!) { changeUserRole(memberId: $memberId, role: $role) { message } }`,
  setDisabled: /* GraphQL */ `mutation SetUserDisabled($memberId: Int!, $disabled: Boolean!) { setUserDisabled(memberId: $memberId, disabled: $disabled) { message } }`,
  remove: /* GraphQL */ `mutation RemoveUser($memberId: Int!) { removeUser(memberId: $memberId) { message } }`,
  invitation: /* GraphQL */ `query Invitation($token: String!) { invitation(token: $token) { email scopeName role roleLabel needsPassword } }`,
  accept: /* GraphQL */ `mutation AcceptInvitation($token: String!, $password: String) { acceptInvitation(token: $token, password: $password) { message } }`,
} as const;
