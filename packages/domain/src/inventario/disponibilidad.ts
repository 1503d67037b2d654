import { diasEntre, sumarDias } from '../fechas/fechas.js';
import { INVENTARIO_MESSAGES as M } from './mensajes.js';

// The availability rules of inventario.md R4 (serial machines) and R5 (quantities), as pure
// functions over the bloqueos one indexed query returns: the API, the pickers and the benchmark
// all go through them, so a day is free or taken by one definition.

export type TipoConflicto = 'alquiler' | 'mantenimiento' | 'preparacion' | 'baja' | 'vencido';

/** An active bloqueo as the rules read it. */
export type BloqueoActivo = {
  origenTipo: 'alquiler' | 'mantenimiento';
  origenId: string;
  lineaId?: string | null;
  numero: string;
  etiqueta: string;
  cantidad: number;
  desde: string;
  /** null: open-ended (an urgent maintenance). */
  hasta: string | null;
  /** Days blocked after `hasta` (a rental's preparation, fixed at booking time). */
  preparacion: number;
  exclusivo: boolean;
  enCurso: boolean;
};

export type Conflicto = {
  tipo: TipoConflicto;
  numero: string;
  etiqueta: string;
  desde: string;
  hasta: string | null;
  origenId: string;
  lineaId: string | null;
  mensaje: string;
};

/** A delivered rental whose return day has passed: it blocks until it comes back (R4, R5). */
export const estaVencido = (bloqueo: BloqueoActivo, hoy: string): boolean =>
  bloqueo.enCurso && bloqueo.hasta !== null && bloqueo.hasta < hoy;

/**
 * The first day the bloqueo no longer holds (exclusive end), or null when open-ended: an urgent
 * maintenance, or a delivered booking past its return day.
 */
export const finBloqueo = (bloqueo: BloqueoActivo, hoy: string): string | null => {
  if (bloqueo.hasta === null || estaVencido(bloqueo, hoy)) return null;
  return sumarDias(bloqueo.hasta, 1 + bloqueo.preparacion);
};

const solapa = (desde: string, finExclusivo: string | null, d1: string, d2Exclusivo: string) =>
  desde < d2Exclusivo && (finExclusivo === null || finExclusivo > d1);

export type ConsultaMaquina = {
  codigo: string;
  estado: string;
  /** The machine's preparation days, added to the range asked for (R4). */
  diasPreparacion: number;
  desde: string;
  hasta: string;
  hoy: string;
  bloqueos: readonly BloqueoActivo[];
};

/**
 * R4: the conflicts of one machine over [desde, hasta] plus its preparation days, each with the
 * §4 text; empty when it is free. A machine in baja is never free.
 */
export const conflictosMaquina = ({
  codigo,
  estado,
  diasPreparacion,
  desde,
  hasta,
  hoy,
  bloqueos,
}: ConsultaMaquina): Conflicto[] => {
  if (estado === 'baja')
    return [
      {
        tipo: 'baja',
        numero: '',
        etiqueta: '',
        desde,
        hasta,
        origenId: '',
        lineaId: null,
        mensaje: M.dadaDeBaja(codigo),
      },
    ];
  const finPedido = sumarDias(hasta, 1 + diasPreparacion);
  const conflictos: Conflicto[] = [];
  for (const bloqueo of bloqueos) {
    if (!solapa(bloqueo.desde, finBloqueo(bloqueo, hoy), desde, finPedido)) continue;
    const base = {
      numero: bloqueo.numero,
      etiqueta: bloqueo.etiqueta,
      desde: bloqueo.desde,
      hasta: bloqueo.hasta,
      origenId: bloqueo.origenId,
      lineaId: bloqueo.lineaId ?? null,
    };
    if (bloqueo.origenTipo === 'mantenimiento') {
      conflictos.push({
        ...base,
        tipo: 'mantenimiento',
        mensaje:
          bloqueo.hasta === null
            ? M.enTallerSinFin(codigo, bloqueo.desde)
            : M.enTallerHasta(codigo, bloqueo.desde, bloqueo.hasta),
      });
      continue;
    }
    const hastaReal = bloqueo.hasta ?? bloqueo.desde;
    if (estaVencido(bloqueo, hoy)) {
      conflictos.push({
        ...base,
        tipo: 'vencido',
        mensaje: M.vencido(codigo, bloqueo.numero, hastaReal),
      });
      continue;
    }
    const reservada = M.reservada(codigo, bloqueo.desde, hastaReal, bloqueo.numero);
    // Only preparation days clash when the bare date ranges do not meet.
    const fechasSolapan = bloqueo.desde <= hasta && hastaReal >= desde;
    if (fechasSolapan) conflictos.push({ ...base, tipo: 'alquiler', mensaje: reservada });
    else {
      const dias = bloqueo.desde > hasta ? diasPreparacion : bloqueo.preparacion;
      conflictos.push({
        ...base,
        tipo: 'preparacion',
        mensaje: reservada + M.preparacion(Math.max(dias, 1)),
      });
    }
  }
  return conflictos;
};

