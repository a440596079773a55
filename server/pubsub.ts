import { createPubSub } from 'graphql-yoga';

export type RatesChange = {
  propertyId: number;
  roomTypeId: string;
  batchId: string;
  source: string;
  count: number;
  userId: number | null;
};

/** Topics that live updates are published on (graphql-ws subscriptions). */
export type Topics = {
  'property:updated': [propertyId: number, payload: { id: number }];
  /** Keyed `${propertyId}:${roomTypeId}`: a saved change to that room type's calendar. */
  'rates:changed': [key: string, payload: RatesChange];
  /** A booking received, modified or cancelled at a property. */
  'reservations:changed': [propertyId: number, payload: ReservationChange];
  /** A session ended (sign-out), or every session of a user (a password reset): its live sockets close. */
  'session:ended': [payload: { sessionId?: string; userId?: number }];
};

export type ReservationChange = { propertyId: number; hotelRef: string; kind: 'booked' | 'modified' | 'cancelled' };

export const createAppPubSub = () => createPubSub<Topics>();
export type PubSub = ReturnType<typeof createAppPubSub>;
