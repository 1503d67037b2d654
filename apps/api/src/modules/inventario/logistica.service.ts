import { sumarDias } from '@tvsistema/domain/fechas';
import { diaEnMadrid, formatFecha } from '@tvsistema/domain/format';
import {
  ESTADO_MAQUINA_LABELS,
  INVENTARIO_MESSAGES as M,
  type CuentaStock,
} from '@tvsistema/domain/inventario';
import { multiplyDecimals, round2 } from '@tvsistema/domain/money';
import type { Executor } from '../../db/executor.js';
import { invalidData } from '../../http/errors.js';
import { lecturaDeEntrega, deleteLecturasDeAlbaran } from './horometro.repository.js';
import { registrarLectura, restaurarHorometro } from './horometro.service.js';
import { conflicto, type Usuario } from './inventario-comun.js';
import {
  bloqueosDeOrigen,
  buscarArticulos,
  codigoComponente,
  entregarParte,
  deshacerDevolucion,
  deshacerEntrega,
  leerMaquinaLogistica,
  marcarEntregado,
  recortarBloqueo,
  type Articulo,
  type BloqueoOrigen,
} from './logistica.repository.js';
import {
  cancelarMantenimientosDeAlbaran,
  insertMantenimiento,
} from './mantenimientos.repository.js';
import { setEstadoMaquina } from './maquinas.repository.js';
import type { OrigenReserva } from './reservas.service.js';
import { anularMovimiento, moverStock } from './stock.js';
import { codigoYReposicion, movimientosDeAlbaran } from './stock.repository.js';

// §6.5 for logística: what leaves and comes back on an albarán moves machines and stock here,
// inside logística's transaction (R7, R9, R12); annulling the albarán undoes exactly its part.

export type AlbaranRef = { _id: string; numero: string };
export type { Articulo };
type Origen = Pick<OrigenReserva, 'tipo' | 'id' | 'numero'>;

const leerMaquina = async (tx: Executor, maquinaId: string) => {
  const fila = await leerMaquinaLogistica(tx, maquinaId);
  if (!fila) throw invalidData(['maquinaId: Máquina no encontrada']);
  return fila;
};

const noFutura = (fecha: string, hoy: string) => {
  if (fecha > hoy) throw invalidData([`fecha: ${M.fechaFutura}`]);
};

const cubre = (b: BloqueoOrigen, fecha: string) =>
  b.desde <= fecha && (b.hasta === null || b.hasta >= fecha);

const sinReserva = (codigo: string, origen: Origen, fecha: string) =>
  conflicto(
    `${codigo} no tiene una reserva de ${origen.numero} que cubra el ${formatFecha(fecha)}`,
  );

