import type { Page } from '@playwright/test';
import { PUBLISHABLE_KEYS } from '../../../resources/domain';

export type Found = {
  id: number;
  name: string;
  status: string;
  ratesServiceEnabled: boolean;
  inventoryProvider: string | null;
  ratePlansServiceEnabled: boolean;
  propertyGroupId: number | null;
  publishable: Record<string, boolean>;
};

/** The signed-in user's properties, read through the API with the page's own cookies. */
export async function listProperties(page: Page): Promise<Found[]> {
  const res = await page.request.post('/graphql', {
    headers: { 'x-correlation-id': `e2e-${Date.now()}` },
    data: {
      query: `{ viewer { properties(limit: 50) { nodes { id name status ratesServiceEnabled inventoryProvider ratePlansServiceEnabled propertyGroupId
      publishable { ${PUBLISHABLE_KEYS.join(' ')} } } } } }`,
    },
  });
  const body = await res.json();
  return body.data.viewer.properties.nodes;
}

export const complete = (p: Found) => Object.values(p.publishable).every(Boolean);
