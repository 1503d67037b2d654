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
  // Indexed once: a cell is a map read, not a scan of every row (§10: 6 weeks × 50 operarios).
  const horasPorCelda = new Map(horas.map((h) => [`${h.operarioId}|${h.fecha}`, h]));
  // The active obras of each operario, by day of the grid (an obra's days, not every cell × obra).
  const planificadasPorOperario = new Map<string, string[][]>();
  for (const a of activas) {
    let porDia = planificadasPorOperario.get(a.operarioId);
    if (!porDia) planificadasPorOperario.set(a.operarioId, (porDia = dias.map(() => [])));
    const primero = Math.max(0, diasEntre(desde, a.inicio));
    const ultimo = Math.min(dias.length - 1, diasEntre(desde, a.fin));
    for (let i = primero; i <= ultimo; i += 1) porDia[i]?.push(a.codigo);
  }
  return {
    desde,
    hasta,
    operarios: operarios.map((o) => {
      const porDia = planificadasPorOperario.get(o._id);
      // Aptitude changes only on the days diasCambioAptitud names: asked once per stretch.
      const cambios = diasCambioAptitud(o);
      let apto = false;
      // Only the days with hours or planned works: the screen draws the free ones (§10).
      const celdas: Planificacion['operarios'][number]['dias'] = [];
      dias.forEach((fecha, i) => {
        if (i === 0 || cambios.has(fecha)) apto = aptitudEn(o, fecha).apto;
        const registradas = horasPorCelda.get(`${o._id}|${fecha}`);
        const planificadas = porDia?.[i] ?? [];
        if (registradas === undefined && planificadas.length === 0) return;
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
        celdas.push({ fecha, obras, horas: total, apto, estado });
      });
      return { _id: o._id, nombre: nombreCompleto(o), dias: celdas };
    }),
  };
};
