import type { ResourceDef } from './define-resource';
import { roomTypeResource } from './room-types/room-type.resource';
import { globalInclusionResource } from './inclusions/global-inclusion.resource';
import { customInclusionResource } from './inclusions/custom-inclusion.resource';
import { ratePlanResource } from './rate-plans/rate-plan.resource';
import { promotionResource } from './promotions/promotion.resource';

/** Every resource built from a definition. A new resource adds one line here (README: 'Adding a resource'). */
export const RESOURCES: ResourceDef[] = [
  roomTypeResource,
  globalInclusionResource,
  customInclusionResource,
  ratePlanResource,
  promotionResource,
];

export const resourceNamed = (name: string, list: ResourceDef[] = RESOURCES) => list.find((r) => r.name === name);
