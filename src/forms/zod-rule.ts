import type { Rule } from 'antd/es/form';
/** Any zod schema, classic or mini: all a rule needs is safeParse. */
type Schema = { safeParse(value: unknown): { success: boolean; error?: { issues: readonly { message: string }[] } } };

/** An antd rule that shows the first message of a zod schema, so the form and the API say the same thing. */
export function zodRule(schema: Schema): Rule {
  return {
    validator: async (_rule, value) => {
      const result = schema.safeParse(value ?? '');
      if (!result.success) throw new Error(result.error!.issues[0].message);
    },
  };
}

/** True when the whole form would pass its schema (used to disable the submit button). */
export function formIsValid(schema: Schema, values: unknown): boolean {
  return schema.safeParse(values ?? {}).success;
}
