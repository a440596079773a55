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
};

export const createAppPubSub = () => createPubSub<Topics>();
export type PubSub = ReturnType<typeof createAppPubSub>;
