import type { ComponentType } from 'react';
import { PromotionPreviewPanel, type FormPanelProps } from '../promotions/promotion-preview.panel';

export type { FormPanelProps };

/** Panels a definition can name in `formPanel:`, shown under its create and edit form and reading the values as they are typed. */
export const FORM_PANELS: Record<string, ComponentType<FormPanelProps>> = {
  'promotion-preview': PromotionPreviewPanel,
};
