import { z } from 'zod';
import type { FieldDef, FieldType, Option } from './field-types';
import { once } from './once';
import {
  flag as flagSchema,
  idList,
  oneOf,
  optionalDate,
  optionalDecimal,
  optionalInt,
  optionalOneOf,
  optionalText,
  emptyToNull,
  requiredDate,
  requiredInt,
  requiredText,
  someOf,
} from './resource-fields';

/**
 * Field builders: one call gives a field's validation and its metadata, so a definition's form,
 * list and API cannot disagree. `required` is the message for a missing value (spec §5); `noun`
 * is the word the other messages use when the label says more ('Size (m²)' → 'Size must be …').
 */
export type Field<S extends z.ZodType = z.ZodType> = { schema: S; meta: Omit<FieldDef, 'name'> };

type Shown = Pick<
  FieldDef,
  'label' | 'help' | 'list' | 'sort' | 'filter' | 'counts' | 'widget' | 'autoComplete' | 'shownWhen' | 'staffOnly'
> & {
  noun?: string;
};
type Required = { required?: string };

const META = [
  'label',
  'help',
  'list',
  'sort',
  'filter',
  'widget',
  'options',
  'ref',
  'initial',
  'file',
  'autoComplete',
  'shownWhen',
  'counts',
  'staffOnly',
  'summary',
] as const;
/**
 * A field's schema is built when something first validates with it, not when its definition loads:
 * the portal loads every definition to start, and building their zod schemas then was most of zod's
 * share of the portal chunk's evaluation in a phone profile, on pages that validate nothing.
 */
const make = <S extends z.ZodType>(type: FieldType, build: () => S, o: Shown & Partial<FieldDef>): Field<S> => {
  const schema = once(build);
  return {
    get schema() {
      return schema();
    },
    meta: { type, ...Object.fromEntries(META.filter((k) => o[k] !== undefined).map((k) => [k, o[k]])) } as Omit<
      FieldDef,
      'name'
    >,
  };
};
const noun = (o: Shown) => o.noun ?? o.label;

type TextOptions = Shown & Required & { max?: number; initial?: string };
/** One line of text (a name, a label); a required one's value is always a string. */
export function text(o: TextOptions & { required: string }): Field<ReturnType<typeof requiredText>>;
export function text(o: TextOptions): Field<ReturnType<typeof optionalText>>;
export function text(o: TextOptions): Field {
  return make(
    'string',
    () => (o.required ? requiredText(o.required, noun(o), o.max ?? 200) : optionalText(noun(o), o.max ?? 200)),
    o,
  );
}

/** An email address, kept as typed; `invalid` is the message for one that is not an address. */
export const email = (o: Shown & { required: string; invalid: string; max?: number }) =>
  make(
    'string',
    () =>
      z.preprocess(
        emptyToNull,
        z
          .string({ message: o.required })
          .trim()
          .min(1, o.required)
          .max(o.max ?? 254, `${noun(o)} must be ${o.max ?? 254} characters or less`)
          .pipe(z.email(o.invalid)),
      ),
    { widget: 'email', autoComplete: 'email', ...o },
  );

/**
 * An Australian phone number, typed without its +61 (the form shows it); a number with another
 * country code is refused with `foreign` rather than saved as +61+64….
 */
export const phone = (o: Shown & { required: string; max: number; foreign: string }) =>
  make(
    'string',
    () =>
      requiredText(o.required, noun(o), o.max).refine(
        (v) => !/^\+(?!61)/.test(String(v).replace(/[\s()-]/g, '')),
        o.foreign,
      ),
    { widget: 'phone', autoComplete: 'tel-national', ...o },
  );

/** Several lines of text (a description). */
export const longText = (o: Shown & Required & { max?: number }) =>
  make(
    'text',
    () => (o.required ? requiredText(o.required, noun(o), o.max ?? 2000) : optionalText(noun(o), o.max ?? 2000)),
    o,
  );

export const int = (o: Shown & Required & { min: number; max: number; initial?: number }) =>
  make(
    'int',
    () => (o.required ? requiredInt(o.required, noun(o), o.min, o.max) : optionalInt(noun(o), o.min, o.max)),
    o,
  );

export const decimal = (o: Shown & { min: number; max: number; initial?: number }) =>
  make('decimal', () => optionalDecimal(noun(o), o.min, o.max), o);

/** A date as yyyy-MM-dd. */
export const date = (o: Shown & Required) =>
  make('date', () => (o.required ? requiredDate(o.required) : optionalDate(noun(o))), o);

