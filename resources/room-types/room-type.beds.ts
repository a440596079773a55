import { z } from 'zod';
import { once } from '../once';
import { BED_MESSAGES, BED_TYPES, BEDS_MAX_PER_TYPE } from './room-type.options';

/** A room's beds as rows of a bed type and how many (1 King bed; 2 Single beds and 1 Sofa bed), each type once. Built on first use. */
export const bedsSchema = once(() => {
  const bed = z.object({
    type: z.enum(BED_TYPES.map((t) => t.value) as [string, ...string[]], { message: BED_MESSAGES.type }),
    count: z
      .number({ message: BED_MESSAGES.count })
      .int(BED_MESSAGES.range)
      .min(1, BED_MESSAGES.range)
      .max(BEDS_MAX_PER_TYPE, BED_MESSAGES.range),
  });
  return z
    .array(bed, { message: BED_MESSAGES.none })
    .min(1, BED_MESSAGES.none)
    .refine((beds) => new Set(beds.map((b) => b.type)).size === beds.length, BED_MESSAGES.duplicate);
});
