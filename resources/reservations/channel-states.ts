/**
 * A booking system's state at a property, as the health page shows it (issue 30): its key works
 * there, was revoked, or no longer covers the property.
 */
export const CHANNEL_STATE_LABELS = {
  CONNECTED: 'Connected',
  REVOKED: 'Key revoked',
  NOT_COVERED: 'Key no longer covers this property',
} as const;
export type ChannelState = keyof typeof CHANNEL_STATE_LABELS;

export const CHANNEL_TEXTS = {
  title: 'Booking systems by property',
  none: 'No booking system has sent a booking yet.',
  never: 'Never',
  noProperty: 'No booking yet',
} as const;
