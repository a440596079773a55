import type { ComponentType } from 'react';
import { RATE_PLAN_MESSAGES } from '../../resources/rate-plans/rate-plan.messages';
import { PromotionPreviewPanel, type FormPanelProps } from '../promotions/promotion-preview.panel';
import { RatePlanSummary, type CreateSummaryProps } from '../rate-plans/rate-plan-summary';

export type { CreateSummaryProps, FormPanelProps };

/** Panels a definition can name in `formPanel:`, shown under its create and edit form and reading the values as they are typed. */
export const FORM_PANELS: Record<string, ComponentType<FormPanelProps>> = {
  'promotion-preview': PromotionPreviewPanel,
};

/** Read-backs a definition can name in `createSummary:`, asked with Confirm or Back before a new record's first save. */
export const CREATE_SUMMARIES: Record<string, { title: string; Component: ComponentType<CreateSummaryProps> }> = {
  'rate-plan-summary': { title: RATE_PLAN_MESSAGES.summaryTitle, Component: RatePlanSummary },
};
