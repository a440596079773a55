import type { FieldDef } from '../../resources/define-resource';
import { FORM_MESSAGES } from '../../resources/messages';
import { invalid, sameValues } from './versioned-save';

/**
 * Fields a definition marks `staffOnly` (a commission) keep what is stored unless the caller is
 * staff: left out, they keep it; changed, the save is refused with the field's message. The form
 * shows them read-only to everyone else; this is the rule.
 */
export function keepStaffOnly<V extends Record<string, unknown>>(
  fields: readonly FieldDef[],
  values: V,
  stored: Record<string, unknown> | null | undefined,
  isStaff: boolean,
): V {
  if (isStaff) return values;
  const out: Record<string, unknown> = { ...values };
  const errors: Record<string, string[]> = {};
  for (const f of fields.filter((x) => x.staffOnly)) {
    const before = stored?.[f.name] ?? null;
    if (values[f.name] !== undefined && !sameValues(values[f.name] ?? null, before))
      errors[f.name] = [FORM_MESSAGES.staffOnly(f.label)];
    out[f.name] = before;
  }
  if (Object.keys(errors).length) throw invalid(errors);
  return out as V;
}
