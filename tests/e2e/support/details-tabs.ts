import type { Page } from '@playwright/test';

/** A property details section's link in the row of sections (DetailsTabs). */
export const sectionLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Property details' }).getByRole('link', { name, exact: true });
