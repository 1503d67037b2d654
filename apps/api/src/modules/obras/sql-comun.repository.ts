// SQL text pieces the obras repositories share (no statements run here).

/** A timestamp column as the API's ISO text. */
export const isoSql = (columna: string) =>
  `to_char(${columna} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The audit fields of a verticales record, from table alias `t`. */
export const auditoriaJson = (t: string) =>
  `'_id', ${t}.id, 'empresa', ${t}.empresa, 'version', ${t}.version,
    'createdAt', ${isoSql(`${t}.created_at`)},
    'createdBy', coalesce(${t}.created_by_email, ${t}.created_by_sub),
    'updatedAt', ${isoSql(`${t}.updated_at`)},
    'updatedBy', coalesce(${t}.updated_by_email, ${t}.updated_by_sub)`;

/**
 * `json_build_object` of `campos` (key → SQL expression) with its keys in jsonb's order (shorter
 * first, then byte order). json costs PGlite a fraction of jsonb (no binary form to build and print
 * again), and in that order a record parsed from it has the keys it had as jsonb, so the answers
 * written from it stay the same bytes.
 */
export const objetoJson = (campos: Readonly<Record<string, string>>) =>
  `json_build_object(${Object.entries(campos)
    .sort(([a], [b]) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0))
    .map(([clave, valor]) => `'${clave}', ${valor}`)
    .join(', ')})`;

/** The audit fields of a verticales record from table alias `t`, for objetoJson. */
export const auditoriaCampos = (t: string) => ({
  _id: `${t}.id`,
  empresa: `${t}.empresa`,
  version: `${t}.version`,
  createdAt: isoSql(`${t}.created_at`),
  createdBy: `coalesce(${t}.created_by_email, ${t}.created_by_sub)`,
  updatedAt: isoSql(`${t}.updated_at`),
  updatedBy: `coalesce(${t}.updated_by_email, ${t}.updated_by_sub)`,
});
