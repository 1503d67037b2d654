import { sumarDias, sumarMeses } from '../fechas/dias.js';
import { esRemolque, type EstadoItv, type ResultadoItv, type TipoCamion } from './catalogos.js';

// §4.2: the ITV schedule of RD 920/2017, art. 6, as pure functions the API and the form's
// previews share.

export const CATEGORIAS_VEHICULO = ['N1', 'N2', 'N3', 'O1', 'O2', 'O3', 'O4'] as const;
export type CategoriaVehiculo = (typeof CATEGORIAS_VEHICULO)[number];

/** Motor vehicles N1–N3 and trailers O1–O4 by MMA (Directive 2007/46/EC classes). */
export const categoriaVehiculo = (tipo: TipoCamion, mmaKg: number): CategoriaVehiculo => {
  if (esRemolque(tipo))
    return mmaKg <= 750 ? 'O1' : mmaKg <= 3500 ? 'O2' : mmaKg <= 10_000 ? 'O3' : 'O4';
  return mmaKg <= 3500 ? 'N1' : mmaKg <= 12_000 ? 'N2' : 'N3';
};

/**
 * Complete years from the first registration to `fecha`; an anniversary on 29 February falls on
 * 28 February in other years (sumarMeses clamps it).
 */
export const edadVehiculo = (primeraMatriculacion: string, fecha: string): number => {
  const anios = Number(fecha.slice(0, 4)) - Number(primeraMatriculacion.slice(0, 4));
  const aniversario = sumarMeses(primeraMatriculacion, anios * 12);
  return fecha < aniversario ? anios - 1 : anios;
};

/** The first inspection: at 2 years for N1, at 1 year for every other category. */
export const primeraItv = (categoria: CategoriaVehiculo, primeraMatriculacion: string) =>
  sumarMeses(primeraMatriculacion, categoria === 'N1' ? 24 : 12);

/** Months until the next inspection for a vehicle of that age at the base date. */
export const periodoItvMeses = (categoria: CategoriaVehiculo, edad: number): number => {
  if (categoria === 'N1') return edad < 6 ? 24 : edad < 10 ? 12 : 6;
  return edad < 10 ? 12 : 6;
};

export type InspeccionItv = { fecha: string; resultado: ResultadoItv };

export type CadenaItv = {
  /** The due date in force (the first one while exenta). */
  itvHasta: string;
  /** The due date after each inspection, in the order given (sorted by fecha). */
  proximas: string[];
  /** Deadline to correct and come back, after each inspection (null when favourable). */
  plazos: (string | null)[];
  /** The latest inspection when it is not favourable (its deadline), else null. */
  pendiente: { resultado: 'desfavorable' | 'negativa'; plazo: string } | null;
  primeraItv: string;
};

/**
 * The chain of §4.2: D0 = itvProximaInicial ?? first due; each favourable inspection on F moves
 * D to base + period(age(base)), base = D when F is up to 30 days early (art. 6.5), else F. An
 * unfavourable one keeps D and opens a 2-month deadline until a later favourable one.
 */
export const cadenaItv = (vehiculo: {
  tipo: TipoCamion;
  mmaKg: number;
  fechaPrimeraMatriculacion: string;
  itvProximaInicial: string | null;
  inspecciones: readonly InspeccionItv[];
}): CadenaItv => {
  const categoria = categoriaVehiculo(vehiculo.tipo, vehiculo.mmaKg);
  const primera = primeraItv(categoria, vehiculo.fechaPrimeraMatriculacion);
  let d = vehiculo.itvProximaInicial ?? primera;
  let pendiente: CadenaItv['pendiente'] = null;
  const proximas: string[] = [];
  const plazos: (string | null)[] = [];
  const ordenadas = [...vehiculo.inspecciones].sort((a, b) => a.fecha.localeCompare(b.fecha));
  for (const inspeccion of ordenadas) {
    if (inspeccion.resultado === 'favorable') {
      const f = inspeccion.fecha;
      const base = sumarDias(d, -30) <= f && f <= d ? d : f;
      d = sumarMeses(
        base,
        periodoItvMeses(categoria, edadVehiculo(vehiculo.fechaPrimeraMatriculacion, base)),
      );
      pendiente = null;
      plazos.push(null);
    } else {
      const plazo = sumarMeses(inspeccion.fecha, 2);
      pendiente = { resultado: inspeccion.resultado, plazo };
      plazos.push(plazo);
    }
    proximas.push(d);
  }
  return { itvHasta: d, proximas, plazos, pendiente, primeraItv: primera };
};

/** §4.2 "itvProximaInicial" is required for a vehicle whose first due date is already past. */
export const requiereItvInicial = (
  tipo: TipoCamion,
  mmaKg: number,
  fechaPrimeraMatriculacion: string,
  hoy: string,
) => primeraItv(categoriaVehiculo(tipo, mmaKg), fechaPrimeraMatriculacion) < hoy;

/** The state shown for the ITV: caducada, an open deadline, próxima (≤ 30 days), exenta, vigente. */
export const estadoItv = (
  cadena: CadenaItv,
  { inspecciones, hoy }: { inspecciones: number; hoy: string },
): EstadoItv => {
  if (cadena.itvHasta < hoy) return 'caducada';
  if (cadena.pendiente) return cadena.pendiente.resultado;
  if (cadena.itvHasta <= sumarDias(hoy, 30)) return 'proxima';
  if (inspecciones === 0 && hoy < cadena.primeraItv) return 'exenta';
  return 'vigente';
};

/** The form's live preview: "Próxima ITV: 10/09/2026 (semestral: más de 10 años)". */
export const descripcionPeriodo = (meses: number): string =>
  meses === 6 ? 'semestral: más de 10 años' : meses === 12 ? 'anual' : `cada ${meses / 12} años`;
