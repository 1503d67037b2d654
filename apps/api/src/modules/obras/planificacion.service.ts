import {
  aptitudEn,
  HORAS_MAX_DIA,
  nombreCompleto,
  type Planificacion,
} from '@tvsistema/domain/obras';
import { compareDecimals } from '@tvsistema/domain/money';
import { sumarDias } from '@tvsistema/domain/fechas';
import type { Executor } from '../../db/executor.js';
import { operariosActivosParaPlanificacion } from './operarios.repository.js';
import { horasPorOperarioYDia, obrasActivasConEquipo } from './partes-trabajo.repository.js';

// §11 "Planificación": operarios × days with the obra codes of each day; red ("exceso") over 12 h
// or not apto while on a work, yellow ("solape") when two active obras of one member share a day.

export const planificacion = async (
  tx: Executor,
  desde: string,
  hasta: string,
): Promise<Planificacion> => {
  const operarios = await operariosActivosParaPlanificacion(tx);
  const horas = await horasPorOperarioYDia(
    tx,
    operarios.map((o) => o._id),
    desde,
    hasta,
  );
  const activas = await obrasActivasConEquipo(tx, desde, hasta);
  // Indexed once: a cell is two map reads, not a scan of every row (§10: 6 weeks × 50 operarios).
  const horasPorCelda = new Map<string, { codigo: string; horas: string }[]>();
  for (const h of horas) {
    const clave = `${h.operarioId}|${h.fecha}`;
    horasPorCelda.set(clave, [...(horasPorCelda.get(clave) ?? []), h]);
  }
  const activasPorOperario = new Map<string, typeof activas>();
  for (const a of activas)
    activasPorOperario.set(a.operarioId, [...(activasPorOperario.get(a.operarioId) ?? []), a]);
  const dias: string[] = [];
  for (let d = desde; d <= hasta; d = sumarDias(d, 1)) dias.push(d);
  return {
    desde,
    hasta,
    operarios: operarios.map((o) => ({
      _id: o._id,
      nombre: nombreCompleto(o),
      dias: dias.map((fecha) => {
        const registradas = horasPorCelda.get(`${o._id}|${fecha}`) ?? [];
        const total = registradas.reduce((s, h) => s + Number(h.horas), 0).toFixed(2);
        const planificadas = (activasPorOperario.get(o._id) ?? [])
          .filter((a) => a.inicio <= fecha && fecha <= a.fin)
          .map((a) => a.codigo);
        const obras = [...new Set([...registradas.map((h) => h.codigo), ...planificadas])].sort();
        const apto = aptitudEn(o, fecha).apto;
        const estado =
          obras.length === 0
            ? 'libre'
            : compareDecimals(total, HORAS_MAX_DIA) > 0 || !apto
              ? 'exceso'
              : planificadas.length > 1
                ? 'solape'
                : 'ok';
        return { fecha, obras, horas: total, apto, estado } as const;
      }),
    })),
  };
};
