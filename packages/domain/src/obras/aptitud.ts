import { sumarDias } from '../fechas/dias.js';
import { DIAS_AVISO_OBRAS } from './catalogos.js';
import { APTITUD_MOTIVOS as A, OBRAS_MESSAGES as M, OBRAS_TEXTOS as T } from './mensajes.js';

// §4.8: when an operario may hang from a rope on a day (Ley 31/1995 arts. 19 and 22, RD 2177/2004)
// and the company's team rule after the IRATA code of practice: never alone, a level 3 supervises.
// Pure functions: the API gates writes with them and the forms preview the same answer.

export type OperarioAptitudDatos = {
  nombre: string;
  apellidos: string;
  activo: boolean;
  certificaciones: readonly { nivel: number; fechaEmision: string; fechaVencimiento: string }[];
  formacionesPrl: readonly { fecha: string; vencimiento?: string | null | undefined }[];
  reconocimientoMedico?:
    | { fecha: string; resultado: string; vencimiento: string }
    | null
    | undefined;
};

export type Aptitud = {
  apto: boolean;
  /** The highest level certified on the day, null without a valid certification. */
  nivel: number | null;
  motivos: string[];
  /** The first date one of the items that make it apto expires (for "Vence pronto"). */
  vence: string | null;
};

export const nombreCompleto = (o: { nombre: string; apellidos: string }) =>
  `${o.nombre} ${o.apellidos}`;

export const aptitudEn = (operario: OperarioAptitudDatos, fecha: string): Aptitud => {
  const motivos: string[] = [];
  if (!operario.activo) motivos.push(A.inactivo);
  const vigentes = operario.certificaciones.filter(
    (c) => c.fechaEmision <= fecha && fecha <= c.fechaVencimiento,
  );
  const nivel = vigentes.length > 0 ? Math.max(...vigentes.map((c) => c.nivel)) : null;
  if (vigentes.length === 0) {
    const caducadas = operario.certificaciones
      .filter((c) => c.fechaVencimiento < fecha)
      .map((c) => c.fechaVencimiento)
      .sort();
    const ultima = caducadas.at(-1);
    motivos.push(ultima ? A.certificacionCaducada(ultima) : A.sinCertificacion);
  }
  const rm = operario.reconocimientoMedico;
  if (!rm || rm.vencimiento < fecha || rm.fecha > fecha) motivos.push(A.sinReconocimiento);
  else if (rm.resultado === 'no_apto') motivos.push(A.reconocimientoNoApto);
  const prl = operario.formacionesPrl.filter(
    (f) => f.fecha <= fecha && (!f.vencimiento || f.vencimiento >= fecha),
  );
  if (prl.length === 0) motivos.push(A.sinPrl);

  const finales = [
    ...(vigentes.length > 0
      ? [
          vigentes
            .map((c) => c.fechaVencimiento)
            .sort()
            .at(-1) ?? '',
        ]
      : []),
    ...(rm ? [rm.vencimiento] : []),
    ...(prl.length > 0 && prl.every((f) => f.vencimiento)
      ? [
          prl
            .map((f) => f.vencimiento ?? '')
            .sort()
            .at(-1) ?? '',
        ]
      : []),
  ].sort();
  return { apto: motivos.length === 0, nivel, motivos, vence: finales[0] ?? null };
};

/**
 * The days on which `aptitudEn(operario, fecha).apto` can change: the first day of each
 * certification, medical check and PRL course, and the day after each one ends. Between two of
 * them every day has the same answer, so a grid of days (§11 planning) asks once per stretch.
 */
export const diasCambioAptitud = (operario: OperarioAptitudDatos): Set<string> => {
  const dias = new Set<string>();
  for (const c of operario.certificaciones)
    dias.add(c.fechaEmision).add(sumarDias(c.fechaVencimiento, 1));
  const rm = operario.reconocimientoMedico;
  if (rm) dias.add(rm.fecha).add(sumarDias(rm.vencimiento, 1));
  for (const f of operario.formacionesPrl) {
    dias.add(f.fecha);
    if (f.vencimiento) dias.add(sumarDias(f.vencimiento, 1));
  }
  return dias;
};

/** "Apto", "Vence pronto" (apto, an item expires within 30 days) or "No apto" on `hoy`. */
export const estadoAptitud = (aptitud: Aptitud, hoy: string): 'apto' | 'vence_pronto' | 'no_apto' =>
  !aptitud.apto
    ? 'no_apto'
    : aptitud.vence && aptitud.vence <= sumarDias(hoy, DIAS_AVISO_OBRAS)
      ? 'vence_pronto'
      : 'apto';

export const ESTADO_APTITUD_LABEL = {
  apto: 'Apto',
  vence_pronto: 'Vence pronto',
  no_apto: 'No apto',
} as const;

/**
 * The team rule on `fecha` over `miembros` (each with the row index its errors name): at least 2
 * apto and one of them of level 3. `campo` is the body field (`equipo` for an obra); when the rule
 * fails, every member that is not apto gets its own `campo[i]` entry.
 */
export const reglaEquipo = (
  miembros: readonly { operario: OperarioAptitudDatos; indice: number }[],
  fecha: string,
  campo = 'equipo',
): { cumple: boolean; errores: string[] } => {
  const evaluados = miembros.map((m) => ({ ...m, aptitud: aptitudEn(m.operario, fecha) }));
  const aptos = evaluados.filter((m) => m.aptitud.apto);
  const errores: string[] = [];
  if (aptos.length < 2) errores.push(`${campo}: ${T.equipoMinimo(fecha, aptos.length)}`);
  if (!aptos.some((m) => m.aptitud.nivel === 3)) errores.push(`${campo}: ${T.equipoNivel3(fecha)}`);
  if (errores.length > 0)
    for (const m of evaluados)
      if (!m.aptitud.apto)
        errores.push(
          `${campo}[${m.indice}]: ${T.noCumple(nombreCompleto(m.operario), fecha, m.aptitud.motivos)}`,
        );
  return { cumple: errores.length === 0, errores };
};

/** The team rule's verdict alone (reglaEquipo without its messages): two aptos, one of level 3. */
export const cumpleReglaEquipo = (aptitudes: readonly Aptitud[]): boolean => {
  const aptos = aptitudes.filter((a) => a.apto);
  return aptos.length >= 2 && aptos.some((a) => a.nivel === 3);
};

/** How many of `aptitudes` are "Vence pronto" on `hoy` (estadoAptitud's rule, its window once). */
export const cuantasVencenPronto = (aptitudes: readonly Aptitud[], hoy: string): number => {
  const limite = sumarDias(hoy, DIAS_AVISO_OBRAS);
  return aptitudes.filter((a) => a.apto && a.vence !== null && a.vence <= limite).length;
};

/** The team rule of a parte en cuerda, with its single §4.9 entry. */
export const reglaEquipoParte = (operarios: readonly OperarioAptitudDatos[], fecha: string) =>
  cumpleReglaEquipo(operarios.map((o) => aptitudEn(o, fecha)))
    ? []
    : [`operarios: ${M.equipoParte}`];
