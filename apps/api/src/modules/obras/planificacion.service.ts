import {
  aptitudEn,
  diasCambioAptitud,
  HORAS_MAX_DIA,
  nombreCompleto,
  type Planificacion,
} from '@tvsistema/domain/obras';
import { diasEntre, sumarDias } from '@tvsistema/domain/fechas';
import type { Database } from '../../db/database.js';
import { operariosActivosParaPlanificacion } from './operarios.repository.js';
import { horasPorOperarioYDia, obrasActivasConEquipo } from './partes-trabajo.repository.js';

// §11 "Planificación": operarios × days with the obra codes of each day; red ("exceso") over 12 h
// or not apto while on a work, yellow ("solape") when two active obras of one member share a day.
// Only the busy days go out (a free day is every other one of the period).

export const planificacion = async (
  database: Database,
  desde: string,
  hasta: string,
): Promise<Planificacion> => {
  const operarios = await operariosActivosParaPlanificacion(database);
  const horas = await horasPorOperarioYDia(
    database,
    operarios.map((o) => o._id),
    desde,
    hasta,
  );
  const activas = await obrasActivasConEquipo(database, desde, hasta);
  return construirPlanificacion(desde, hasta, operarios, horas, activas);
};

/** The grid from its three reads (apart, so the bench can time the API's share alone). */
export const construirPlanificacion = (
  desde: string,
  hasta: string,
  operarios: Awaited<ReturnType<typeof operariosActivosParaPlanificacion>>,
  horas: Awaited<ReturnType<typeof horasPorOperarioYDia>>,
  activas: Awaited<ReturnType<typeof obrasActivasConEquipo>>,
): Planificacion => {
  const dias: string[] = [];
  for (let d = desde; d <= hasta; d = sumarDias(d, 1)) dias.push(d);
  const indiceDe = new Map(dias.map((fecha, i) => [fecha, i]));
  // Each operario's busy days only (§10: 6 weeks × 50 operarios, most cells free): the hours by
  // day index, and the active obras' códigos by day index.
  const horasDe = new Map<string, Map<number, (typeof horas)[number]>>();
  for (const h of horas) {
    const i = indiceDe.get(h.fecha);
    if (i === undefined) continue;
    let porDia = horasDe.get(h.operarioId);
    if (!porDia) horasDe.set(h.operarioId, (porDia = new Map()));
    porDia.set(i, h);
  }
  const planificadasDe = new Map<string, Map<number, string[]>>();
  for (const a of activas) {
    let porDia = planificadasDe.get(a.operarioId);
    if (!porDia) planificadasDe.set(a.operarioId, (porDia = new Map()));
    const primero = Math.max(0, diasEntre(desde, a.inicio));
    const ultimo = Math.min(dias.length - 1, diasEntre(desde, a.fin));
    for (let i = primero; i <= ultimo; i += 1) {
      const codigos = porDia.get(i);
      if (codigos) codigos.push(a.codigo);
      else porDia.set(i, [a.codigo]);
    }
  }
  return {
    desde,
    hasta,
    operarios: operarios.map((o) => {
      const registradasPorDia = horasDe.get(o._id);
      const planificadasPorDia = planificadasDe.get(o._id);
      const ocupados = [
        ...new Set([...(registradasPorDia?.keys() ?? []), ...(planificadasPorDia?.keys() ?? [])]),
      ].sort((x, y) => x - y);
      // Aptitude changes only on the days diasCambioAptitud names: a busy day's answer is the one
      // of the last change on or before it (or of the grid's first day), asked once per stretch.
      const cambios = ocupados.length === 0 ? [] : [...diasCambioAptitud(o)].sort();
      let siguienteCambio = 0;
      let ancla: string | undefined;
      let apto = false;
      const celdas: Planificacion['operarios'][number]['dias'] = ocupados.map((i) => {
        const fecha = dias[i] ?? desde;
        let desdeAncla = ancla ?? desde;
        // A change before the grid's first day answers as that day: nothing changes in between.
        while (siguienteCambio < cambios.length && (cambios[siguienteCambio] ?? '') <= fecha) {
          desdeAncla = cambios[siguienteCambio] ?? desdeAncla;
          siguienteCambio += 1;
        }
        if (desdeAncla !== ancla) {
          ancla = desdeAncla;
          apto = aptitudEn(o, desdeAncla).apto;
        }
        const registradas = registradasPorDia?.get(i);
        const planificadas = planificadasPorDia?.get(i) ?? [];
        const total = registradas?.horas ?? '0.00';
        const obras =
          registradas === undefined
            ? planificadas.length > 1
              ? [...new Set(planificadas)].sort()
              : planificadas
            : [...new Set([...registradas.codigos.split(' '), ...planificadas])].sort();
        const estado =
          (registradas !== undefined && Number(total) > HORAS_MAX_DIA) || !apto
            ? 'exceso'
            : planificadas.length > 1
              ? 'solape'
              : 'ok';
        return { fecha, obras, horas: total, apto, estado };
      });
      return { _id: o._id, nombre: nombreCompleto(o), dias: celdas };
    }),
  };
};
