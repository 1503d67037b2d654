import type { FieldValues, Resolver, ResolverOptions } from 'react-hook-form';

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
