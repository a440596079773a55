import { GO_LIVE_DOCS } from '../../../resources/properties/go-live.documents';
import type { Fixture, Operation, Principal, Target } from './operations';

/** Go-live (issue 25): a property's admins ask (staff may too), staff alone send back and read the worklist. */
const propertyId = (f: Fixture, t: Target) => ({ propertyId: t === 'own' ? f.own : f.other });
const ADMINS = ['property_admin', 'property_group_admin'];

export const GO_LIVE_OPERATIONS: Operation[] = [
  {
    field: 'Query.goLiveRequests',
    query: GO_LIVE_DOCS.goLiveRequests,
    variables: () => ({}),
    allowed: (p: Principal) => p === 'staff',
  },
  {
    field: 'Mutation.requestGoLive',
    query: GO_LIVE_DOCS.requestGoLive,
    variables: propertyId,
    status: 'ONBOARDING',
    allowed: (p, t) => p === 'staff' || (t === 'own' && ADMINS.includes(p)),
  },
  {
    // Staff ask first, so there is a request to send back.
    field: 'Mutation.returnGoLive',
    query: GO_LIVE_DOCS.returnGoLive,
    variables: (f, t) => ({ ...propertyId(f, t), reason: 'Add a photo of the pool.' }),
    status: 'ONBOARDING',
    prepare: async (variables, asStaff) => {
      const asked = await asStaff(GO_LIVE_DOCS.requestGoLive, { propertyId: variables.propertyId });
      if (asked.errors) throw new Error(JSON.stringify(asked.errors));
      return variables;
    },
    allowed: (p: Principal) => p === 'staff',
  },
];
