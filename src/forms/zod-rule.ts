import type { Rule } from 'antd/es/form';
import type { z } from 'zod';

/** An antd rule that shows the first message of a zod schema, so the form and the API say the same thing. */
export function zodRule(schema: z.ZodType): Rule {
  return {
    validator: async (_rule, value) => {
      const result = schema.safeParse(value ?? '');
      if (!result.success) throw new Error(result.error.issues[0].message);
    },
  };
}

/** True when the whole form would pass its schema (used to disable the submit button). */
export function formIsValid(schema: z.ZodType, values: unknown): boolean {
  return schema.safeParse(values ?? {}).success;
}
