import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { esFechaValida, type DisponibilidadRespuesta } from '@tvsistema/domain';
import { useApiClient } from '../../../lib/api-client-context.js';
import { useDebouncedValue } from '../../../lib/use-debounced-value.js';
import type { LineaForm } from '../utils/documento-form.js';

export type DisponibilidadLinea = DisponibilidadRespuesta['lineas'][number];

/** comercial.md §5: the form asks 400 ms after the last change, not at every keystroke. */
const ESPERA_MS = 400;

/** The machine and scaffolding lines complete enough to ask about, each with its form key. */
const consultables = (lineas: readonly LineaForm[]) =>
  lineas.flatMap((l) => {
    if (l.clase === 'concepto' || !l.articuloId) return [];
    const cantidad = l.clase === 'maquina' ? 1 : Number(l.cantidad.replace(',', '.'));
    const fechas =
      esFechaValida(l.fechaInicio) && esFechaValida(l.fechaFin) && l.fechaInicio <= l.fechaFin;
    if (!Number.isInteger(cantidad) || cantidad < 1 || !fechas) return [];
    const recurso =
      l.clase === 'maquina' ? { maquinaId: l.articuloId } : { componenteId: l.articuloId };
    return [
      { key: l.key, linea: { ...recurso, cantidad, desde: l.fechaInicio, hasta: l.fechaFin } },
    ];
  });

/**
 * Live availability of a quote's or rental's lines (R8, inventario.md §6.4): by form key, what
 * inventario answers for the line's dates, excluding the rental's own bookings when editing.
 * It informs; saving is where a conflict is refused.
 */
export const useDisponibilidadLineas = (
  lineas: readonly LineaForm[],
  excluirOrigenId: string | undefined,
): Map<string, DisponibilidadLinea> => {
  const api = useApiClient();
  const ahora = consultables(lineas);
  const pedido = useDebouncedValue(
    JSON.stringify({
      keys: ahora.map((c) => c.key),
      body: { ...(excluirOrigenId ? { excluirOrigenId } : {}), lineas: ahora.map((c) => c.linea) },
    }),
    ESPERA_MS,
  );
  const { keys, body } = JSON.parse(pedido) as { keys: string[]; body: { lineas: unknown[] } };
  const query = useQuery({
    queryKey: ['comercial', 'disponibilidad', body],
    // The keys travel with the answer: while the next one loads, the previous answer is shown
    // against its own lines.
    queryFn: async ({ signal }) => ({
      keys,
      respuesta: await api.post<DisponibilidadRespuesta>('/api/inventario/disponibilidad', body, {
        signal,
      }),
    }),
    enabled: body.lineas.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
  const porClave = new Map<string, DisponibilidadLinea>();
  for (const linea of query.data?.respuesta.lineas ?? []) {
    const key = query.data?.keys[linea.indice];
    if (key) porClave.set(key, linea);
  }
  return porClave;
};
