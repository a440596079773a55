import type { Page } from '@playwright/test';
import { PHONE_FILTERS_TEXTS } from '../../../resources/phone-filters';

/** A list's Filters button on a phone, saying `set` filters are set. Its name is its icon's and its label: the label ends it. */
export const filtersButton = (page: Page, set: number) =>
  page.getByRole('button', { name: new RegExp(`${PHONE_FILTERS_TEXTS.button(set).replace(/[()]/g, '\\$&')}$`) });
