import { z } from 'zod';
import { propertyNameSchema } from './property-settings';
import { requestText } from './property-requests';

/**
 * A new name for a property (issue 25): staff rename a property in Admin; a hotel's admin asks for a
 * new name with a note on why, and staff rename it as asked or decline saying why. One request at a
 * time is open per property; the hotel hears the answer by email and on the Property overview.
 */
export const NAME_CHANGE_MESSAGES = {
  requested: 'Name change requested. We will rename the property or tell you why not.',
  alreadyOpen: 'A name change is already waiting for this property.',
  noneOpen: 'There is no open name change for this property.',
  same: 'This is already the property name.',
  note: 'Say why the name changes, e.g. a rebrand or new owners',
  declineReason: 'Say why the property keeps its name',
  renamed: 'Property renamed. The hotel has been told.',
  declined: 'Name change declined. The hotel has been told why.',
} as const;

export const nameChangeRequestSchema = z
  .object({ name: propertyNameSchema, note: requestText(NAME_CHANGE_MESSAGES.note) })
  .strict();
export type NameChangeRequest = z.infer<typeof nameChangeRequestSchema>;

export const nameChangeDeclineSchema = requestText(NAME_CHANGE_MESSAGES.declineReason);

export type NameChangeOutcome = 'RENAMED' | 'DECLINED';
