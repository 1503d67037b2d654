import { sql } from 'drizzle-orm';
import type { Empresa } from '@tvsistema/domain/systems';
import type { TipoDocumento } from '@tvsistema/domain/numeracion';
import { rowsOf } from '../../db/executor.js';
import type { Executor } from '../../db/executor.js';
import { contadoresDocumentos } from './numeracion.table.js';

export type Serie = { empresa: Empresa; tipo: TipoDocumento; anio: number };

/**
 * One statement takes the next number of a series: the insert creates the series at 1, or the
 * conflict path increments it, and either way the row stays locked until the caller's transaction
 * ends, so a concurrent issue waits for it and then reads the committed value.
 */
export const siguienteSecuencia = async (tx: Executor, serie: Serie): Promise<number> => {
  const [row] = await rowsOf<{ ultimo: number }>(
    tx,
    sql`insert into ${contadoresDocumentos} (empresa, tipo, anio, ultimo)
        values (${serie.empresa}, ${serie.tipo}, ${serie.anio}, 1)
        on conflict (empresa, tipo, anio)
        do update set ultimo = ${contadoresDocumentos}.ultimo + 1
        returning ultimo`,
  );
  if (!row) throw new Error('El contador de documentos no devolvió ningún número');
  return Number(row.ultimo);
};

/** The last number issued in a series, 0 when none yet (for screens and tests; never to issue). */
export const ultimaSecuencia = async (executor: Executor, serie: Serie): Promise<number> => {
  const [row] = await rowsOf<{ ultimo: number }>(
    executor,
    sql`select ultimo from ${contadoresDocumentos}
        where empresa = ${serie.empresa} and tipo = ${serie.tipo} and anio = ${serie.anio}`,
  );
  return row ? Number(row.ultimo) : 0;
};
