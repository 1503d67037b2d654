import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Concepto, Factura, Paginated } from '@tvsistema/domain';
import { useApiClient } from '../../../lib/api-client-context.js';
import { fetchCsv } from '../../../lib/csv-export.js';

// finanzas.md §6: /api/facturas, /api/notas and the billing run, one hook per endpoint used.

export const FACTURAS_API = '/api/facturas';
/** Notas de abono: the same table and routes as facturas under their own path (§6). */
export const NOTAS_API = '/api/notas';
export type DocumentosApi = typeof FACTURAS_API | typeof NOTAS_API;

type Query = Record<string, string | number | boolean | undefined>;

export type FacturasPagina = Paginated<Factura> & {
  meta: { sumas: { base: string; total: string; pendiente: string; vencido: string } };
};

export type PendienteAlquiler = {
  origenId: string;
  numero: string;
  clienteId: string;
  detalle: string | null;
  desde: string;
  hasta: string;
  baseEstimada: string;
};

export const finanzasKeys = {
  facturas: ['facturas'] as const,
  // Notas live under the facturas key: issuing one changes its invoice's pendiente and estado.
  list: (q: Query, base: DocumentosApi = FACTURAS_API) => ['facturas', 'list', base, q] as const,
  detail: (id: string, base: DocumentosApi = FACTURAS_API) =>
    ['facturas', 'detail', base, id] as const,
  pendientes: (hasta: string) => ['facturas', 'pendientes', hasta] as const,
  clientes: (empresa: string) => ['facturas', 'clientes', empresa] as const,
};

const enc = encodeURIComponent;

export const useFacturas = (query: Query, base: DocumentosApi = FACTURAS_API, enabled = true) => {
  const api = useApiClient();
  return useQuery({
    enabled,
    queryKey: finanzasKeys.list(query, base),
    queryFn: ({ signal }) => api.get<FacturasPagina>(base, { query, signal }),
    placeholderData: keepPreviousData,
  });
};

export const useFactura = (id: string | undefined, base: DocumentosApi = FACTURAS_API) => {
  const api = useApiClient();
  return useQuery({
    queryKey: finanzasKeys.detail(id ?? '', base),
    queryFn: async ({ signal }) =>
      (await api.get<{ data: Factura }>(`${base}/${enc(id ?? '')}`, { signal })).data,
    enabled: Boolean(id),
    staleTime: 0,
    retry: false,
  });
};

export const usePendientesAlquiler = (hasta: string, enabled: boolean) => {
  const api = useApiClient();
  return useQuery({
    queryKey: finanzasKeys.pendientes(hasta),
    queryFn: async ({ signal }) =>
      (
        await api.get<{ data: PendienteAlquiler[] }>(`${FACTURAS_API}/alquileres-pendientes`, {
          query: { hasta },
          signal,
        })
      ).data,
    enabled,
    staleTime: 0,
  });
};

export type ClienteOpcion = {
  _id: string;
  nombre: string;
  documento: string | null;
  /** A supplier's purchase account: the default cuenta de gasto of its compras (§2). */
  cuentaContableCompra?: string | null;
};

/** One page of active records searched by name as the user types: the §5 typeaheads' options. */
const useOpciones = <R>(
  path: string,
  queryKey: readonly string[],
  query: Record<string, string | number | boolean>,
  search: string,
  enabled: boolean,
) => {
  const api = useApiClient();
  return useQuery({
    enabled,
    queryKey: [...queryKey, search],
    queryFn: async ({ signal }) =>
      (
        await api.get<Paginated<R>>(path, {
          query: { ...query, activo: true, sort: 'nombre', searchTerm: search || undefined },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });
};

/** The empresa's active clients or suppliers (the first 100 by name), narrowed by `search`. */
export const useTerceros = (
  path: '/api/clientes' | '/api/proveedores',
  queryKey: readonly string[],
  empresa: string,
  search: string,
  enabled: boolean,
) => useOpciones<ClienteOpcion>(path, queryKey, { empresa, limit: 100 }, search, enabled);

export const useClientes = (empresa: string, search = '', enabled = true) =>
  useTerceros('/api/clientes', finanzasKeys.clientes(empresa), empresa, search, enabled);

/** The active conceptos of the catalogue (inventario §6.3) that a line may start from. */
export const useConceptos = (search: string, enabled: boolean) =>
  useOpciones<Concepto>(
    '/api/conceptos',
    ['facturas', 'conceptos'],
    { page: 1, limit: 50 },
    search,
    enabled,
  );

export const fetchFacturasCsv =
  (query: Query, base: DocumentosApi = FACTURAS_API) =>
  (getAccessToken: () => Promise<string>) =>
    fetchCsv({
      path: `${base}/export`,
      query,
      fallbackFileName: base === NOTAS_API ? 'notas-de-abono.csv' : 'facturas.csv',
      getAccessToken,
    });

export const fetchFacturaPdf =
  (id: string, numero: string | null, base: DocumentosApi = FACTURAS_API) =>
  (getAccessToken: () => Promise<string>) =>
    fetchCsv({
      path: `${base}/${enc(id)}/pdf`,
      query: { descarga: 1 },
      accept: 'application/pdf',
      fallbackFileName: `${numero ?? 'borrador'}.pdf`,
      getAccessToken,
    });
