import { useQuery } from '@tanstack/react-query';
import type { Condiciones, FacturaInput } from '@tvsistema/domain';
import { useApiClient } from '../../../lib/api-client-context.js';
import type { ApiClient } from '../../../lib/api-client.js';
import { FACTURAS_API, type PendienteAlquiler } from './finanzas-api.js';

// finanzas.md §5 and §6: what the invoice form reads besides the invoice — the client's billing
// conditions, the pending albaranes of a client and the lines of chosen pending origins.

/** A pending transport albarán (logística's billing source through finanzas, §2). */
export type PendienteAlbaran = PendienteAlquiler;

export type LineaPropuesta = FacturaInput['lineas'][number];

export const formKeys = {
  condiciones: (clienteId: string) => ['facturas', 'condiciones', clienteId] as const,
  albaranes: (clienteId: string, desde: string, hasta: string) =>
    ['facturas', 'albaranes-pendientes', clienteId, desde, hasta] as const,
};

export const useCondiciones = (clienteId: string, enabled = true) => {
  const api = useApiClient();
  return useQuery({
    queryKey: formKeys.condiciones(clienteId),
    queryFn: async ({ signal }) =>
      (
        await api.get<{ data: Condiciones }>(
          `${FACTURAS_API}/condiciones-cliente/${encodeURIComponent(clienteId)}`,
          { signal },
        )
      ).data,
    enabled: enabled && Boolean(clienteId),
    staleTime: 0,
  });
};

export const fetchCondiciones = async (api: ApiClient, clienteId: string) =>
  (
    await api.get<{ data: Condiciones }>(
      `${FACTURAS_API}/condiciones-cliente/${encodeURIComponent(clienteId)}`,
    )
  ).data;

/** §5 "Albaranes": the client's delivered, priced albaranes no invoice holds, loaded between dates. */
export const useAlbaranesPendientes = (clienteId: string, desde: string, hasta: string) => {
  const api = useApiClient();
  return useQuery({
    queryKey: formKeys.albaranes(clienteId, desde, hasta),
    queryFn: async ({ signal }) =>
      (
        await api.get<{ data: PendienteAlbaran[] }>(`${FACTURAS_API}/albaranes-pendientes`, {
          query: { clienteId, desde: desde || undefined, hasta: hasta || undefined },
          signal,
        })
      ).data,
    enabled: Boolean(clienteId),
    staleTime: 0,
  });
};

/** The invoice lines the chosen pending albaranes or alquileres bring (one per albarán). */
export const fetchLineasPendientes = async (
  api: ApiClient,
  origen: 'albaranes' | 'alquileres',
  ids: readonly string[],
  hasta?: string,
) =>
  (
    await api.get<{ data: LineaPropuesta[] }>(`${FACTURAS_API}/lineas-${origen}`, {
      query: { ids: ids.join(','), hasta: hasta || undefined },
    })
  ).data;
