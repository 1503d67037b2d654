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

const ITEM_PREFIX = /^\s*([\w]+)(?:\[(\d+)\]|\.(\d+))\.([\w.]+)\s*:\s*(.+)$/s;

export type MappedListErrors = {
  /** Per item index, per field of the item: the message. */
  items: Map<number, Record<string, string>>;
  /** The errors that name no item of the list, as they came. */
  rest: unknown[];
};

/**
 * The `errors` of an API 400 that name an item of a list field ("lineas[2].cantidad: …", the
 * form the API writes, or "lineas.2.cantidad: …") by item and field, for a form that draws its
 * lines itself (not through react-hook-form); the rest are left for `mapServerErrors`.
 */
export const mapListErrors = (
  errors: readonly unknown[] | undefined,
  list: string,
): MappedListErrors => {
  const result: MappedListErrors = { items: new Map(), rest: [] };
  for (const error of errors ?? []) {
    const text = typeof error === 'string' ? error : (error as { message?: unknown })?.message;
    const match = typeof text === 'string' ? ITEM_PREFIX.exec(text) : null;
    if (!match || match[1] !== list) {
      result.rest.push(error);
      continue;
    }
    const index = Number(match[2] ?? match[3]);
    const item = result.items.get(index) ?? {};
    const field = match[4] ?? '';
    item[field] ??= (match[5] ?? '').trim();
    result.items.set(index, item);
  }
  return result;
};
