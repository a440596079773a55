import { z } from 'zod';

/**
 * Trails (issue 29): a property's change history as staff read it. Each section names the history
 * subjects it holds (server/commands/history.ts writes them); the API filters by them and the
 * portal offers them, from here.
 */
export const TRAIL_SECTIONS = {
  property: { label: 'Property', subjects: ['Property', 'PropertySettings'] },
  contacts: { label: 'Key contacts', subjects: ['Contact'] },
  roomTypes: { label: 'Room types', subjects: ['RoomType'] },
  ratePlans: { label: 'Rate plans', subjects: ['RatePlan'] },
  inclusions: { label: 'Inclusions', subjects: ['CustomInclusion', 'GlobalInclusion'] },
  promotions: { label: 'Promotions', subjects: ['Promotion'] },
  rates: { label: 'Rates and inventory', subjects: ['RatesInventory'] },
  reservations: { label: 'Reservations', subjects: ['Reservation'] },
  media: { label: 'Media library', subjects: ['Image'] },
  users: { label: 'Users', subjects: ['User'] },
} as const;
export type TrailSection = keyof typeof TRAIL_SECTIONS;
export const TRAIL_SECTION_KEYS = Object.keys(TRAIL_SECTIONS) as [TrailSection, ...TrailSection[]];
/** A subject no section names (an older record's) is listed under Other, and filtered by no section. */
export const OTHER_SECTION = { key: 'other', label: 'Other' } as const;

export function sectionOf(subjectType: string): { key: string; label: string } {
  for (const key of TRAIL_SECTION_KEYS)
    if ((TRAIL_SECTIONS[key].subjects as readonly string[]).includes(subjectType))
      return { key, label: TRAIL_SECTIONS[key].label };
  return OTHER_SECTION;
}

/** Who made a change, as the person filter names it: a user, a booking system's API key, or the operator at the CLI. */
export const ACTOR_KEY = /^(user:[1-9]\d{0,9}|key:[1-9]\d{0,9}|operator)$/;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (yyyy-mm-dd)');

/** The filter Trails and its CSV export take; every part optional, all parts together. */
export const trailFilterSchema = z
  .object({
    section: z.enum(TRAIL_SECTION_KEYS, { message: 'Choose a section from the list.' }).optional(),
    actor: z.string().regex(ACTOR_KEY, 'Choose a person from the list.').optional(),
    from: day.optional(),
    to: day.optional(),
    /** One record's own trail (a rate plan's, a contact's): its subject type and id. */
    subjectType: z.string().max(60).optional(),
    subjectId: z.string().max(60).optional(),
  })
  .strict()
  .refine((f) => !f.from || !f.to || f.from <= f.to, {
    message: 'The start date must be on or before the end date.',
    path: ['to'],
  })
  .refine((f) => !f.subjectId || f.subjectType, {
    message: 'A record is named by its type and id.',
    path: ['subjectId'],
  });
export type TrailFilter = z.infer<typeof trailFilterSchema>;

/** The columns of the CSV export, in order: heading and the record's field. */
export const TRAIL_CSV_COLUMNS = [
  ['When (UTC)', 'at'],
  ['Who', 'who'],
  ['Email', 'email'],
  ['Role', 'role'],
  ['Section', 'section'],
  ['What', 'label'],
  ['Action', 'action'],
  ['Changes', 'changes'],
  ['Reverts', 'revertsId'],
  ['Record ID', 'id'],
] as const;

export const TRAIL_PAGE_SIZES = [25, 50, 100] as const;

export const TRAIL_MESSAGES = {
  empty: 'No changes recorded yet.',
  emptyFiltered: 'No changes match these filters.',
  reverted: 'Change reverted.',
  revertConfirm: 'Write the values from before this change back?',
  revertStale:
    'This record has changed since. Its values now are shown below: revert a later change first, or edit the record.',
  notRevertable: "This change can't be reverted from here.",
  createdRevert: 'Reverting a creation deletes the record.',
  deletedRevert: 'Reverting a deletion creates the record again with its values (as a new record).',
  alreadyReverted: 'This change has already been reverted.',
  recordGone: 'The record this change was made to no longer exists.',
  ratesUseUndo: 'Rates changes are undone as a batch: use Undo batch.',
  exportFailed: "Couldn't export the trail.",
} as const;