/** R12: what leaves on an albarán de entrega. */
export const registrarEntrega = async (
  tx: Executor,
  {
    origen,
    fecha,
    albaran,
    maquinas = [],
    componentes = [],
    usuario,
    hoy = diaEnMadrid(),
  }: {
    origen: Origen;
    fecha: string;
    albaran: AlbaranRef;
    maquinas?: { maquinaId: string; horometro?: string | undefined }[];
    componentes?: { componenteId: string; cantidad: number }[];
    usuario?: Usuario;
    hoy?: string;
  },
) => {
  noFutura(fecha, hoy);
  for (const { maquinaId, horometro } of maquinas) {
    const maquina = await leerMaquina(tx, maquinaId);
    if (maquina.estado !== 'disponible')
      throw conflicto(
        M.noDisponibleCodigo(maquina.codigo, ESTADO_MAQUINA_LABELS[maquina.estado].toLowerCase()),
      );
    if (maquina.matricula && maquina.requiereItv && maquina.itv && maquina.itv < fecha)
      throw conflicto(M.itvCaducadaEntrega(maquina.codigo, maquina.itv));
    if (maquina.matricula && maquina.seguro && maquina.seguro < fecha)
      throw conflicto(M.seguroCaducadoEntrega(maquina.codigo, maquina.seguro));
    const bloqueo = (await bloqueosDeOrigen(tx, origen, { maquinaId }, false)).find((b) =>
      cubre(b, fecha),
    );
    if (!bloqueo) throw sinReserva(maquina.codigo, origen, fecha);
    await marcarEntregado(tx, bloqueo.id, albaran._id);
    await setEstadoMaquina(tx, maquinaId, 'alquilada');
    if (horometro !== undefined)
      await registrarLectura(
        tx,
        maquinaId,
        {
          fecha,
          lectura: horometro,
          origen: 'entrega',
          referencia: albaran.numero,
          albaranId: albaran._id,
        },
        usuario,
        'horometro',
      );
  }
  for (const { componenteId, cantidad } of componentes) {
    const bloqueos = (await bloqueosDeOrigen(tx, origen, { componenteId })).filter((b) =>
      cubre(b, fecha),
    );
    // A booking already delivered in full still covers a delivery beyond the contract, which
    // logística allows with a warning (logística R2).
    if (bloqueos.length === 0)
      throw sinReserva(await codigoComponente(tx, componenteId), origen, fecha);
    await moverStock(
      tx,
      {
        componenteId,
        tipo: 'entrega',
        cantidad,
        fecha,
        referencia: { tipo: 'albaran', id: albaran._id, numero: albaran.numero },
        albaranId: albaran._id,
      },
      usuario,
    );
    // Oldest booking first; a partial delivery leaves the rest booked for the next one.
    let quedan = cantidad;
    for (const bloqueo of bloqueos.filter((b) => !b.enCurso)) {
      if (quedan <= 0) break;
      if (quedan >= bloqueo.cantidad) await marcarEntregado(tx, bloqueo.id, albaran._id);
      else await entregarParte(tx, bloqueo.id, quedan, albaran._id);
      quedan -= bloqueo.cantidad;
    }
  }
};

/** R7 on one bloqueo: `devueltas` back on `fecha`. */
const recortar = (
  tx: Executor,
  bloqueo: BloqueoOrigen,
  devueltas: number,
  fecha: string,
  albaranId: string,
) =>
  recortarBloqueo(tx, bloqueo, {
    fecha,
    siguiente: sumarDias(fecha, 1),
    quedan: bloqueo.cantidad - devueltas,
    albaranId,
  });

