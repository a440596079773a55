import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  Priority,
  RefineKbar,
  RefineKbarProvider,
  useKBar,
  useRegisterActions,
  VisualState,
  type Action,
} from '@refinedev/kbar';
import { useGql } from '../portal/use-gql';
import { useAbility } from '../access/ability';
import { propertyNav } from '../layouts/property-nav';
import { PROPERTY_DOCS, type ManagedProperty } from '../../resources/properties/property.documents';
import { SWITCHER_TEXTS } from '../../resources/properties/switcher';
import type { SwitcherSearchQuery } from '../generated/graphql-types';
import { readRecent } from './recent-properties';
import './switcher.css';
import { parsePropertyId, propertyQuery } from '../layouts/property-outlet';

/** An action with its own stable id: registering it again (a new render) replaces it instead of adding one. */
const action = (a: Action): Action => a;

const PROPERTY_PATH = /^\/properties\/(\d{1,9})(?:\/|$)/;

/** The property open now (its id from the address) and, once the layout has read it, the property. */
function useCurrentProperty() {
  const location = useLocation();
  const id = parsePropertyId(PROPERTY_PATH.exec(location.pathname)?.[1]);
  const { data } = useGql<{ viewer: { property: ManagedProperty } }>(...propertyQuery(id), id !== null);
  return data?.viewer.property ?? null;
}

/** Recent properties, and the open property's sections (the navigation's own entries, so the same permissions). */
function PlacesActions() {
  const navigate = useNavigate();
  const ability = useAbility();
  const property = useCurrentProperty();
  // Read again when the open property changes (the layout has just put it first).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the open property is when the list changes
  const recent = useMemo(() => readRecent(), [property]);
  const actions = useMemo<Action[]>(
    () => [
      ...recent
        .filter((r) => r.id !== property?.id)
        .map((r) =>
          action({
            id: `recent:${r.id}`,
            name: r.name,
            subtitle: `ID ${r.id}`,
            keywords: String(r.id),
            section: SWITCHER_TEXTS.recent,
            priority: Priority.HIGH,
            perform: () => navigate(`/properties/${r.id}`),
          }),
        ),
      ...(property
        ? propertyNav(property, ability).map((item) =>
            action({
              id: `section:${item.key}`,
              name: item.label,
              section: property.name,
              priority: Priority.NORMAL,
              perform: () => navigate(item.path),
            }),
          )
        : []),
      action({
        id: 'home',
        name: SWITCHER_TEXTS.home,
        section: SWITCHER_TEXTS.portal,
        priority: Priority.LOW,
        perform: () => navigate('/'),
      }),
    ],
    [recent, property, ability, navigate],
  );
  useRegisterActions(actions, [actions]);
  return null;
}

/** Properties by name, suburb or ID and groups by name as the user types (the finder's own search, so only what they may open). */
function SearchActions() {
  const navigate = useNavigate();
  const { search } = useKBar((state) => ({ search: state.searchQuery }));
  const [text, setText] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setText(search.trim()), 200);
    return () => clearTimeout(t);
  }, [search]);
  const { data } = useGql<SwitcherSearchQuery>(
    ['switcher-search', text],
    PROPERTY_DOCS.switcherSearch,
    { search: text, limit: 8 },
    text.length >= 2,
    true,
  );
  const found = text.length >= 2 ? data?.viewer : undefined;
  const actions = useMemo<Action[]>(
    () => [
      ...(found?.properties.nodes ?? []).map((p) =>
        action({
          id: `property:${p.id}`,
          name: p.name,
          subtitle: `ID ${p.id}${p.suburb ? ` · ${p.suburb}` : ''}`,
          // Found by the server: kbar's own filter must keep them whatever was typed.
          keywords: `${text} ${p.id}`,
          section: SWITCHER_TEXTS.properties,
          priority: Priority.HIGH,
          perform: () => navigate(`/properties/${p.id}`),
        }),
      ),
      ...(found?.propertyGroups ?? []).map((g) =>
        action({
          id: `group:${g.id}`,
          name: g.name,
          subtitle: SWITCHER_TEXTS.groupSize(g.totalProperties),
          keywords: text,
          section: SWITCHER_TEXTS.groups,
          priority: Priority.NORMAL,
          perform: () => navigate(`/property-groups/${g.id}`),
        }),
      ),
    ],
    [found, text, navigate],
  );
  useRegisterActions(actions, [actions]);
  return null;
}

/** Opens the palette once: the press that loaded it asked for it (idempotent, so a second effect run is harmless). */
function OpenOnArrival() {
  const { query } = useKBar();
  useEffect(() => {
    query.setVisualState((vs) => (vs === VisualState.hidden ? VisualState.animatingIn : vs));
  }, [query]);
  return null;
}

/**
 * Issue 30's switcher: Ctrl+K / ⌘K opens Refine's command palette (@refinedev/kbar, whose resource
 * actions ask the access-control provider) with recent properties, properties by name or ID,
 * groups and the open property's sections. Loaded by the first press (lazy-switcher.tsx), so it opens
 * as it arrives.
 */
export default function Switcher() {
  return (
    <RefineKbarProvider>
      <RefineKbar />
      <OpenOnArrival />
      <PlacesActions />
      <SearchActions />
    </RefineKbarProvider>
  );
}
