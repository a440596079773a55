import { type ReactNode, useEffect } from 'react';
import { App } from 'antd';
import { Route, useOutletContext } from 'react-router';
import { Navigate } from '../lib/navigate';
import { ALERT_SECONDS } from '../../resources/timings';
import type { ResourceDef } from '../../resources/define-resource';
import type { PropertyOutletContext } from '../layouts/property-outlet';
import { LegacyRoute } from '../properties/legacy-route';
import { ResourceEditPage, ResourceFormPage, ResourceListPage, ResourceSinglePage } from '../portal/lazy-pages';
import { useResourceAccess } from './use-resource-access';

type Page = 'list' | 'create' | 'edit';

/**
 * A caller who may not open the resource's pages goes to the property home (spec §2: the inclusions
 * page), told why when the definition says (its notice stays up for the spec's alert time).
 */
function ResourceGate({ def, children }: { def: ResourceDef; children: ReactNode }) {
  const { property } = useOutletContext<PropertyOutletContext>();
  const access = useResourceAccess(def, property);
  const { message } = App.useApp();
  useEffect(() => {
    if (!access.open && def.closedNotice)
      message.info({ content: def.closedNotice, key: `closed-${def.name}`, duration: ALERT_SECONDS });
  }, [access.open, def, message]);
  // With a notice to show, the move is the portal's: the server's redirect would land without it.
  return access.open ? (
    children
  ) : (
    <Navigate to={`/properties/${property.id}`} replace portalOnly={!!def.closedNotice} />
  );
}

/** The property routes of every resource with pages: list, create and edit (one page for a record per property), each behind the gate and the definition's legacy redirect. */
export function resourceRoutes(defs: ResourceDef[]) {
  return defs
    .filter((d) => d.routes)
    .flatMap((def) => {
      const pages: [Page, string | undefined, ReactNode][] = def.single
        ? [['edit', def.routes!.edit, <ResourceSinglePage def={def} />]]
        : [
            ['list', def.routes!.list, <ResourceListPage def={def} />],
            ['create', def.routes!.create && `${def.routes!.create}/*`, <ResourceFormPage def={def} action="create" />],
            ['edit', `${def.routes!.edit}/*`, <ResourceEditPage key="edit" def={def} />],
          ];
      return pages
        .filter(([, path]) => path)
        .map(([page, path, element]) => {
          const to = def.legacy?.[page];
          const gated = <ResourceGate def={def}>{element}</ResourceGate>;
          return (
            <Route
              key={`${def.name}-${page}`}
              path={path}
              element={
                to ? (
                  <LegacyRoute when={def.legacy!.when} to={to}>
                    {gated}
                  </LegacyRoute>
                ) : (
                  gated
                )
              }
            />
          );
        });
    });
}
