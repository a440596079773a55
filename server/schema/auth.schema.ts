import { ROLES } from '../../resources/domain';
import type { SchemaModule } from './schema-module';
import type { AppContext } from '../context';
import { login } from '../auth/ops/login';
import { mfaCode } from '../auth/ops/mfa-code';
import { forgotPassword } from '../auth/ops/forgot-password';
import { forgotPasswordSubmit } from '../auth/ops/forgot-password-submit';
import { signOut } from '../auth/ops/sign-out';
import { updateUserAttributes } from '../auth/ops/update-user-attributes';
import { verifyCurrentUserAttribute, verifyCurrentUserAttributeSubmit } from '../auth/ops/verify-email';
import { validateAntiSpamToken } from '../auth/antispam';
import { requireViewer } from '../auth/guards';
import { identityFor, toAttributes, toUser } from '../auth/identity';
import { featureFlagsFor, portalFlags } from '../flags/feature-flags';
import { userError } from '../errors';

type Args<T> = (parent: unknown, args: T, ctx: AppContext) => unknown;
const op =
  <T>(fn: (ctx: AppContext, args: T) => unknown): Args<T> =>
  (_p, args, ctx) =>
    fn(ctx, args);

/** The auth calls of spec §7, with the names and shapes the portal sends. */
export const authSchema: SchemaModule = {
  typeDefs: /* GraphQL */ `
    scalar JSON
    enum AuthFlow { MFA_REQUIRED USER_PASSWORD }
    type ChallengeParameters { codeDeliveryDeliveryMedium: String!, codeDeliveryDestination: String! }
    type AuthResult { success: Boolean!, authFlow: AuthFlow, challengeName: String, challengeParameters: ChallengeParameters }
    type SimpleResult { success: Boolean!, message: String }
    type CodeDeliveryDetails { destination: String!, deliveryMedium: String!, attributeName: String! }
    type ForgotPasswordResult { success: Boolean!, message: String, codeDeliveryDetails: CodeDeliveryDetails }
    type ValidateTokenResult { success: Boolean!, errorCodes: [String!]! }
    input AttributeInput { name: String!, value: String }

    "Spec §6's roles: a membership's, or staff."
    enum Role { ${[...ROLES].sort().join(' ')} }
    type ViewerAttributes { id: ID!, propertyGroupId: Int, role: Role! }
    type FeatureFlag { key: String!, enabled: Boolean! }
    type User {
      uuid: ID!, role: Role!, propertyGroupId: Int
      firstName: String!, lastName: String!, name: String!, email: String!, emailVerified: Boolean!, position: String
      isFirstLogin: Boolean!, isStaff: Boolean!, passwordHasExpired: Boolean!
      phonePrimary: String, phoneSecondary: String
    }
    type Viewer {
      id: ID!
      attributes: ViewerAttributes!
      user: User!
      featureFlags: [FeatureFlag!]!
      "Signs the viewer out: revokes the session and clears the cookies."
      signOut: Boolean!
    }
    type CurrentUser { cognitoAttributes: JSON! }

    extend type Query {
      viewer: Viewer!
      currentUser: CurrentUser!
    }
    extend type Mutation {
      login(username: String!, password: String!): AuthResult!
      mfaCode(otpCode: String!, challengeName: String!, username: String!): AuthResult!
      logout: SimpleResult!
      "A new email also needs currentPassword (base64, as Login sends it); it applies once its link is confirmed."
      updateUserAttributes(attributes: [AttributeInput!]!, currentPassword: String): SimpleResult!
      verifyCurrentUserAttribute(attributeName: String!): SimpleResult!
      verifyCurrentUserAttributeSubmit(attributeName: String!, verificationCode: String!): SimpleResult!
      forgotPassword(username: String!): ForgotPasswordResult!
      forgotPasswordSubmit(username: String!, confirmationCode: String!, password: String!): SimpleResult!
      validateToken(token: String!): ValidateTokenResult!
    }
  `,
  resolvers: {
    Query: {
      viewer: (_p: unknown, _a: unknown, ctx: AppContext) => requireViewer(ctx),
      currentUser: (_p: unknown, _a: unknown, ctx: AppContext) => requireViewer(ctx),
    },
    Viewer: {
      id: (v: { uuid: string }) => v.uuid,
      attributes: async (v: { id: number; uuid: string }, _a: unknown, ctx: AppContext) => {
        const row = await identityFor(ctx, v.id);
        return { id: row.uuid, propertyGroupId: row.property_group_id, role: row.role ?? 'supplier' };
      },
      user: async (v: { id: number }, _a: unknown, ctx: AppContext) => toUser(await identityFor(ctx, v.id)),
      featureFlags: async (_v: unknown, _a: unknown, ctx: AppContext) =>
        Object.entries(portalFlags(await featureFlagsFor(ctx.db, ctx.viewer), ctx.cookies)).map(([key, enabled]) => ({
          key,
          enabled,
        })),
      signOut: (_v: unknown, _a: unknown, ctx: AppContext) => signOut(ctx),
    },
    CurrentUser: {
      cognitoAttributes: async (v: { id: number }, _a: unknown, ctx: AppContext) =>
        toAttributes(await identityFor(ctx, v.id)),
    },
    Mutation: {
      login: op(login),
      mfaCode: op(mfaCode),
      logout: op(async (ctx) => ({ success: await signOut(ctx), message: null })),
      updateUserAttributes: op(updateUserAttributes),
      verifyCurrentUserAttribute: op(verifyCurrentUserAttribute),
      verifyCurrentUserAttributeSubmit: op(verifyCurrentUserAttributeSubmit),
      forgotPassword: op(forgotPassword),
      forgotPasswordSubmit: op(forgotPasswordSubmit),
      validateToken: op(async (ctx, args: { token: string }) => {
        if (args.token.length > 20_000) throw userError('The token is too long.', 'BAD_USER_INPUT');
        const { success, errorCodes } = await validateAntiSpamToken(ctx, args.token);
        return { success, errorCodes };
      }),
    },
  },
};
