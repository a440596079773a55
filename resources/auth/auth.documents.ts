/** The GraphQL documents of the auth calls (spec §7), shared by the portal and the tests. */
export const AUTH_DOCS = {
  validateToken: 'mutation ValidateToken($token: String!) { validateToken(token: $token) { success errorCodes } }',
  login: `mutation Login($username: String!, $password: String!) {
    login(username: $username, password: $password) {
      success authFlow challengeName challengeParameters { codeDeliveryDeliveryMedium codeDeliveryDestination } } }`,
  mfaCode: `mutation MfaCode($otpCode: String!, $challengeName: String!, $username: String!) {
    mfaCode(otpCode: $otpCode, challengeName: $challengeName, username: $username) { success authFlow } }`,
  logout: 'mutation Logout { logout { success } }',
  userSignOut: 'query UserSignOut { viewer { signOut } }',
  userAttributes: `query UserAttributes { viewer { id attributes { id propertyGroupId role }
    user { uuid role propertyGroupId firstName lastName name email emailVerified position isFirstLogin isStaff passwordHasExpired phonePrimary phoneSecondary }
    featureFlags { key enabled } memberships { role propertyId propertyGroupId } } }`,
  currentUser: 'query CurrentUser { currentUser { cognitoAttributes } }',
  updateUserAttributes: `mutation UpdateUserAttributes($attributes: [AttributeInput!]!, $currentPassword: String) {
    updateUserAttributes(attributes: $attributes, currentPassword: $currentPassword) { success message } }`,
  verifyCurrentUserAttribute: `mutation VerifyCurrentUserAttribute($attributeName: String!) {
    verifyCurrentUserAttribute(attributeName: $attributeName) { success message } }`,
  verifyCurrentUserAttributeSubmit: `mutation VerifyCurrentUserAttributeSubmit($attributeName: String!, $verificationCode: String!) {
    verifyCurrentUserAttributeSubmit(attributeName: $attributeName, verificationCode: $verificationCode) { success message } }`,
  forgotPassword: `mutation ForgotPassword($username: String!) {
    forgotPassword(username: $username) { success message codeDeliveryDetails { destination deliveryMedium attributeName } } }`,
  forgotPasswordSubmit: `mutation ForgotPasswordSubmit($username: String!, $confirmationCode: String!, $password: String!) {
    forgotPasswordSubmit(username: $username, confirmationCode: $confirmationCode, password: $password) { success message } }`,
} as const;

export type PortalUser = {
  uuid: string;
  role: string;
  propertyGroupId: number | null;
  firstName: string;
  lastName: string;
  name: string;
  email: string;
  emailVerified: boolean;
  position: string | null;
  isFirstLogin: boolean;
  isStaff: boolean;
  passwordHasExpired: boolean;
  phonePrimary: string | null;
  phoneSecondary: string | null;
};

export type ViewerData = {
  viewer: {
    id: string;
    attributes: { id: string; propertyGroupId: number | null; role: string };
    user: PortalUser;
    featureFlags: { key: string; enabled: boolean }[];
    memberships: { role: string; propertyId: number | null; propertyGroupId: number | null }[];
  };
};
