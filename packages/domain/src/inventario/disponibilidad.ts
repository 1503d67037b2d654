import { sumarDias } from '../fechas/dias.js';
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

/** What the per-day count (R5) reads of a bloqueo: lists fetch only these columns. */
export type BloqueoCantidad = Pick<
  BloqueoActivo,
  'cantidad' | 'desde' | 'hasta' | 'preparacion' | 'enCurso'
>;

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
export const estaVencido = (
  bloqueo: Pick<BloqueoActivo, 'enCurso' | 'hasta'>,
  hoy: string,
): boolean => bloqueo.enCurso && bloqueo.hasta !== null && bloqueo.hasta < hoy;

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
  bloqueos: readonly BloqueoCantidad[];
};

export type DisponibilidadCantidad = {
  dias: DiaDisponible[];
  libresMin: number;
  fechaLimitante: string;
};

const DIA_MS = 86_400_000;
/** A calendar day as a whole number of days since 1970-01-01 (the sweep's index arithmetic). */
const numeroDeDia = (fecha: string): number => Date.parse(`${fecha}T00:00:00Z`) / DIA_MS;
const fechaDeNumero = (numero: number): string =>
  new Date(numero * DIA_MS).toISOString().slice(0, 10);

/**
 * Pieces booked per day of the window, as a running sum over a difference array: one pass over
 * the bloqueos and one over the days, with dates turned into day numbers once (a date string per
 * day cost most of a 366-day list request).
 */
const reservadoPorDia = ({ desde, hasta, hoy, bloqueos }: Omit<ConsultaCantidad, 'capacidad'>) => {
  const inicio = numeroDeDia(desde);
  const total = Math.max(0, numeroDeDia(hasta) - inicio + 1);
  const hoyNumero = numeroDeDia(hoy);
  const delta = new Int32Array(total + 1);
  /** Adds `cantidad` to the days [a, b) (day numbers; b null: open-ended), clipped to the window. */
  const sumar = (a: number, b: number | null, cantidad: number) => {
    const desdeIndice = Math.max(0, a - inicio);
    const hastaIndice = b === null ? total : Math.min(total, b - inicio);
    if (desdeIndice >= hastaIndice) return;
    delta[desdeIndice] = (delta[desdeIndice] ?? 0) + cantidad;
    delta[hastaIndice] = (delta[hastaIndice] ?? 0) - cantidad;
  };
  for (const bloqueo of bloqueos) {
    const desdeBloqueo = numeroDeDia(bloqueo.desde);
    if (bloqueo.hasta === null) {
      sumar(desdeBloqueo, null, bloqueo.cantidad);
      continue;
    }
    const hastaBloqueo = numeroDeDia(bloqueo.hasta);
    if (estaVencido(bloqueo, hoy)) {
      // Booked days before hoy still count until hasta; from hoy on it holds with no end.
      sumar(desdeBloqueo, hastaBloqueo + 1, bloqueo.cantidad);
      sumar(Math.max(hoyNumero, hastaBloqueo + 1), null, bloqueo.cantidad);
    } else sumar(desdeBloqueo, hastaBloqueo + 1 + bloqueo.preparacion, bloqueo.cantidad);
  }
  const reservado = new Int32Array(total);
  let acumulado = 0;
  for (let i = 0; i < total; i += 1) {
    acumulado += delta[i] ?? 0;
    reservado[i] = acumulado;
  }
  return { inicio, reservado };
};

/**
 * R5's least free count over [desde, hasta] and its first day, without the day list: what the
 * lists (R6 sobrerreserva) and the reservation checks need.
 */
export const libresMinimos = (consulta: ConsultaCantidad): Omit<DisponibilidadCantidad, 'dias'> =>
  minimo(consulta.capacidad, reservadoPorDia(consulta));

const minimo = (
  capacidad: number,
  { inicio, reservado }: ReturnType<typeof reservadoPorDia>,
): Omit<DisponibilidadCantidad, 'dias'> => {
  let libresMin = Number.POSITIVE_INFINITY;
  let indice = 0;
  reservado.forEach((valor, i) => {
    if (capacidad - valor < libresMin) {
      libresMin = capacidad - valor;
      indice = i;
    }
  });
  return { libresMin, fechaLimitante: fechaDeNumero(inicio + indice) };
};

/**
 * R5 (`disponibilidadPorDia`): per day of [desde, hasta], the pieces booked and the pieces free of
 * `capacidad` (disponible + alquilado). A sweep over the bloqueos (a difference array), never a
 * query per day. An overdue delivered booking covers every day from hoy on.
 */
export const disponibilidadPorDia = (consulta: ConsultaCantidad): DisponibilidadCantidad => {
  const barrido = reservadoPorDia(consulta);
  const dias = Array.from(barrido.reservado, (valor, i) => ({
    fecha: fechaDeNumero(barrido.inicio + i),
    reservado: valor,
    libres: consulta.capacidad - valor,
  }));
  return { dias, ...minimo(consulta.capacidad, barrido) };
};

/** R6's text when `solicitadas` pieces do not fit; null when they do. */
export const faltanPiezas = (
  codigo: string,
  disponibilidad: Omit<DisponibilidadCantidad, 'dias'>,
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
