import { TRAIL_DOCS } from '../../../resources/trails/trail.documents';
import type { Fixture, Operation, Principal, Target } from './operations';

/** Trails and Admin (issue 29): staff only, on any property; everyone else is refused with nothing changed. */
const staffOnly = (p: Principal) => p === 'staff';
const propertyId = (f: Fixture, t: Target) => (t === 'own' ? f.own : f.other);
type Staff = (query: string, variables: Record<string, unknown>) => Promise<any>;

/** The settings as staff read them now, renamed: a save that changes something. */
async function renamedSettings(variables: Record<string, unknown>, asStaff: Staff) {
  const s = (await asStaff(TRAIL_DOCS.settings, { propertyId: variables.propertyId })).data.propertySettings;
  const values = { ...s.values, name: `Matrix ${Math.random().toString(36).slice(2, 8)}` };
  return { input: { propertyId: variables.propertyId, version: s.version, values } };
}

export const TRAIL_OPERATIONS: Operation[] = [
  {
    field: 'Query.propertyHistory',
    query: TRAIL_DOCS.history,
    variables: (f, t) => ({ propertyId: propertyId(f, t), filter: { section: 'property' }, limit: 5 }),
    allowed: staffOnly,
  },
  {
    field: 'Query.trailActors',
    query: TRAIL_DOCS.actors,
    variables: (f, t) => ({ propertyId: propertyId(f, t) }),
    allowed: staffOnly,
  },
  {
    field: 'Query.trailBatchCells',
    query: TRAIL_DOCS.batchCells,
    variables: (f, t) => ({ propertyId: propertyId(f, t), batchId: f.rows['rates-batch'][t] }),
    allowed: staffOnly,
  },
  {
    field: 'Query.propertySettings',
    query: TRAIL_DOCS.settings,
    variables: (f, t) => ({ propertyId: propertyId(f, t) }),
    allowed: staffOnly,
  },
  {
    field: 'Mutation.savePropertySettings',
    query: TRAIL_DOCS.saveSettings,
    variables: (f, t) => ({ propertyId: propertyId(f, t) }),
    prepare: renamedSettings,
    allowed: staffOnly,
  },
  {
    // Staff rename the property, then the caller reverts that change.
    field: 'Mutation.revertChange',
    query: TRAIL_DOCS.revert,
    variables: (f, t) => ({ propertyId: propertyId(f, t) }),
    prepare: async (variables, asStaff) => {
      const saved = await asStaff(TRAIL_DOCS.saveSettings, await renamedSettings(variables, asStaff));
      if (saved.errors) throw new Error(JSON.stringify(saved.errors));
      const page = (
        await asStaff(TRAIL_DOCS.history, {
          propertyId: variables.propertyId,
          filter: { section: 'property' },
          limit: 1,
        })
      ).data.propertyHistory;
      return { ...variables, historyId: page.nodes[0].id };
    },
    allowed: staffOnly,
  },
  {
    field: 'Mutation.createProperty',
    query: TRAIL_DOCS.createProperty,
    variables: () => ({ input: { name: 'Matrix property' } }),
    allowed: staffOnly,
  },
];
