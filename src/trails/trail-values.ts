import type { PropertyTrailQuery } from '../generated/graphql-types';

export type TrailRecord = PropertyTrailQuery['propertyHistory']['nodes'][number];
export type TrailPage = PropertyTrailQuery['propertyHistory'];

/** 'bedConfiguration' → 'Bed configuration': a field as a person reads it. */
export const fieldLabel = (field: string) => {
  const words = field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase();
};

export { valueText } from '../forms/value-text';
