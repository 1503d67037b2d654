import { INVENTARIO_MESSAGES as M, type LecturaCreate } from '@tvsistema/domain/inventario';
import { addDecimals, compareDecimals, subtractDecimals } from '@tvsistema/domain/money';
import type { Database } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import { HttpError, invalidData, notFound } from '../../http/errors.js';
import type { Today } from '../../module.js';
import {
  deleteLectura,
  existeLectura,
  insertLectura,
  lecturasDe,
  setHorometro,
  ultimaLectura,
  ultimasLecturas,
} from './horometro.repository.js';
import { conflicto, idValido, nombreUsuario, type Usuario } from './inventario-comun.js';
import type { MaquinasService } from './maquinas.service.js';

// §2.2, R9: the hour meter as an append-only ledger. A reading never goes below the latest one
// unless the meter was replaced (reinicio); lifetime hours add only what the meter advanced.

const una = (n: string) => Number(n).toFixed(1);

export type NuevaLectura = {
  fecha: string;
  lectura: string;
  reinicio?: boolean;
  motivo?: string | null | undefined;
  origen: 'manual' | 'entrega' | 'devolucion' | 'mantenimiento';
  referencia?: string | null;
  albaranId?: string | null;
};

/**
 * Appends a reading inside the caller's transaction (the machine row already locked) and moves
 * the machine's meter and lifetime hours (R9). 400 naming `campo` when it goes backwards.
 */
export const registrarLectura = async (
  tx: Executor,
  maquinaId: string,
  nueva: NuevaLectura,
  user: Usuario,
  campo = 'lectura',
) => {
  const ultima = await ultimaLectura(tx, maquinaId);
  const reinicio = nueva.reinicio ?? false;
  if (ultima && !reinicio && compareDecimals(nueva.lectura, ultima.lectura) < 0)
    throw invalidData([`${campo}: ${M.lecturaMenor(nueva.lectura, ultima.lectura, ultima.fecha)}`]);
  const previas = ultima?.horasAcumuladas ?? '0';
  const horasAcumuladas = una(
    reinicio || !ultima
      ? previas
      : addDecimals(previas, subtractDecimals(nueva.lectura, ultima.lectura)),
  );
  const lectura = await insertLectura(tx, {
    maquinaId,
    fecha: nueva.fecha,
    lectura: nueva.lectura,
    horasAcumuladas,
    origen: nueva.origen,
    referencia: nueva.referencia ?? null,
    albaranId: nueva.albaranId ?? null,
    reinicio,
    motivo: nueva.motivo ?? null,
    registradoPor: nombreUsuario(user),
  });
  await setHorometro(tx, maquinaId, nueva.lectura, horasAcumuladas);
  return { lectura, horasAcumuladas };
};

/** After deleting readings: the machine's meter is its latest remaining one. */
export const restaurarHorometro = async (tx: Executor, maquinaId: string) => {
  const ultima = await ultimaLectura(tx, maquinaId);
  if (ultima) await setHorometro(tx, maquinaId, ultima.lectura, ultima.horasAcumuladas);
};

export const createHorometroService = (
  database: Database,
  today: Today,
  maquinasService: MaquinasService,
) => ({
  list: async (maquinaId: string) => {
    await maquinasService.leer(database.db, maquinaId, { verPrecio: false });
    return lecturasDe(database.db, maquinaId);
  },

  /** POST …/horometro: `puedeReiniciar` is the caller's maquinaria.edit. */
  create: (user: Usuario, maquinaId: string, input: LecturaCreate, puedeReiniciar: boolean) =>
    database.db.transaction(async (tx) => {
      await maquinasService.bloquear(tx, maquinaId);
      if (input.reinicio && !puedeReiniciar) throw new HttpError(403, M.reinicioSinPermiso);
      if (input.fecha > today()) throw invalidData([`fecha: ${M.fechaFutura}`]);
      const { lectura } = await registrarLectura(
        tx,
        maquinaId,
        { ...input, origen: 'manual' },
        user,
      );
      const maquina = await maquinasService.leer(tx, maquinaId, { verPrecio: puedeReiniciar });
      return { lectura, maquina };
    }),

  /** Only the latest reading, never the initial one (typing mistakes). */
  remove: (maquinaId: string, lecturaId: string) =>
    database.db.transaction(async (tx) => {
      await maquinasService.bloquear(tx, maquinaId);
      if (!idValido(lecturaId) || !(await existeLectura(tx, maquinaId, lecturaId)))
        throw notFound('Lectura no encontrada');
      const [ultima, anterior] = await ultimasLecturas(tx, maquinaId, 2);
      if (ultima !== lecturaId) throw conflicto(M.soloUltimaLectura);
      if (anterior === undefined) throw conflicto(M.lecturaInicial);
      await deleteLectura(tx, lecturaId);
      await restaurarHorometro(tx, maquinaId);
    }),
});
