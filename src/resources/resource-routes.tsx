import type { ReactNode } from 'react';
import { Navigate, Route, useOutletContext } from 'react-router';
import type { ResourceDef } from '../../resources/define-resource';
import type { ManagedProperty } from '../../resources/properties/property.documents';
import type { PropertyOutletContext } from '../layouts/property-layout';
import { LegacyRoute } from '../properties/legacy-route';
import { ResourceFormPage, ResourceListPage } from '../portal/lazy-pages';
import { useResourceAccess } from './use-resource-access';

type Params = Record<string, string | undefined>;
type Page = 'list' | 'create' | 'edit';
/** Spec §2's legacy table for a resource's pages: where each page goes, and when. */
export type LegacyPages = { when?: (p: ManagedProperty) => boolean } & Partial<Record<Page, (params: Params, p: ManagedProperty) => string>>;

/** A caller who may not open the resource's pages goes to the property home (spec §2: the inclusions page). */
function ResourceGate({ def, children }: { def: ResourceDef; children: ReactNode }) {
  const { property } = useOutletContext<PropertyOutletContext>();
  const access = useResourceAccess(def, property);
  return access.open ? <>{children}</> : <Navigate to={`/properties/${property.id}`} replace />;
}

/** The property routes of every resource with pages: list, create and edit, each behind the gate and any legacy redirect. */
export function resourceRoutes(defs: ResourceDef[], legacy: Record<string, LegacyPages> = {}) {
  return defs.filter((d) => d.routes).flatMap((def) => {
    const pages: [Page, string, ReactNode][] = [
      ['list', def.routes!.list, <ResourceListPage def={def} />],
      ['create', `${def.routes!.create}/*`, <ResourceFormPage def={def} action="create" />],
      ['edit', `${def.routes!.edit}/*`, <ResourceFormPage key="edit" def={def} action="edit" />],
    ];
    return pages.map(([page, path, element]) => {
      const to = legacy[def.name]?.[page];
      const gated = <ResourceGate def={def}>{element}</ResourceGate>;
      return <Route key={`${def.name}-${page}`} path={path} element={to ? <LegacyRoute when={legacy[def.name].when} to={to}>{gated}</LegacyRoute> : gated} />;
    });
  });
}
