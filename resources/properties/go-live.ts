import { requestText } from './property-requests';
import { STATUS_LABELS, STATUS_RULES, stepsRemaining, type PropertyStatus, type Publishable } from '../domain';

/**
 * Go-live (issue 25): a property's admin asks for it once every step is complete; staff publish the
 * property or send the request back with what to change; the hotel hears either way. One request
 * at a time is open per property.
 */
export const GO_LIVE_MESSAGES = {
  requested: 'Go-live requested. We will review the property and publish it, or tell you what to change.',
  alreadyOpen: 'Go-live has already been requested for this property.',
  noneOpen: 'There is no open go-live request for this property.',
  returned: 'Sent back to the hotel with your reason.',
  reason: 'Say what the hotel needs to change',
} as const;

export const goLiveReasonSchema = requestText(GO_LIVE_MESSAGES.reason);

export type GoLiveOutcome = 'PUBLISHED' | 'RETURNED';
export const GO_LIVE_OUTCOME_LABELS: Record<GoLiveOutcome, string> = {
  PUBLISHED: 'Published',
  RETURNED: 'Sent back',
};

/** Why the property's admin cannot ask for go-live now, or null when they can: from where Publish runs, complete, none open. */
export function goLiveRefusal(status: PropertyStatus, publishable: Publishable, open: boolean): string | null {
  if (!(STATUS_RULES.publish.from as readonly string[]).includes(status))
    return `A property that is ${STATUS_LABELS[status]} can't ask to go live.`;
  const missing = stepsRemaining(publishable);
  if (missing) return `Complete every step before asking to go live (${missing} remaining).`;
  if (open) return GO_LIVE_MESSAGES.alreadyOpen;
  return null;
}
