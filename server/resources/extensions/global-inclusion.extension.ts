import type { ResourceExtension } from '../resource-extension';

/** The catalogue offers its expanded entries only to callers with the expanded-global-inclusions flag on. */
export const globalInclusionExtension: ResourceExtension = {
  visibleWhen: (flags) =>
    flags['supplier-extranet-expanded-global-inclusions']
      ? null
      : `coalesce((data->>'expanded')::boolean, false) = false`,
};
