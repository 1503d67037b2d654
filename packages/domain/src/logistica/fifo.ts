// R3: a recogida line consumes the alquiler's lotes of its article oldest first (fecha, then _id).
// The form's preview and the server share it.

export type LoteSaldo = { loteId: string; fecha: string; pendiente: number; numero?: string };
export type Asignacion = { loteId: string; cantidad: number; fecha: string; numero?: string };

export const ordenarLotes = <L extends LoteSaldo>(lotes: readonly L[]): L[] =>
  [...lotes].sort((a, b) =>
    a.fecha === b.fecha ? a.loteId.localeCompare(b.loteId) : a.fecha.localeCompare(b.fecha),
  );

/** The lotes `cantidad` units come from, and what is left unassigned (`resto` > 0: too many). */
export const asignarFifo = (
  lotes: readonly LoteSaldo[],
  cantidad: number,
): { asignaciones: Asignacion[]; resto: number } => {
  const asignaciones: Asignacion[] = [];
  let resto = cantidad;
  for (const lote of ordenarLotes(lotes)) {
    if (resto <= 0) break;
    const n = Math.min(resto, lote.pendiente);
    if (n <= 0) continue;
    asignaciones.push({
      loteId: lote.loteId,
      cantidad: n,
      fecha: lote.fecha,
      ...(lote.numero ? { numero: lote.numero } : {}),
    });
    resto -= n;
  }
  return { asignaciones, resto };
};

/**
 * R9: the canonical JSON of signed content — keys sorted at every level, no spaces; `undefined`
 * dropped. Decimals travel as strings already, dates as ISO text; the API hashes it (SHA-256).
 */
export const jsonCanonico = (valor: unknown): string => {
  if (valor === null || typeof valor !== 'object') return JSON.stringify(valor) ?? 'null';
  if (Array.isArray(valor)) return `[${valor.map((v) => jsonCanonico(v ?? null)).join(',')}]`;
  const entradas = Object.entries(valor as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entradas.map(([k, v]) => `${JSON.stringify(k)}:${jsonCanonico(v)}`).join(',')}}`;
};

const partesMadrid = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Europe/Madrid',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** The UTC offset of Madrid at an instant, in minutes (60 or 120). */
const offsetMadrid = (instante: Date): number => {
  const p = Object.fromEntries(
    partesMadrid.formatToParts(instante).map((x) => [x.type, x.value]),
  ) as Record<string, string>;
  const comoUtc = Date.UTC(
    Number(p['year']),
    Number(p['month']) - 1,
    Number(p['day']),
    Number(p['hour']),
    Number(p['minute']),
    Number(p['second']),
  );
  return Math.round((comoUtc - instante.getTime()) / 60000);
};

/** The form's Fecha + Hora (Madrid wall time) as an ISO instant with offset. */
export const instanteMadrid = (fecha: string, hora: string): string => {
  const [y, m, d] = fecha.split('-').map(Number) as [number, number, number];
  const [hh, mm] = hora.split(':').map(Number) as [number, number];
  const local = Date.UTC(y, m - 1, d, hh, mm);
  let offset = offsetMadrid(new Date(local - 60 * 60000));
  offset = offsetMadrid(new Date(local - offset * 60000));
  const signo = offset >= 0 ? '+' : '-';
  const abs = Math.abs(offset);
  const off = `${signo}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return `${fecha}T${String(hh).padStart(2, '0')}:${String(mm).padStart(2, '0')}:00${off}`;
};

/** The Madrid wall time "HH:mm" of an instant. */
export const horaMadrid = (instante: string | Date): string => {
  const p = Object.fromEntries(
    partesMadrid
      .formatToParts(typeof instante === 'string' ? new Date(instante) : instante)
      .map((x) => [x.type, x.value]),
  ) as Record<string, string>;
  return `${p['hour']}:${p['minute']}`;
};
