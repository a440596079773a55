import { RATES_DOCS } from '../../../resources/rates-inventory/rates-inventory.documents';
import { PROMOTION_DOCS } from '../../../resources/promotions/promotion.documents';
import type { Fixture, Operation, Principal, Target } from './operations';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const EDITORS = ['property_admin', 'property_editor', 'supplier', 'property_group_admin', 'property_group_editor'];
const member = (p: Principal, t: Target) =>
  p === 'staff' || (t === 'own' && p !== 'anonymous' && p !== 'no_membership');
/** The matrix's properties are extranet ones with the rates service on, so editing follows the role (spec §6). */
const editor = (p: Principal, t: Target) => p === 'staff' || (t === 'own' && EDITORS.includes(p));
const where = (f: Fixture, t: Target) => ({
  propertyId: t === 'own' ? f.own : f.other,
  roomTypeId: f.rows['room-types:sold'][t],
});
const bulk = (f: Fixture, t: Target) => ({
  input: { ...where(f, t), ranges: [{ from: day(2), to: day(4) }], ratePlanIds: [], roomsToSell: 6 },
});

/** Rates and inventory (issue 15): reads for every member, writes for editors, another tenant's room type never. */
export const RATES_OPERATIONS: Operation[] = [
  { field: 'Query.ratesCalendar', query: RATES_DOCS.calendar, variables: where, allowed: member },
  {
    field: 'Query.ratesCellHistory',
    query: RATES_DOCS.history,
    variables: (f, t) => ({ ...where(f, t), date: day(1) }),
    allowed: member,
  },
  { field: 'Query.ratesBatches', query: RATES_DOCS.batches, variables: where, allowed: member },
  {
    // Promotions' price preview reads the calendar and the promotions: whoever may read both.
    field: 'Query.promotionPreview',
    query: PROMOTION_DOCS.preview,
    variables: (f, t) => ({ input: { ...where(f, t), arrival: day(20), nights: 2, bookedOn: day(0) } }),
    allowed: member,
  },
  {
    field: 'Mutation.saveRatesCells',
    query: RATES_DOCS.saveCells,
    variables: (f, t) => ({
      input: { ...where(f, t), cells: [{ ratePlanId: null, date: day(1), field: 'roomsToSell', value: 5 }] },
    }),
    allowed: editor,
  },
  { field: 'Mutation.previewRatesBulkUpdate', query: RATES_DOCS.preview, variables: bulk, allowed: editor },
  {
    field: 'Mutation.applyRatesBulkUpdate',
    query: RATES_DOCS.apply,
    variables: bulk,
    // An apply brings back its preview's token; staff preview it, so a denial can only come from the caller's rights.
    prepare: async (variables, asStaff) => {
      const input = variables.input as Record<string, unknown>;
      const preview = await asStaff(RATES_DOCS.preview, { input });
      return { input: { ...input, token: preview.data.previewRatesBulkUpdate.token } };
    },
    allowed: editor,
  },
  {
    field: 'Mutation.undoRatesBatch',
    query: RATES_DOCS.undo,
    variables: (f, t) => ({ ...where(f, t), batchId: f.rows['rates-batch'][t] }),
    allowed: editor,
  },
];
