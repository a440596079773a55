import { userError } from '../errors';
import { CHANGE_REASON_TEXTS, changeReason } from '../../resources/change-reason';

/** The reason a change must carry (a flag, a property's status): trimmed, else a clear BAD_USER_INPUT on `reason`. */
export function requiredReason(value: unknown): string {
  const reason = changeReason(value);
  if (reason) return reason;
  const message =
    typeof value === 'string' && value.trim().length > 3 ? CHANGE_REASON_TEXTS.tooLong : CHANGE_REASON_TEXTS.required;
  throw userError(message, 'BAD_USER_INPUT', { reason: [message] });
}

/** A reason the API takes but does not require (spec §4's calls name only the id): checked when given. */
export const optionalReason = (value: unknown): string | null =>
  value == null || value === '' ? null : requiredReason(value);