export type DiaDisponible = { fecha: string; reservado: number; libres: number };

export type ConsultaCantidad = {
  capacidad: number;
  desde: string;
  hasta: string;
  hoy: string;
  bloqueos: readonly BloqueoActivo[];
};

export type DisponibilidadCantidad = {
  dias: DiaDisponible[];
  libresMin: number;
  fechaLimitante: string;
};

/**
 * R5 (`disponibilidadPorDia`): per day of [desde, hasta], the pieces booked and the pieces free of
 * `capacidad` (disponible + alquilado). A sweep over the bloqueos (a difference array), never a
 * query per day. An overdue delivered booking covers every day from hoy on.
 */
export const disponibilidadPorDia = ({
  capacidad,
  desde,
  hasta,
  hoy,
  bloqueos,
}: ConsultaCantidad): DisponibilidadCantidad => {
  const total = diasEntre(desde, hasta) + 1;
  const delta = new Array<number>(total + 1).fill(0);
  for (const bloqueo of bloqueos) {
    let fin = finBloqueo(bloqueo, hoy);
    let inicio = bloqueo.desde;
    if (estaVencido(bloqueo, hoy)) {
      // Booked days before hoy still count until hasta; from hoy on it holds with no end.
      const hastaReal = bloqueo.hasta as string;
      addRango(delta, desde, total, inicio, sumarDias(hastaReal, 1), bloqueo.cantidad);
      inicio = hoy > hastaReal ? hoy : sumarDias(hastaReal, 1);
      fin = null;
    }
    addRango(delta, desde, total, inicio, fin, bloqueo.cantidad);
  }
  const dias: DiaDisponible[] = [];
  let reservado = 0;
  let libresMin = Number.POSITIVE_INFINITY;
  let fechaLimitante = desde;
  for (let i = 0; i < total; i += 1) {
    reservado += delta[i] ?? 0;
    const fecha = sumarDias(desde, i);
    const libres = capacidad - reservado;
    dias.push({ fecha, reservado, libres });
    if (libres < libresMin) {
      libresMin = libres;
      fechaLimitante = fecha;
    }
  }
  return { dias, libresMin, fechaLimitante };
};

/** Adds `cantidad` to [inicio, finExclusivo) clipped to the window of `total` days from `desde`. */
const addRango = (
  delta: number[],
  desde: string,
  total: number,
  inicio: string,
  finExclusivo: string | null,
  cantidad: number,
) => {
  const a = Math.max(0, diasEntre(desde, inicio));
  const b = finExclusivo === null ? total : Math.min(total, diasEntre(desde, finExclusivo));
  if (a >= b) return;
  delta[a] = (delta[a] ?? 0) + cantidad;
  delta[b] = (delta[b] ?? 0) - cantidad;
};

/** R6's text when `solicitadas` pieces do not fit; null when they do. */
export const faltanPiezas = (
  codigo: string,
  disponibilidad: DisponibilidadCantidad,
  solicitadas: number,
): string | null => {
  const faltan = solicitadas - disponibilidad.libresMin;
  if (faltan <= 0) return null;
  return M.faltanPiezas(
    codigo,
    faltan,
    disponibilidad.fechaLimitante,
    Math.max(0, disponibilidad.libresMin),
    solicitadas,
  );
};
