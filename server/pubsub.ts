import { createPubSub } from 'graphql-yoga';

/** Topics that live updates are published on (graphql-ws subscriptions). */
export type Topics = {
  'property:updated': [propertyId: number, payload: { id: number }];
};

export const createAppPubSub = () => createPubSub<Topics>();
export type PubSub = ReturnType<typeof createAppPubSub>;
