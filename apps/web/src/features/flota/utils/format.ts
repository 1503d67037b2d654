import { formatFecha, formatNumero, plural, type VencimientoItem } from '@tvsistema/domain';

// How the fleet screens write dates, km and due items (es-ES).

export const fecha = (valor: string | null | undefined) => (valor ? formatFecha(valor) : '—');
export const km = (valor: number | null | undefined) =>
  valor === null || valor === undefined ? '—' : `${formatNumero(valor)} km`;

/** "vence el 04/12/2026 (en 12 días)" / "vencida hace 7 días" (§5.4). */
export const plazoTexto = (item: VencimientoItem) => {
  const dia = item.fecha ?? item.fechaEstimada;
  if (item.kmRestantes !== null && item.fecha === null)
    return item.kmRestantes <= 0
      ? `superado en ${km(-item.kmRestantes)}`
      : `quedan ${km(item.kmRestantes)}${dia ? ` (hacia el ${formatFecha(dia)})` : ''}`;
  if (!dia || item.diasRestantes === null) return 'sin fecha';
  if (item.diasRestantes < 0) return `vencida hace ${plural(-item.diasRestantes, 'día', 'días')}`;
  if (item.diasRestantes === 0) return `vence hoy (${formatFecha(dia)})`;
  return `vence el ${formatFecha(dia)} (en ${plural(item.diasRestantes, 'día', 'días')})`;
};
