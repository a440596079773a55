import { b64 } from '../../support/auth-client';

/** Who calls: a role on the "own" property (or its group), staff, a user with no membership, or nobody. */
export type Principal =
  | 'staff'
  | 'property_admin'
  | 'property_editor'
  | 'property_viewer'
  | 'supplier'
  | 'property_group_admin'
  | 'property_group_editor'
  | 'property_group_viewer'
  | 'no_membership'
  | 'anonymous';
export type Target = 'own' | 'other';
/** rows: for each defined resource, a row of the own and the other property (the same row for global resources). */
export type Fixture = {
  own: number;
  other: number;
  ownGroup: number;
  otherGroup: number;
  rows: Record<string, Record<Target, string>>;
};

export type Operation = {
  /** The schema field the operation reaches (Query.x, Mutation.x or Viewer.x). */
  field: string;
  query: string;
  variables: (f: Fixture, t: Target) => Record<string, unknown>;
  /** Completes the variables with what another call answers (made as staff), e.g. a bulk update's preview token. */
  prepare?: (
    variables: Record<string, unknown>,
    asStaff: (query: string, variables: Record<string, unknown>) => Promise<any>,
  ) => Promise<Record<string, unknown>>;
  /** The status the target property needs for this call to be meaningful. */
  status?: string;
  allowed: (p: Principal, t: Target) => boolean;
};

import { GROUP_ROLES } from '../../../resources/domain';
const signedIn = (p: Principal) => p !== 'anonymous';
const member = (p: Principal, t: Target) => p === 'staff' || (t === 'own' && signedIn(p) && p !== 'no_membership');
const staffOnly = (p: Principal) => p === 'staff';
const EDITORS = ['property_admin', 'property_editor', 'supplier', 'property_group_admin', 'property_group_editor'];
const editor = (p: Principal, t: Target) => p === 'staff' || (t === 'own' && EDITORS.includes(p));
const id = (f: Fixture, t: Target) => ({ id: t === 'own' ? f.own : f.other });
const group = (f: Fixture, t: Target) => ({ propertyGroupId: t === 'own' ? f.ownGroup : f.otherGroup });
const none = () => ({});

