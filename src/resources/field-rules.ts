import type { Rule } from 'antd/es/form';
import type { FieldDef, ResourceDef } from '../../resources/define-resource';
import { fileProblem } from '../../resources/field-builders';
import { emptyToNull as emptyValueToNull } from '../../resources/resource-fields';

type Values = Record<string, unknown>;

/** Spec §5: empty strings become null on submit (each value as the API's schemas read it). */
export const emptyToNull = (values: Values) =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [k, emptyValueToNull(v)]));

const isFile = (v: unknown): v is File => typeof File !== 'undefined' && v instanceof File;
/** A chosen file is checked for type and size here and by the API, with the same words. */
export const fileRule = (field: FieldDef): Rule => ({
  validator: async (_rule, value) => {
    const problem = isFile(value) ? fileProblem(field, value) : null;
    if (problem) throw new Error(problem);
  },
});
/** The schema checks what the record will keep; a file just chosen stands in as its description. */
export const asStored = (def: ResourceDef, values: Values) => ({
  ...values,
  ...Object.fromEntries(
    def.fields
      .filter((f) => isFile(values[f.name]))
      .map((f) => {
        const file = values[f.name] as File;
        return [f.name, { hash: '0'.repeat(64), name: file.name, type: file.type, size: file.size }];
      }),
  ),
});
/** Only new files travel (as multipart); a file field left as loaded is left out, so the stored file is kept. */
export const withUploads = (def: ResourceDef, values: Values) =>
  Object.fromEntries(
    Object.entries(values).filter(
      ([k, v]) => def.fields.find((f) => f.name === k)?.type !== 'file' || v === null || isFile(v),
    ),
  );
