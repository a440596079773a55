import { GO_LIVE_DOCS } from '../../../resources/properties/go-live.documents';
import { NAME_CHANGE_DOCS } from '../../../resources/properties/name-change.documents';
import type { Fixture, Operation, Principal, Target } from './operations';

/** Requests to staff (issue 25), go-live and a new name: a property's admins ask (staff may too), staff alone answer and read the worklists. */
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

const askForName = { name: 'Matrix Renamed Retreat', note: 'New owners from July.' };
/** Staff ask first, so there is a request to answer. */
const withOpenNameChange: Operation['prepare'] = async (variables, asStaff) => {
  const asked = await asStaff(NAME_CHANGE_DOCS.requestNameChange, {
    propertyId: variables.propertyId,
    input: askForName,
  });
  if (asked.errors) throw new Error(JSON.stringify(asked.errors));
  return variables;
};

export const NAME_CHANGE_OPERATIONS: Operation[] = [
  {
    field: 'Query.nameChangeRequests',
    query: NAME_CHANGE_DOCS.nameChangeRequests,
    variables: () => ({}),
    allowed: (p: Principal) => p === 'staff',
  },
  {
    field: 'Mutation.requestNameChange',
    query: NAME_CHANGE_DOCS.requestNameChange,
    variables: (f, t) => ({ ...propertyId(f, t), input: askForName }),
    allowed: (p, t) => p === 'staff' || (t === 'own' && ADMINS.includes(p)),
  },
  {
    field: 'Mutation.approveNameChange',
    query: NAME_CHANGE_DOCS.approveNameChange,
    variables: propertyId,
    prepare: withOpenNameChange,
    allowed: (p: Principal) => p === 'staff',
  },
  {
    field: 'Mutation.declineNameChange',
    query: NAME_CHANGE_DOCS.declineNameChange,
    variables: (f, t) => ({ ...propertyId(f, t), reason: 'The name is taken by another property.' }),
    prepare: withOpenNameChange,
    allowed: (p: Principal) => p === 'staff',
  },
];
