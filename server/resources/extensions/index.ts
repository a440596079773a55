import type { ResourceExtension } from '../resource-extension';
import { ratePlanExtension } from './rate-plan.extension';
import { globalInclusionExtension } from './global-inclusion.extension';
import { roomTypeExtension } from './room-type.extension';
import { promotionExtension } from './promotion.extension';

/** Server-side additions to resources whose definition alone is not enough, keyed by resource name. */
export const RESOURCE_EXTENSIONS: Record<string, ResourceExtension> = {
  'room-types': roomTypeExtension,
  'rate-plans': ratePlanExtension,
  'global-inclusions': globalInclusionExtension,
  promotions: promotionExtension,
};
