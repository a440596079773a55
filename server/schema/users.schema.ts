import { inputSdlFromZod } from './zod-input-sdl';
import { resolveInput, resolveWith, type SchemaModule } from './schema-module';
import { ROLES } from '../../resources/domain';
import { inviteInput, userQuerySchema } from '../../resources/users/user.forms';
import { listScopeUsers } from '../users/list-users';
import { inviteUser, resendInvitation, revokeInvitation } from '../users/invitations';
import { changeUserRole, removeUser, setUserDisabled } from '../users/member-changes';
import { acceptInvitation, invitationInfo } from '../users/accept-invitation';

const SHARED_ENUMS = ['Role', 'SortDirection'];
const USERS_INPUT_SDL = [
  inputSdlFromZod('UserQueryInput', userQuerySchema, {
    description: "One property's users (propertyId) or one group's (propertyGroupId), filtered and sorted.",
    names: { sort: 'UserSort', direction: 'SortDirection', role: 'Role', status: 'UserStatus' },
    declaredElsewhere: SHARED_ENUMS,
  }),
  inputSdlFromZod('InviteUserInput', inviteInput(ROLES), {
    description: 'An invitation to a property (propertyId) or a group (propertyGroupId) with a role.',
    names: { role: 'Role' },
    declaredElsewhere: SHARED_ENUMS,
  }),
].join('\n');

/** Users of a property or group (issue 28): the list, invitations, role changes, disabling and removal. */
export const usersSchema: SchemaModule = {
  typeDefs: /* GraphQL */ `
    ${USERS_INPUT_SDL}
    type ScopeUser {
      "member:<membership id> or invitation:<invitation id>"
      id: ID!
      memberId: Int, invitationId: Int
      name: String!, email: String!, role: Role!, status: UserStatus!
      lastSignInAt: String, createdAt: String!, invitationExpiresAt: String, expired: Boolean!
      "The property a property role reaches (on a group's page); null for a group role."
      propertyId: Int, propertyName: String
      isSelf: Boolean!
      "The account of a member (null for an invitation not accepted yet): staff open its support page."
      userId: Int
    }
    type ScopeUsers { scopeName: String!, grantableRoles: [Role!]!, nodes: [ScopeUser!]! }
    type InvitationInfo { email: String!, scopeName: String!, role: Role!, roleLabel: String!, needsPassword: Boolean! }
    type UserAccessResult { message: String! }
    extend type Query {
      scopeUsers(input: UserQueryInput!): ScopeUsers!
      "What an invitation link offers (no sign-in needed: the token is the proof)."
      invitation(token: String!): InvitationInfo!
    }
    extend type Mutation {
      inviteUser(input: InviteUserInput!): UserAccessResult!
      resendInvitation(invitationId: Int!): UserAccessResult!
      revokeInvitation(invitationId: Int!): UserAccessResult!
      changeUserRole(memberId: Int!, role: Role!): UserAccessResult!
      setUserDisabled(memberId: Int!, disabled: Boolean!): UserAccessResult!
      removeUser(memberId: Int!): UserAccessResult!
      acceptInvitation(token: String!, password: String): UserAccessResult!
    }
  `,
  resolvers: {
    Query: {
      scopeUsers: resolveInput(listScopeUsers),
      invitation: resolveWith(invitationInfo),
    },
    Mutation: {
      inviteUser: resolveInput(inviteUser),
      resendInvitation: resolveWith(resendInvitation),
      revokeInvitation: resolveWith(revokeInvitation),
      changeUserRole: resolveWith(changeUserRole),
      setUserDisabled: resolveWith(setUserDisabled),
      removeUser: resolveWith(removeUser),
      acceptInvitation: resolveWith(acceptInvitation),
    },
  },
};
