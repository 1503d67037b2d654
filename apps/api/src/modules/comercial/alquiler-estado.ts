import {
  enObra,
  lotesDeLinea,
  retrasoDias,
  type Alquiler,
  type AlquilerLinea,
  type EstadoAlquiler,
  type Lote,
} from '@tvsistema/domain/comercial';
import type { AlquilerLineaRow, MovimientoRow } from './comercial.repository.js';
import { lineasCalculadas } from './lineas.service.js';

// §2.1 and §3.2: what a rental's movements say of each line (delivered, returned, out, under
// baja, late) and of the rental (its state, whether logística may deliver or collect).

export type EstadoLinea = {
  entregada: number;
  devuelta: number;
  fuera: number;
  baja: number;
  primeraEntrega: string | null;
  ultimaDevolucion: string | null;
  lotes: Lote[];
  retraso: number;
  firmada: boolean;
};

/** What a line's state reads of a movement (the list carries no more). */
type MovimientoDeEstado = Pick<
  MovimientoRow,
  'lineaId' | 'tipo' | 'fecha' | 'fechaFinCobro' | 'cantidad'
> & { firmado?: boolean };

export const estadoDeLinea = (
  linea: Pick<AlquilerLineaRow, 'id' | 'fechaFin'>,
  movimientos: readonly MovimientoDeEstado[],
  hoy: string,
): EstadoLinea => {
  const propios = movimientos.filter((m) => m.lineaId === linea.id);
  const suma = (tipo: string) =>
    propios.filter((m) => m.tipo === tipo).reduce((s, m) => s + m.cantidad, 0);
  const lotes = lotesDeLinea(
    propios.map((m) => ({
      tipo: m.tipo as 'entrega' | 'recogida' | 'baja',
      fecha: m.fecha,
      fechaFinCobro: m.fechaFinCobro,
      cantidad: m.cantidad,
    })),
  );
  const { baja } = enObra(lotes);
  const entregada = suma('entrega');
  const devuelta = suma('recogida');
  const fechas = (tipo: string) =>
    propios
      .filter((m) => m.tipo === tipo)
      .map((m) => m.fecha)
      .sort();
  return {
    entregada,
    devuelta,
    fuera: entregada - devuelta,
    baja,
    primeraEntrega: fechas('entrega')[0] ?? null,
    ultimaDevolucion: fechas('recogida').at(-1) ?? null,
    lotes,
    retraso: linea.fechaFin ? retrasoDias(lotes, linea.fechaFin, hoy) : 0,
    firmada: propios.some((m) => m.tipo === 'entrega' && m.firmado),
  };
};

/**
 * §3.2 "an annulled albarán re-derives every state": none → reservado; only entregas → en_curso
 * if one is signed, else reservado; a recogida with material on site or undelivered →
 * devuelto_parcial; everything delivered and back → finalizado.
 */
export const estadoDerivado = (
  lineas: readonly AlquilerLineaRow[],
  estados: readonly EstadoLinea[],
  movimientos: readonly MovimientoRow[],
): EstadoAlquiler => {
  if (!movimientos.some((m) => m.tipo === 'entrega')) return 'reservado';
  const hayRecogida = movimientos.some((m) => m.tipo === 'recogida');
  if (!hayRecogida)
    return movimientos.some((m) => m.tipo === 'entrega' && m.firmado) ? 'en_curso' : 'reservado';
  // A concepto (portes, montaje) is a service charged on an albarán, never material on site.
  const fuera = estados.reduce((s, e, i) => (lineas[i]?.clase === 'concepto' ? s : s + e.fuera), 0);
  const completo = lineas.every(
    (l, i) => l.clase === 'concepto' || (estados[i]?.entregada ?? 0) >= Number(l.cantidad),
  );
  return fuera === 0 && completo ? 'finalizado' : 'devuelto_parcial';
};

/** The answer's lines with their delivery state (§2.1 read-only fields). */
export const lineasDeAlquiler = (
  filas: readonly AlquilerLineaRow[],
  movimientos: readonly MovimientoRow[],
  hoy: string,
  estado: EstadoAlquiler,
) => {
  const { lineas, totales } = lineasCalculadas(filas);
  const estados = filas.map((f) => estadoDeLinea(f, movimientos, hoy));
  const conEstado: AlquilerLinea[] = lineas.map((l, i) => {
    const e = estados[i] as EstadoLinea;
    const fila = filas[i] as AlquilerLineaRow;
    const completa = e.entregada >= Number(fila.cantidad) && e.fuera === 0;
    return {
      ...l,
      cantidadEntregada: e.entregada,
      cantidadDevuelta: e.devuelta,
      cantidadFuera: e.fuera,
      cantidadBaja: e.baja,
      fechaPrimeraEntrega: e.primeraEntrega,
      fechaUltimaDevolucion: e.ultimaDevolucion,
      estadoLinea:
        e.entregada === 0
          ? 'pendiente'
          : completa || estado === 'finalizado'
            ? 'devuelta'
            : 'entregada',
      retrasoDias: e.retraso,
      facturadoHasta: fila.facturadoHasta ?? null,
      lineaPresupuestoId: fila.lineaPresupuestoId ?? null,
    };
  });
  const abierto = ['reservado', 'en_curso', 'devuelto_parcial'].includes(estado);
  const pendientesDeEntrega = filas.some(
    (f, i) => f.clase !== 'concepto' && (estados[i]?.entregada ?? 0) < Number(f.cantidad),
  );
  const retrasadas = conEstado.filter((l) => l.retrasoDias > 0);
  return {
    lineas: conEstado,
    totales,
    estados,
    retraso: {
      dias: Math.max(0, ...retrasadas.map((l) => l.retrasoDias)),
      lineas: retrasadas.length,
    },
    pendienteRecogida: conEstado.some((l) => l.cantidadBaja > 0),
    permiteEntrega: abierto && pendientesDeEntrega,
    permiteRecogida: estados.some((e) => e.fuera > 0) && estado !== 'cancelado',
  } satisfies Partial<Alquiler> & { estados: EstadoLinea[] };
};
