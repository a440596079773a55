import type { Rule } from 'antd/es/form';
/** Any zod schema, classic or mini: all a rule needs is safeParse. */
type Schema = { safeParse(value: unknown): { success: boolean; error?: { issues: readonly { message: string }[] } } };

/**
 * An antd rule that shows the first message of a zod schema, so the form and the API say the same
 * thing: the one zod → antd rule of the portal. The schema may come later (`() => import(...)`):
 * sign-in shows its form without waiting for zod. An untouched input is checked as '' (what the
 * sign-in forms' messages expect), or as it is with `asIs` (a definition's field: a switch left
 * alone is undefined, which its schema reads as "no").
 */
export function zodRule(schema: Schema | (() => Promise<Schema>), options: { asIs?: boolean } = {}): Rule {
  return {
    validator: async (_rule, value) => {
      const checked = options.asIs ? value : (value ?? '');
      const result = (typeof schema === 'function' ? await schema() : schema).safeParse(checked);
      if (!result.success) throw new Error(result.error!.issues[0].message);
    },
  };
}

/** True when the whole form would pass its schema (used to disable the submit button). */
export function formIsValid(schema: Schema, values: unknown): boolean {
  return schema.safeParse(values ?? {}).success;
}
