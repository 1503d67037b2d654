import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

export type MappedServerErrors<F extends string> = {
  fields: Partial<Record<F, string>>;
  unmapped: string[];
};

const FIELD_PREFIX = /^\s*([\w.[\]]+)\s*:\s*(.+)$/s;

/**
 * The `errors` of an API 400 (SPEC 5) onto the given form fields: an error naming one of them goes
 * to that field, the rest are listed. Errors come as "campo: mensaje"; when the field part is
 * there it decides (so "contactos.0.nombre: …" is not the record's nombre), otherwise the whole
 * text is searched, case-insensitively.
 */
export const mapServerErrors = <F extends string>(
  errors: readonly unknown[] | undefined,
  fields: readonly F[],
): MappedServerErrors<F> => {
  const result: MappedServerErrors<F> = { fields: {}, unmapped: [] };
  for (const error of errors ?? []) {
    const text = typeof error === 'string' ? error : (error as { message?: unknown })?.message;
    if (typeof text !== 'string' || text.trim() === '') continue;
    const prefixed = FIELD_PREFIX.exec(text);
    // Both sides lowered: a camelCase field (tipoIva, stockInicial) matches its own name.
    const fieldPart = prefixed?.[1]?.toLowerCase();
    const field = fieldPart
      ? fields.find((name) => fieldPart === name.toLowerCase())
      : fields.find((name) => text.toLowerCase().includes(name.toLowerCase()));
    if (field && result.fields[field] === undefined) {
      result.fields[field] = prefixed?.[2]?.trim() ?? text;
    } else {
      result.unmapped.push(text);
    }
  }
  return result;
};

/** Sets the mapped messages on their fields; returns the ones no field claimed, for a list. */
export const applyServerErrors = <V extends FieldValues, F extends Path<V> & string>(
  errors: readonly unknown[] | undefined,
  fields: readonly F[],
  setError: UseFormSetError<V>,
): string[] => {
  const mapped = mapServerErrors(errors, fields);
  for (const field of fields) {
    const message = mapped.fields[field];
    if (message !== undefined) setError(field, { type: 'server', message });
  }
  return mapped.unmapped;
};