/** Every operation of the API. The matrix test fails when the schema has one this list lacks. */
export const OPERATIONS: Operation[] = [
  { field: 'Query.ping', query: '{ ping }', variables: none, allowed: () => true },
  { field: 'Mutation.ping', query: 'mutation { ping }', variables: none, allowed: () => true },
  { field: 'Query.viewer', query: 'query { viewer { id attributes { role } } }', variables: none, allowed: signedIn },
  { field: 'Viewer.user', query: 'query { viewer { user { email } } }', variables: none, allowed: signedIn },
  {
    field: 'Viewer.featureFlags',
    query: 'query { viewer { featureFlags { key enabled } } }',
    variables: none,
    allowed: signedIn,
  },
  {
    field: 'Viewer.memberships',
    query: 'query { viewer { memberships { role } } }',
    variables: none,
    allowed: signedIn,
  },
  {
    field: 'Query.currentUser',
    query: 'query { currentUser { cognitoAttributes } }',
    variables: none,
    allowed: signedIn,
  },
  {
    field: 'Viewer.property',
    query:
      'query ManageProperty($id: Int!) { viewer { property(id: $id) { id name status publishable { billingContact } } } }',
    variables: id,
    allowed: member,
  },
  {
    field: 'Viewer.properties',
    query: 'query { viewer { properties(limit: 50) { nodes { id } pagination { totalCount } } } }',
    variables: none,
    allowed: signedIn,
  },
  {
    field: 'Viewer.propertyGroup',
    query:
      'query PropertyGroup($propertyGroupId: Int!) { viewer { propertyGroup(propertyGroupId: $propertyGroupId) { id name totalProperties } } }',
    variables: group,
    allowed: member,
  },
  {
    field: 'PropertyGroup.properties',
    query: `query PropertyGroupPage($propertyGroupId: Int!) { viewer { propertyGroup(propertyGroupId: $propertyGroupId) {
      name properties(limit: 5, offset: 0) { nodes { id } pagination { count totalCount page limit offset } } } } }`,
    variables: group,
    allowed: (p, t) => p === 'staff' || (t === 'own' && p === 'property_group_admin'),
  },
  {
    field: 'Viewer.propertyGroups',
    query: 'query { viewer { propertyGroups(search: "Group") { id name } } }',
    variables: none,
    allowed: signedIn,
  },
  { field: 'Viewer.signOut', query: 'query { viewer { signOut } }', variables: none, allowed: signedIn },
  { field: 'Mutation.logout', query: 'mutation { logout { success } }', variables: none, allowed: () => true },
  {
    field: 'Mutation.publishProperty',
    query: 'mutation PublishProperty($id: Int!) { publishProperty(id: $id) { id status } }',
    variables: id,
    status: 'ONBOARDING',
    allowed: staffOnly,
  },
  {
    field: 'Mutation.unpublishProperty',
    query: 'mutation UnpublishProperty($id: Int!) { unpublishProperty(id: $id) { id status } }',
    variables: id,
    status: 'PUBLISHED',
    allowed: staffOnly,
  },
  {
    field: 'Mutation.archiveProperty',
    query: 'mutation ArchiveProperty($id: Int!) { archiveProperty(id: $id) { id status } }',
    variables: id,
    status: 'UNPUBLISHED',
    allowed: staffOnly,
  },
  {
    field: 'Mutation.deleteProperty',
    query: 'mutation DeleteProperty($id: Int!) { deleteProperty(id: $id) { id status } }',
    variables: id,
    status: 'PROSPECTIVE',
    allowed: staffOnly,
  },
  {
    field: 'Mutation.restoreProperty',
    query: 'mutation RestoreProperty($id: Int!) { restoreProperty(id: $id, reason: "Signed again") { id status } }',
    variables: id,
    status: 'ARCHIVED',
    allowed: staffOnly,
  },
  {
    field: 'Property.hardDeletable',
    query: 'query ($id: Int!) { viewer { property(id: $id) { hardDeletable } } }',
    variables: id,
    allowed: staffOnly,
  },
  {
    field: 'Query.bulkStatusPreview',
    query: 'query { bulkStatusPreview(action: publish, statuses: [ONBOARDING]) { id refusal } }',
    variables: none,
    allowed: staffOnly,
  },
  {
    field: 'Mutation.bulkStatusChange',
    query:
      'mutation ($ids: [Int!]!) { bulkStatusChange(action: archive, ids: $ids, reason: "Closed for good") { done { id } refused { id } } }',
    variables: (f, t) => ({ ids: [t === 'own' ? f.own : f.other] }),
    status: 'UNPUBLISHED',
    allowed: staffOnly,
  },
  {
    field: 'Mutation.saveKeyContact',
    query:
      'mutation SaveKeyContact($input: SaveKeyContactInput!) { saveKeyContact(input: $input) { id publishable { billingContact } } }',
    variables: (f, t) => ({
      input: {
        propertyId: t === 'own' ? f.own : f.other,
        contactType: 'billing',
        name: 'Bea Billing',
        email: 'bea@x.example',
        phone: '0299990000',
        version: 1,
      },
    }),
    allowed: editor,
  },
  {
    field: 'Mutation.savePropertyDetails',
    query: 'mutation ($input: PropertyDetailsInput!) { savePropertyDetails(input: $input) { version } }',
    variables: (f, t) => ({
      input: {
        propertyId: t === 'own' ? f.own : f.other,
        section: 'policies',
        version: 0,
        values: { cancellationPolicy: 'Free cancellation up to 48 hours before arrival.' },
      },
    }),
    allowed: editor,
  },
  {
    field: 'Query.apiHealth',
    query: 'query { apiHealth { database { ok } mail { ok } storage { ok } } }',
    variables: none,
    allowed: staffOnly,
  },
  {
    field: 'Query.flagEventCounts',
    query: 'query { flagEventCounts(days: 7) { day flag value count } }',
    variables: none,
    allowed: staffOnly,
  },
  {
    field: 'Query.featureFlagSettings',
    query: 'query { featureFlagSettings { key enabled } }',
    variables: none,
    allowed: staffOnly,
  },
  {
    field: 'Query.propertyFlags',
    query: 'query ($propertyId: Int!) { propertyFlags(propertyId: $propertyId) { key override } }',
    variables: (f, t) => ({ propertyId: t === 'own' ? f.own : f.other }),
    allowed: staffOnly,
  },
  {
    field: 'Mutation.setPropertyFeatureFlag',
    query:
      'mutation ($propertyId: Int!) { setPropertyFeatureFlag(propertyId: $propertyId, key: "supplier-extranet-custom-inclusions", enabled: true, reason: "Matrix check") { message } }',
    variables: (f, t) => ({ propertyId: t === 'own' ? f.own : f.other }),
    allowed: staffOnly,
  },
  {
    field: 'Mutation.setFeatureFlag',
    query:
      'mutation { setFeatureFlag(key: "supplier-extranet-expanded-global-inclusions", enabled: true, reason: "Matrix check") { key enabled } }',
    variables: none,
    allowed: staffOnly,
  },
  {
    field: 'Mutation.updateUserAttributes',
    query:
      'mutation { updateUserAttributes(attributes: [{ name: "custom:position", value: "Night Manager" }]) { success } }',
    variables: none,
    allowed: signedIn,
  },
  {
    field: 'Mutation.verifyCurrentUserAttribute',
    query: 'mutation { verifyCurrentUserAttribute(attributeName: "email") { success } }',
    variables: none,
    allowed: signedIn,
  },
  {
    field: 'Mutation.verifyCurrentUserAttributeSubmit',
    query:
      'mutation { verifyCurrentUserAttributeSubmit(attributeName: "email", verificationCode: "not-a-real-code-1234") { success } }',
    variables: none,
    // Signed in or not, a made-up code confirms nothing.
    allowed: () => false,
  },
  // The public auth calls act on the username they are given, never on the caller's rights.
  {
    field: 'Mutation.login',
    query: `mutation { login(username: "${b64('nobody@nowhere.example')}", password: "${b64('Wrong#Pass1')}") { success } }`,
    variables: none,
    allowed: () => false,
  },
  {
    field: 'Mutation.mfaCode',
    query: `mutation { mfaCode(otpCode: "123456", challengeName: "EMAIL_OTP", username: "${b64('nobody@nowhere.example')}") { success } }`,
    variables: none,
    allowed: () => false,
  },
  {
    field: 'Mutation.forgotPassword',
    query: `mutation { forgotPassword(username: "${b64('nobody@nowhere.example')}") { success } }`,
    variables: none,
    allowed: () => true,
  },
  {
    field: 'Mutation.forgotPasswordSubmit',
    query: `mutation { forgotPasswordSubmit(username: "${b64('nobody@nowhere.example')}", confirmationCode: "123456", password: "${b64('New#Pass2026')}") { success } }`,
    variables: none,
    allowed: () => false,
  },
  {
    field: 'Mutation.validateToken',
    query: 'mutation { validateToken(token: "bm90LWEtdG9rZW4=") { success } }',
    variables: none,
    allowed: () => true,
  },
];

export const PRINCIPALS: Principal[] = [
  'staff',
  'property_admin',
  'property_editor',
  'property_viewer',
  'supplier',
  'property_group_admin',
  'property_group_editor',
  'property_group_viewer',
  'no_membership',
  'anonymous',
];
export const isGroupRole = (p: Principal) => (GROUP_ROLES as readonly string[]).includes(p);
