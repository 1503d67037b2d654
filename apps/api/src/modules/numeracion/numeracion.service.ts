import { formatNumeroDocumento, prefijoDocumento } from '@tvsistema/domain/numeracion';
import type { Executor } from '../../db/executor.js';
import { siguienteSecuencia } from './numeracion.repository.js';
import type { Serie } from './numeracion.repository.js';

export type NumeroDocumento = { numero: string; secuencia: number; anio: number };

/**
 * Issues the next number of a series (modules/README.md, "Document numbers") inside the caller's
 * transaction: the same transaction must write the document, so a failure after this call rolls the
 * number back with it and the series keeps no gap. Call it only when the document is issued.
 */
export const asignarNumero = async (tx: Executor, serie: Serie): Promise<NumeroDocumento> => {
  const prefijo = prefijoDocumento(serie.tipo, serie.empresa);
  const secuencia = await siguienteSecuencia(tx, serie);
  return {
    numero: formatNumeroDocumento(prefijo, serie.anio, secuencia),
    secuencia,
    anio: serie.anio,
  };
};
