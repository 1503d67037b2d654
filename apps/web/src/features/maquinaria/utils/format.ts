import { formatEuros, formatNumero, type Maquina } from '@tvsistema/domain';

/** "1.845,5 h" (modules/README.md, texts with numbers). */
export const formatHoras = (horas: string | number): string => `${formatNumero(horas, 1)} h`;

/** "10/03" of a `YYYY-MM-DD`. */
export const diaMes = (fecha: string): string => `${fecha.slice(8, 10)}/${fecha.slice(5, 7)}`;

/** §5.1 Próxima reserva: "10/03 – 20/03 · A2026-00012"; empty when none. */
export const proximaReservaTexto = (reserva: Maquina['proximaReserva']): string => {
  if (!reserva) return '';
  const rango = reserva.hasta
    ? `${diaMes(reserva.desde)} – ${diaMes(reserva.hasta)}`
    : `desde ${diaMes(reserva.desde)}`;
  return `${rango} · ${reserva.numero}`;
};

/** §5.1 cards: "95,00 €/día · 380,00 €/sem. · 1.100,00 €/mes" (absent rates left out). */
export const tarifasTexto = (tarifas: Maquina['tarifas']): string =>
  [
    `${formatEuros(tarifas.dia)}/día`,
    tarifas.semana ? `${formatEuros(tarifas.semana)}/sem.` : undefined,
    tarifas.mes ? `${formatEuros(tarifas.mes)}/mes` : undefined,
  ]
    .filter(Boolean)
    .join(' · ');

/** "1 aviso" / "3 avisos". */
export const avisosTexto = (n: number): string => (n === 1 ? '1 aviso' : `${n} avisos`);