/** What comes back on an albarán de recogida: readings (required), counts, losses (R7, R9). */
export const registrarDevolucion = async (
  tx: Executor,
  {
    origen,
    fecha,
    albaran,
    maquinas = [],
    componentes = [],
    usuario,
    hoy = diaEnMadrid(),
  }: {
    origen: Origen;
    fecha: string;
    albaran: AlbaranRef;
    maquinas?: { maquinaId: string; horometro: string; incidencia?: string | undefined }[];
    componentes?: { componenteId: string; correcto: number; danado: number; falta: number }[];
    usuario?: Usuario;
    hoy?: string;
  },
) => {
  noFutura(fecha, hoy);
  const horas: { maquinaId: string; entrega: string | null; devolucion: string }[] = [];
  const avisos: string[] = [];
  for (const { maquinaId, horometro, incidencia } of maquinas) {
    const maquina = await leerMaquina(tx, maquinaId);
    const [bloqueo] = await bloqueosDeOrigen(tx, origen, { maquinaId }, true);
    if (!bloqueo || maquina.estado !== 'alquilada')
      throw conflicto(`${maquina.codigo} no está entregada en ${origen.numero}`);
    const entrega = await lecturaDeEntrega(tx, maquinaId);
    await registrarLectura(
      tx,
      maquinaId,
      {
        fecha,
        lectura: horometro,
        origen: 'devolucion',
        referencia: albaran.numero,
        albaranId: albaran._id,
      },
      usuario,
      'horometro',
    );
    horas.push({ maquinaId, entrega, devolucion: Number(horometro).toFixed(1) });
    const alcanzada = await recortar(tx, bloqueo, 1, fecha, albaran._id);
    if (alcanzada)
      avisos.push(
        M.devolucionTardia(
          maquina.codigo,
          formatFecha(fecha),
          alcanzada.numero,
          formatFecha(alcanzada.desde ?? fecha),
        ),
      );
    if (incidencia) {
      // The breakdown found on return: the machine goes straight to the workshop.
      await setEstadoMaquina(tx, maquinaId, 'en_taller');
      await insertMantenimiento(
        tx,
        {
          maquinaId,
          tipo: 'reparacion',
          descripcion: incidencia,
          fechaInicio: fecha,
          fechaFinPrevista: null,
          urgente: true,
          estado: 'en_curso',
          albaranId: albaran._id,
        },
        usuario,
      );
    } else await setEstadoMaquina(tx, maquinaId, 'disponible');
  }
  const faltas: { componenteId: string; cantidad: number; importe: string }[] = [];
  for (const { componenteId, correcto, danado, falta } of componentes) {
    const total = correcto + danado + falta;
    if (total === 0) continue;
    const fuera = await bloqueosDeOrigen(tx, origen, { componenteId }, true);
    const enObra = fuera.reduce((suma, b) => suma + b.cantidad, 0);
    const { codigo, reposicion } = await codigoYReposicion(tx, componenteId);
    if (total > enObra) throw conflicto(M.stockInsuficiente(codigo, 'en obra', enObra, total));
    const referencia = { tipo: 'albaran', id: albaran._id, numero: albaran.numero };
    const comun = { componenteId, fecha, referencia, albaranId: albaran._id, maximo: enObra };
    if (correcto > 0)
      await moverStock(tx, { ...comun, tipo: 'devolucion', cantidad: correcto }, usuario);
    if (danado > 0)
      await moverStock(tx, { ...comun, tipo: 'devolucion_danada', cantidad: danado }, usuario);
    if (falta > 0) {
      await moverStock(tx, { ...comun, tipo: 'perdida', cantidad: falta }, usuario);
      faltas.push({
        componenteId,
        cantidad: falta,
        importe: round2(multiplyDecimals(reposicion ?? '0', falta)),
      });
    }
    // The oldest delivered bloqueos come back first.
    let pendientes = total;
    for (const bloqueo of fuera) {
      if (pendientes === 0) break;
      const devueltas = Math.min(pendientes, bloqueo.cantidad);
      await recortar(tx, bloqueo, devueltas, fecha, albaran._id);
      pendientes -= devueltas;
    }
  }
  return { faltas, horas, avisos };
};

/** Annulment: the opposite movements and readings of that albarán; its bloqueos as they were. */
export const revertirAlbaran = async (
  tx: Executor,
  { albaran, fecha, usuario }: { albaran: AlbaranRef; fecha: string; usuario?: Usuario },
) => {
  for (const m of await movimientosDeAlbaran(tx, albaran._id)) {
    if (!m.de || !m.a) continue;
    await anularMovimiento(
      tx,
      { ...m, de: m.de as CuentaStock, a: m.a as CuentaStock },
      { fecha, albaran, user: usuario },
    );
  }
  for (const maquinaId of new Set(await deleteLecturasDeAlbaran(tx, albaran._id)))
    await restaurarHorometro(tx, maquinaId);
  await cancelarMantenimientosDeAlbaran(tx, albaran._id);
  for (const maquinaId of await deshacerDevolucion(tx, albaran._id))
    await setEstadoMaquina(tx, maquinaId, 'alquilada');
  for (const maquinaId of await deshacerEntrega(tx, albaran._id))
    await setEstadoMaquina(tx, maquinaId, 'disponible');
};

/** Logística's article search (§6.5 `articulos`). */
export const articulos = (
  tx: Executor,
  {
    q,
    ids,
    clases = ['maquina', 'andamio', 'concepto'],
    limit = 20,
  }: { q?: string; ids?: string[]; clases?: Articulo['clase'][]; limit?: number },
) => buscarArticulos(tx, { q, ids, clases, limit });
