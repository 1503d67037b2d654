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
