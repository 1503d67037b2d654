import { compareDecimals, addDecimals, subtractDecimals } from '../money/decimal.js';
import { diasEntre, sumarMeses } from '../fechas/dias.js';

// R10: where a service plan item stands, from its last service and the machine's lifetime hours.

export type EstadoRevision = 'al_dia' | 'proxima' | 'vencida';

export type PlanItem = {
  cadaHoras: number | null;
  cadaMeses: number | null;
  avisoHoras: number;
  avisoDias: number;
  ultimaFecha: string;
  ultimasHoras: string;
};

export type SituacionRevision = {
  proximaFecha: string | null;
  proximasHoras: string | null;
  estado: EstadoRevision;
};

export const situacionRevision = (
  item: PlanItem,
  horasAcumuladas: string,
  hoy: string,
): SituacionRevision => {
  const proximaFecha =
    item.cadaMeses === null ? null : sumarMeses(item.ultimaFecha, item.cadaMeses);
  const proximasHoras =
    item.cadaHoras === null ? null : addDecimals(item.ultimasHoras, item.cadaHoras);
  const vencida =
    (proximaFecha !== null && hoy >= proximaFecha) ||
    (proximasHoras !== null && compareDecimals(horasAcumuladas, proximasHoras) >= 0);
  const proxima =
    (proximaFecha !== null && diasEntre(hoy, proximaFecha) <= item.avisoDias) ||
    (proximasHoras !== null &&
      compareDecimals(subtractDecimals(proximasHoras, horasAcumuladas), item.avisoHoras) <= 0);
  return {
    proximaFecha,
    proximasHoras: proximasHoras === null ? null : Number(proximasHoras).toFixed(1),
    estado: vencida ? 'vencida' : proxima ? 'proxima' : 'al_dia',
  };
};