/** A time of day as HH:mm (check-in at 14:00). */
export const time = (o: Shown) =>
  make(
    'string',
    () =>
      z.preprocess(
        (v) => (v === '' ? null : v),
        z
          .string()
          .regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${noun(o)} must be a time like 14:00`)
          .nullable()
          .optional(),
      ),
    { widget: 'time', ...o },
  );

/** One of a list; `required` when a value must be chosen, else `message` for a value not on the list. */
export const choice = (o: Shown & Required & { options: readonly Option[]; message?: string; initial?: string }) =>
  make(
    'enum',
    () =>
      o.required
        ? oneOf(o.options, o.required)
        : optionalOneOf(o.options, o.message ?? `Choose ${noun(o).toLowerCase()} from the list`),
    o,
  );

/** Any of a list. */
export const choices = (o: Shown & { options: readonly Option[] }) =>
  make('enums', () => someOf(o.options, noun(o)), o);

/** Ids of another resource's rows (same property for property resources); the API checks each one. */
export const refs = (o: Shown & Required & { ref: string }) =>
  make('refs', () => (o.required ? idList(noun(o)).refine((ids) => ids.length > 0, o.required) : idList(noun(o))), o);

export const flag = (o: Shown & { initial?: boolean }) => make('boolean', () => flagSchema(), o);

/**
 * Structured values with their own schema; the form needs a named widget for them. The schema is
 * given as a function that builds it, which `make` calls once, on first use, as for every field.
 */
export const json = <S extends z.ZodType>(
  o: Shown & { schema: () => S; widget: string; summary?: (value: unknown) => string; initial?: unknown },
) => make('json', o.schema, o);

/** What a file field stores: the content hash the media store keeps the bytes under, and what the upload said. */
const storedFile = once(() =>
  z.object({
    hash: z.string().regex(/^[0-9a-f]{64}$/),
    name: z.string().max(200),
    type: z.string().max(100),
    size: z.number().int().min(0),
  }),
);
export type StoredFile = z.output<ReturnType<typeof storedFile>>;

/**
 * A file, uploaded with the save as multipart. The API checks type and size before it stores the
 * bytes by content hash; the record keeps the stored file's description.
 */
export const file = (o: Shown & Required & { accept: readonly string[]; maxBytes: number }) =>
  make(
    'file',
    () =>
      z.preprocess(
        (v) => v ?? null,
        o.required
          ? storedFile()
              .nullable()
              .refine((v) => v !== null, o.required)
          : storedFile().nullable(),
      ),
    { ...o, file: { accept: o.accept, maxBytes: o.maxBytes } },
  );

const size = (n: number) => (n >= 1024 * 1024 ? `${Math.round(n / 1024 / 1024)} MB` : `${Math.round(n / 1024)} KB`);
/** What is wrong with a chosen file for its field, in the words both the form and the API use; null when it fits. */
export function fileProblem(
  field: Pick<FieldDef, 'label' | 'file'>,
  chosen: { type: string; size: number },
): string | null {
  const { accept, maxBytes } = field.file!;
  if (!accept.includes(chosen.type))
    return `${field.label} must be a ${accept.map((t) => t.split('/')[1].toUpperCase()).join(' or ')} file`;
  if (chosen.size > maxBytes) return `${field.label} must be ${size(maxBytes)} or smaller`;
  return null;
}

export type FieldSet<S extends z.ZodObject = z.ZodObject> = { fields: FieldDef[]; schema: S };
type Shape<F extends Record<string, Field>> = { [K in keyof F]: F[K]['schema'] };
/** Each field once, as a builder call: the form's fields and the schema both sides validate with (a definition's, a details section's, a key contact's). */
export function fieldSet<F extends Record<string, Field>>(builders: F): FieldSet<z.ZodObject<Shape<F>>> {
  const entries = Object.entries(builders);
  const schema = once(
    () => z.object(Object.fromEntries(entries.map(([name, f]) => [name, f.schema]))) as z.ZodObject<Shape<F>>,
  );
  return {
    fields: entries.map(([name, f]) => ({ name, ...f.meta })),
    // Built on first use, as each field's is.
    get schema() {
      return schema();
    },
  };
}

/** Values without the fields their `shownWhen` hides (a pet fee once pets are not allowed): the API drops them as the form does. */
export function withoutHidden(fields: FieldDef[], values: Record<string, unknown>): Record<string, unknown> {
  const hidden = fields.filter((f) => f.shownWhen && !f.shownWhen.in.includes(values[f.shownWhen.field] as string));
  return Object.fromEntries(Object.entries(values).filter(([name]) => !hidden.some((f) => f.name === name)));
}
