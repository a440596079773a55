import { z } from 'zod';
import { distinctIds } from './ids';
import { isRealDay } from './days';
import type { Option } from './field-types';

/** zod building blocks for resource schemas. Spec §5: empty strings become null; dates are yyyy-MM-dd. */
export const emptyToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const toNumber = (v: unknown) =>
  v === '' || v === undefined
    ? null
    : typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v))
      ? Number(v)
      : v;

export const requiredText = (message: string, label: string, max = 200) =>
  z.preprocess(
    emptyToNull,
    z.string({ message }).trim().min(1, message).max(max, `${label} must be ${max} characters or less`),
  );

export const optionalText = (label: string, max = 2000) =>
  z.preprocess(
    emptyToNull,
    z
      .string({ message: `${label} must be text` })
      .trim()
      .max(max, `${label} must be ${max} characters or less`)
      .nullable()
      .optional(),
  );

const between = (label: string, min: number, max: number) => `${label} must be between ${min} and ${max}`;

export const requiredInt = (message: string, label: string, min: number, max: number) =>
  z.preprocess(
    toNumber,
    z
      .number({ message })
      .int(`${label} must be a whole number`)
      .min(min, between(label, min, max))
      .max(max, between(label, min, max)),
  );

export const optionalInt = (label: string, min: number, max: number) =>
  z.preprocess(
    toNumber,
    z
      .number({ message: `${label} must be a number` })
      .int(`${label} must be a whole number`)
      .min(min, between(label, min, max))
      .max(max, between(label, min, max))
      .nullable()
      .optional(),
  );

export const optionalDecimal = (label: string, min: number, max: number) =>
  z.preprocess(
    toNumber,
    z
      .number({ message: `${label} must be a number` })
      .min(min, between(label, min, max))
      .max(max, between(label, min, max))
      .nullable()
      .optional(),
  );

export const requiredDate = (message: string) =>
  z.preprocess(emptyToNull, z.string({ message }).refine(isRealDay, message));
export const optionalDate = (label: string) =>
  z.preprocess(
    emptyToNull,
    z.string().refine(isRealDay, `${label} must be a date like 2026-12-31`).nullable().optional(),
  );

export const oneOf = (options: readonly Option[], message: string) =>
  z.preprocess(emptyToNull, z.enum(options.map((o) => o.value) as [string, ...string[]], { message }));

export const optionalOneOf = (options: readonly Option[], message: string) =>
  z.preprocess(
    emptyToNull,
    z
      .enum(options.map((o) => o.value) as [string, ...string[]], { message })
      .nullable()
      .optional(),
  );

/** Any of a list; nothing chosen (absent, null or an empty value from a form never touched) is an empty list. */
export const someOf = (options: readonly Option[], label: string) =>
  z.preprocess(
    (v) => (v === null || v === undefined || v === '' ? [] : v),
    z
      .array(
        z.enum(options.map((o) => o.value) as [string, ...string[]], {
          message: `Choose ${label.toLowerCase()} from the list`,
        }),
      )
      .max(options.length),
  );

/** Ids of rows of another resource; the server checks they exist and belong to the same property. */
export const idList = (label: string, max = 100) =>
  z
    .array(z.coerce.string().regex(/^\d{1,15}$/, `${label}: unknown id`), { message: `${label} must be a list` })
    .max(max, `Choose at most ${max} ${label.toLowerCase()}`)
    .transform(distinctIds)
    .default([]);

export const flag = () =>
  z.preprocess((v) => (v === null || v === undefined ? false : v), z.boolean({ message: 'Must be yes or no' }));

/** Options from plain strings, labelled as they are. */
export const plainOptions = (values: readonly string[]): Option[] => values.map((v) => ({ value: v, label: v }));
