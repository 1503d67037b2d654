import type { FieldErrors, FieldValues, Resolver, ResolverOptions } from 'react-hook-form';
import { toNestErrors } from '@hookform/resolvers';
import type { ZodType } from 'zod';

/**
 * Lets one form type serve several domain schemas: each schema reads only its own fields (zod
 * drops the others), so its errors are a subset of the form's and the casts only widen field
 * names. Curried so the form type is given and the schema's types are inferred.
 */
export const forForm =
  <F extends FieldValues>() =>
  <I extends FieldValues, O>(resolver: Resolver<I, unknown, O>): Resolver<F, unknown, O> =>
  (values, context, options) =>
    resolver(
      values as unknown as I,
      context,
      options as unknown as ResolverOptions<I>,
    ) as unknown as ReturnType<Resolver<F, unknown, O>>;

type FlatErrors = Record<string, { type: string; message: string }>;

export type PayloadResolverOptions<V extends FieldValues> = {
  /** The domain schema the API validates the body with. */
  schema: ZodType;
  /** The body the form would send for these values. */
  toPayload: (values: V) => unknown;
  /** The form field an issue's payload path stands for; the same path by default. */
  fieldOf?: (path: string[], values: V) => string[];
};

/**
 * A resolver that validates exactly the payload that would be sent, with the domain schema the
 * API uses, then points each issue back at its form field (the first issue per field wins).
 * The form keeps its own values: the payload is rebuilt on submit.
 */
export const payloadResolver =
  <V extends FieldValues>({
    schema,
    toPayload,
    fieldOf = (path) => path,
  }: PayloadResolverOptions<V>): Resolver<V> =>
  (values, _context, options) => {
    const result = schema.safeParse(toPayload(values));
    if (result.success) return { values, errors: {} };
    const flat: FlatErrors = {};
    for (const issue of result.error.issues) {
      const name = fieldOf(issue.path.map(String), values).join('.');
      flat[name] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors: toNestErrors(flat as FieldErrors, options) as FieldErrors<V> };
  };
