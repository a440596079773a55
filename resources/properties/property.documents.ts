import { PUBLISHABLE_KEYS, type PropertyStatus, type Publishable } from '../domain';

export type { PropertyStatus, Publishable };

const PUBLISHABLE = `publishable { ${PUBLISHABLE_KEYS.join(' ')} }`;

/** Spec §7 documents for the property and group pages. */
const PROPERTY_FIELDS = `id uuid name status previousPropertyId suburb country currencyCode foreignCurrency
  fx { currencyCode exchangeRate updatedAt } canManageContent canManageRates ratesServiceEnabled ratePlansServiceEnabled
  user { id email isMigrated } inventoryProvider propertyGroupId flagOverrides ${PUBLISHABLE}`;

export const PROPERTY_DOCS = {
  manageProperty: `query ManageProperty($id: Int!) { viewer { property(id: $id) { ${PROPERTY_FIELDS} } } }`,
  propertyHeaderItems: `query PropertyHeaderItems($id: Int!) { viewer { property(id: $id) { id name previousPropertyId status ${PUBLISHABLE} } } }`,
  propertyGroup:
    'query PropertyGroup($propertyGroupId: Int!) { viewer { propertyGroup(propertyGroupId: $propertyGroupId) { id name totalProperties } } }',
  propertyGroupPage: `query PropertyGroupPage($propertyGroupId: Int!, $limit: Int!, $offset: Int!) { viewer { propertyGroup(propertyGroupId: $propertyGroupId) {
    id name totalProperties properties(limit: $limit, offset: $offset) { nodes { id name status suburb country ${PUBLISHABLE} }
    pagination { count totalCount page limit offset } } } } }`,
  viewerProperties: `query ViewerProperties($search: String, $statuses: [PropertyStatus!], $provider: InventoryProvider, $attention: WorklistKey, $sort: PropertySort, $limit: Int!, $offset: Int!) {
    viewer { properties(search: $search, statuses: $statuses, provider: $provider, attention: $attention, sort: $sort, limit: $limit, offset: $offset) {
    nodes { id name status suburb country inventoryProvider } pagination { count totalCount page limit offset } } } }`,
  /** The switcher's search (issue 30): properties by name, suburb or ID and groups by name, in one request. */
  switcherSearch: `query SwitcherSearch($search: String!, $limit: Int!) {
    viewer { properties(search: $search, limit: $limit, offset: 0) { nodes { id name suburb } }
      propertyGroups(search: $search, limit: 5) { id name totalProperties } } }`,
  /** The staff finder (issue 30): the same list with group, readiness and last change. */
  staffProperties: `query StaffProperties($search: String, $statuses: [PropertyStatus!], $provider: InventoryProvider, $attention: WorklistKey, $sort: PropertySort, $limit: Int!, $offset: Int!) {
    viewer { properties(search: $search, statuses: $statuses, provider: $provider, attention: $attention, sort: $sort, limit: $limit, offset: $offset) {
    nodes { id name status suburb country inventoryProvider groupName lastChange { at actor } ${PUBLISHABLE} }
    pagination { count totalCount page limit offset } } } }`,
  publishProperty:
    'mutation PublishProperty($id: Int!, $reason: String) { publishProperty(id: $id, reason: $reason) { id status } }',
  unpublishProperty: `mutation UnpublishProperty($id: Int!, $reason: String) { unpublishProperty(id: $id, reason: $reason) { id status ${PUBLISHABLE} } }`,
  archiveProperty:
    'mutation ArchiveProperty($id: Int!, $reason: String) { archiveProperty(id: $id, reason: $reason) { id status } }',
  deleteProperty:
    'mutation DeleteProperty($id: Int!, $reason: String, $confirmName: String) { deleteProperty(id: $id, reason: $reason, confirmName: $confirmName) { id status } }',
  restoreProperty:
    'mutation RestoreProperty($id: Int!, $reason: String) { restoreProperty(id: $id, reason: $reason) { id status } }',
  propertyDeletion:
    'query PropertyDeletion($id: Int!) { viewer { property(id: $id) { id hardDeletable archivedFrom } } }',
  bulkStatusPreview: `query BulkStatusPreview($action: BulkStatusAction!, $search: String, $statuses: [PropertyStatus!], $provider: InventoryProvider, $attention: WorklistKey) {
    bulkStatusPreview(action: $action, search: $search, statuses: $statuses, provider: $provider, attention: $attention) { id name status refusal } }`,
  bulkStatusChange: `mutation BulkStatusChange($action: BulkStatusAction!, $ids: [Int!]!, $reason: String!) {
    bulkStatusChange(action: $action, ids: $ids, reason: $reason) { done { id name status } refused { id name status refusal } } }`,
  propertyFlags:
    'query PropertyFlags($propertyId: Int!) { propertyFlags(propertyId: $propertyId) { key description enabled override } }',
  setPropertyFeatureFlag: `mutation SetPropertyFeatureFlag($propertyId: Int!, $key: String!, $enabled: Boolean, $reason: String!) {
    setPropertyFeatureFlag(propertyId: $propertyId, key: $key, enabled: $enabled, reason: $reason) { message } }`,
  apiHealth: `query ApiHealth { apiHealth { checkedAt uptimeSeconds database { ok latencyMs detail } mail { ok latencyMs detail } storage { ok latencyMs detail } bookingEmails { ok latencyMs detail } } }`,
  featureFlagSettings: `query FeatureFlagSettings { featureFlagSettings {
    key enabled description updatedAt audience reach { users overrides properties propertiesOwn }
    history { at actor forUser forProperty enabled was reason }
  } }`,
  bookingEmailTrouble: `query BookingEmailTrouble { bookingEmailTrouble {
    propertyId id propertyName hotelRef kind recipient status attempts lastError nextAttemptAt createdAt } }`,
  channelStates: `query ChannelStates { channelStates {
    apiKey propertyId propertyName state lastUsedAt lastPushAt lastErrorAt lastError } }`,
  intakeRefusals: `query IntakeRefusals { intakeRefusals {
    id at apiKey propertyId propertyName bookingRef code message correlationId } }`,
  retryBookingEmail:
    'mutation RetryBookingEmail($propertyId: Int!, $id: ID!) { retryBookingEmail(propertyId: $propertyId, id: $id) { message } }',
  flagEventCounts: 'query FlagEventCounts($days: Int) { flagEventCounts(days: $days) { day flag value count } }',
  setFeatureFlag:
    'mutation SetFeatureFlag($key: String!, $enabled: Boolean!, $reason: String!) { setFeatureFlag(key: $key, enabled: $enabled, reason: $reason) { key enabled updatedAt } }',
} as const;

export type ManagedProperty = {
  id: number;
  uuid: string;
  name: string;
  status: PropertyStatus;
  previousPropertyId: number | null;
  suburb: string | null;
  country: string | null;
  currencyCode: string;
  foreignCurrency: boolean;
  fx: { currencyCode: string; exchangeRate: number; updatedAt: string } | null;
  canManageContent: boolean;
  canManageRates: boolean;
  ratesServiceEnabled: boolean;
  ratePlansServiceEnabled: boolean;
  user: { id: string; email: string; isMigrated: boolean } | null;
  inventoryProvider: string | null;
  propertyGroupId: number | null;
  /** Staff's per-property flag settings (issue 30). */
  flagOverrides?: Record<string, boolean>;
  publishable: Publishable;
};
