/** Spec §7 documents for the property and group pages. */
const PROPERTY_FIELDS = `id uuid name status previousPropertyId suburb country currencyCode foreignCurrency
  fx { currencyCode exchangeRate updatedAt } canManageContent canManageRates ratesServiceEnabled ratePlansServiceEnabled
  user { id email isMigrated } inventoryProvider propertyGroupId
  publishable { billingContact images ratePlans propertyLocation propertyOverview propertyPolicies reservationsContact roomTypes }`;

export const PROPERTY_DOCS = {
  manageProperty: `query ManageProperty($id: Int!) { viewer { property(id: $id) { ${PROPERTY_FIELDS} } } }`,
  propertyHeaderItems: `query PropertyHeaderItems($id: Int!) { viewer { property(id: $id) { id name previousPropertyId status
    publishable { billingContact images ratePlans propertyLocation propertyOverview propertyPolicies reservationsContact roomTypes } } } }`,
  propertyGroup: 'query PropertyGroup($propertyGroupId: Int!) { viewer { propertyGroup(propertyGroupId: $propertyGroupId) { id name totalProperties } } }',
  propertyGroupPage: `query PropertyGroupPage($propertyGroupId: Int!, $limit: Int!, $offset: Int!) { viewer { propertyGroup(propertyGroupId: $propertyGroupId) {
    id name totalProperties properties(limit: $limit, offset: $offset) { nodes { id name status suburb country publishable { billingContact images ratePlans propertyLocation propertyOverview propertyPolicies reservationsContact roomTypes } }
    pagination { count totalCount page limit offset } } } } }`,
  viewerProperties: `query ViewerProperties($search: String, $limit: Int!, $offset: Int!) { viewer { properties(search: $search, limit: $limit, offset: $offset) {
    nodes { id name status suburb country } pagination { count totalCount page limit offset } } } }`,
  publishProperty: 'mutation PublishProperty($id: Int!) { publishProperty(id: $id) { id status } }',
  unpublishProperty: `mutation UnpublishProperty($id: Int!) { unpublishProperty(id: $id) { id status
    publishable { billingContact images ratePlans propertyLocation propertyOverview propertyPolicies reservationsContact roomTypes } } }`,
  archiveProperty: 'mutation ArchiveProperty($id: Int!) { archiveProperty(id: $id) { id status } }',
  deleteProperty: 'mutation DeleteProperty($id: Int!) { deleteProperty(id: $id) { id status } }',
  apiHealth: `query ApiHealth { apiHealth { checkedAt uptimeSeconds database { ok latencyMs detail } mail { ok latencyMs detail } storage { ok latencyMs detail } } }`,
  featureFlagSettings: 'query FeatureFlagSettings { featureFlagSettings { key enabled description updatedAt } }',
  setFeatureFlag: 'mutation SetFeatureFlag($key: String!, $enabled: Boolean!) { setFeatureFlag(key: $key, enabled: $enabled) { key enabled updatedAt } }',
} as const;

export type Publishable = Record<'billingContact' | 'images' | 'ratePlans' | 'propertyLocation' | 'propertyOverview' | 'propertyPolicies' | 'reservationsContact' | 'roomTypes', boolean>;
export type PropertyStatus = 'ARCHIVED' | 'INVITED' | 'ONBOARDING' | 'PROSPECTIVE' | 'PUBLISHED' | 'UNPUBLISHED';

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
  publishable: Publishable;
};

/** Spec §3: statuses as the interface shows them, in order. */
export const STATUS_LABELS: Record<PropertyStatus, string> = {
  PROSPECTIVE: 'Prospective', INVITED: 'Invited', ONBOARDING: 'Onboarding', UNPUBLISHED: 'Unpublished', PUBLISHED: 'Published', ARCHIVED: 'Archived',
};

export const stepsRemaining = (p: Publishable) => Object.values(p).filter((v) => !v).length;
