import { z } from 'zod';
import { once } from '../once';
import { centsToString, hundredths, parseRate, percentOf } from '../rates-inventory/rates-inventory.schema';

/**
 * Linked rate plans (issue 31): a plan may follow a parent plan of the same room type at ± percent
 * or ± amount, rounded to the cent. A parent's rate change moves its children in the same command
 * and batch; a child's rate is not edited by hand while the link stands.
 */
export const RATE_LINK_MODES = [
  { value: 'percent', label: '± %' },
  { value: 'amount', label: '± amount' },
] as const;
export type RateLinkMode = (typeof RATE_LINK_MODES)[number]['value'];
/** How deep plans may follow each other: a child, a grandchild, a great-grandchild. */
export const MAX_LINK_DEPTH = 3;
export const LINK_PERCENT = { min: -90, max: 500 };

export const RATE_LINK_MESSAGES = {
  parent: 'Choose the rate plan this one follows',
  value: 'Enter a number with at most 2 decimals, such as -10 or 15.50',
  percent: `A percentage must be from ${LINK_PERCENT.min} to ${LINK_PERCENT.max}`,
  self: "A rate plan can't follow itself",
  notFound: 'Choose a rate plan of this property to follow',
  sharedRoom: 'Choose a rate plan that sells at least one of the same room types',
  cycle: 'These rate plans would follow each other in a circle. Choose another rate plan to follow.',
  depth: `Rate plans can follow each other at most ${MAX_LINK_DEPTH} deep. Choose a rate plan higher in the chain.`,
  readOnly: (parent: string) => `This rate follows ${parent}. Change ${parent} or remove the link on the rate plan.`,
} as const;

/** Built on first use. */
export const rateLinkSchema = once(() =>
  z
    .object({
      parentId: z.coerce.string({ message: RATE_LINK_MESSAGES.parent }).regex(/^\d{1,15}$/, RATE_LINK_MESSAGES.parent),
      mode: z.enum(['percent', 'amount'], { message: 'Choose ± % or ± amount' }),
      value: z.string({ message: RATE_LINK_MESSAGES.value }).regex(/^-?\d{1,7}(\.\d{1,2})?$/, RATE_LINK_MESSAGES.value),
    })
    .superRefine((v, ctx) => {
      const n = Number(v.value);
      if (v.mode === 'percent' && (n < LINK_PERCENT.min || n > LINK_PERCENT.max))
        ctx.addIssue({ code: 'custom', path: ['value'], message: RATE_LINK_MESSAGES.percent });
    }),
);
export type RateLink = z.infer<ReturnType<typeof rateLinkSchema>>;

/** A child's rate from its parent's (exact cents, half away from zero); null when the parent has none or the result is not a rate. */
export function linkedRate(link: Pick<RateLink, 'mode' | 'value'>, parentRate: string | null): string | null {
  if (parentRate == null) return null;
  const parsed = parseRate(parentRate);
  if ('error' in parsed) return null;
  const delta = hundredths(link.value)!;
  const cents = BigInt(parsed.cents);
  const after = link.mode === 'percent' ? percentOf(cents, delta) : cents + delta;
  return after > 0n ? centsToString(Number(after)) : null;
}

/** 'Best available rate −10 %', 'Best available rate + 15.00'. */
export function linkLabel(link: Pick<RateLink, 'mode' | 'value'>, parentName: string): string {
  const n = link.value.replace(/^-/, '');
  const sign = link.value.startsWith('-') ? '−' : '+';
  return `${parentName} ${sign}${link.mode === 'percent' ? `${n} %` : ` ${n}`}`;
}
