import { z } from 'zod';
import { choice, decimal, int, json, longText, time, type Field } from '../field-builders';
import { cancellationTiers, describeCancellation } from '../rate-plans/cancellation-terms';
import { CHILDREN_ALLOWED, DEPOSIT, PETS_ALLOWED, TAXES_AND_FEES } from './details-options';

/** Policies (issue 25): the times, who may stay and on what terms, as Booking.com and Expedia ask, beside the free text. */
export const POLICY_FIELDS = {
  checkInFrom: time({ label: 'Check-in from' }),
  checkInUntil: time({ label: 'Check-in until', help: 'Leave empty when guests can arrive at any hour.' }),
  checkOutBy: time({ label: 'Check-out by' }),
  minCheckInAge: int({
    label: 'Minimum check-in age',
    min: 16,
    max: 99,
    help: 'The youngest age a guest may check in alone.',
  }),
  checkInPolicy: longText({ label: 'Check-in policy', max: 2000 }),
  childrenAllowed: choice({
    label: 'Children allowed',
    options: CHILDREN_ALLOWED,
    message: 'Choose whether children are allowed',
  }),
  childrenMinAge: int({
    label: 'Children from age',
    noun: "Children's minimum age",
    min: 0,
    max: 17,
    help: 'The youngest age you accept. Leave empty when children of any age are welcome.',
    shownWhen: { field: 'childrenAllowed', in: ['WELCOME'] },
  }),
  childrenPolicy: longText({ label: 'Children', max: 2000 }),
  petsAllowed: choice({ label: 'Pets allowed', options: PETS_ALLOWED, message: 'Choose whether pets are allowed' }),
  petFee: decimal({
    label: 'Pet fee per night',
    noun: 'Pet fee',
    min: 0,
    max: 10000,
    help: "In the property's currency. Leave empty when pets stay free.",
    shownWhen: { field: 'petsAllowed', in: ['ALLOWED', 'ON_REQUEST'] },
  }),
  petsPolicy: longText({ label: 'Pets', max: 2000 }),
  deposit: choice({ label: 'Deposit', options: DEPOSIT, message: 'Choose when a deposit is taken' }),
  depositAmount: decimal({
    label: 'Deposit amount',
    min: 0,
    max: 100000,
    help: "Per stay, in the property's currency.",
    shownWhen: { field: 'deposit', in: ['AT_CHECK_IN', 'BEFORE_ARRIVAL'] },
  }),
  taxesAndFees: choice({
    label: 'Taxes and fees',
    options: TAXES_AND_FEES,
    message: 'Choose whether taxes and fees are included',
    help: 'Which ones the rates include is listed under Other details.',
  }),
  cancellationTiers: json({
    label: 'Standard cancellation terms',
    schema: () => z.preprocess((v) => v ?? null, cancellationTiers().nullable()),
    widget: 'standard-cancellation',
    help: 'The terms most of your rate plans use. The cancellation policy is written from them, and rate plans with other terms are marked below.',
  }),
  cancellationPolicy: longText({
    widget: 'cancellation-text',
    label: 'Cancellation policy',
    required: 'Enter a cancellation policy',
    max: 4000,
  }),
} satisfies Record<string, Field>;

/**
 * With standard cancellation terms chosen, the cancellation policy is written from them, so the two
 * cannot disagree; without them (a policy written before there were terms) the text stays as written.
 */
export function withCancellationText(values: Record<string, unknown>): Record<string, unknown> {
  const tiers = cancellationTiers().safeParse(values.cancellationTiers);
  return Array.isArray(values.cancellationTiers) && tiers.success
    ? { ...values, cancellationPolicy: describeCancellation(tiers.data) }
    : values;
}
