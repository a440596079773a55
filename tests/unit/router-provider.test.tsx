import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ResourceContext, matchResourceFromRoute } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { portalRouterProvider, resourceAt } from '../../src/portal/router-provider';
import { RESOURCES } from '../../resources/registry';
import { refineResources } from '../../src/resources/resource-paths';

const resources = refineResources(RESOURCES);
/** Every page of every resource on property 7 (rows 12 under 5), and pages that are no resource's. */
const addresses = [
  ...resources.flatMap((r) =>
    [r.list, r.create, r.edit]
      .filter((route): route is string => !!route)
      .map((route) => route.replace(':propertyId', '7').replace(':parentId', '5').replace(':id', '12')),
  ),
  '/properties/7',
  '/properties/7/reservations',
  '/sign-in',
  '/',
];
const searches = [
  '',
  '?currentPage=2&pageSize=20&to=%2Fproperties%2F7',
  '?filters[0][field]=name&sorters[0][order]=asc&q=a',
];

/** What each provider's parse answers on an address, with or without a route giving its parameters. */
function parsed(provider: typeof routerProvider, address: string, routed: boolean) {
  const answers: unknown[] = [];
  function Probe() {
    answers.push(provider.parse!()());
    return null;
  }
  renderToString(
    <MemoryRouter initialEntries={[address]}>
      <ResourceContext.Provider value={{ resources }}>
        {routed ? (
          <Routes>
            <Route path="/properties/:propertyId/*" element={<Probe />} />
            <Route path="*" element={<Probe />} />
          </Routes>
        ) : (
          <Probe />
        )}
      </ResourceContext.Provider>
    </MemoryRouter>,
  );
  return answers[0];
}

describe("the portal's router provider", () => {
  it('parses every resource page and other addresses exactly as @refinedev/react-router does', () => {
    expect(addresses.length).toBeGreaterThan(10);
    for (const address of addresses)
      for (const search of searches)
        for (const routed of [false, true]) {
          const ours = parsed(portalRouterProvider as typeof routerProvider, address + search, routed);
          expect(ours, `${address}${search} routed=${routed}`).toEqual(
            parsed(routerProvider, address + search, routed),
          );
        }
  });

  it('matches an address once per list of resources, and again for another list', () => {
    const address = addresses[0];
    const first = resourceAt(address, resources);
    expect(first.resource?.name).toBe(resources[0].name);
    expect(first).toMatchObject(matchResourceFromRoute(address, resources));
    expect(resourceAt(address, resources)).toBe(first);
    const other = resources.slice(1);
    expect(resourceAt(address, other)).not.toBe(first);
    expect(resourceAt(address, other).resource?.name).not.toBe(resources[0].name);
  });
});
