import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Compra, Paginated } from '@tvsistema/domain';
import { useApiClient } from '../../../lib/api-client-context.js';
import { fetchCsv } from '../../../lib/csv-export.js';
import { useTerceros } from './finanzas-api.js';

// finanzas.md §6: /api/compras (list, detail, proveedores for the form, CSV and the PDF).

export const COMPRAS_API = '/api/compras';

type Query = Record<string, string | number | boolean | undefined>;

export type ComprasPagina = Paginated<Compra> & {
  meta: { sumas?: { base: string; total: string; pendiente: string; vencido: string } };
};

export const comprasKeys = {
  compras: ['compras'] as const,
  list: (q: Query) => ['compras', 'list', q] as const,
  detail: (id: string) => ['compras', 'detail', id] as const,
  proveedores: (empresa: string) => ['compras', 'proveedores', empresa] as const,
};

const enc = encodeURIComponent;

export const useCompras = (query: Query) => {
  const api = useApiClient();
  return useQuery({
    queryKey: comprasKeys.list(query),
    queryFn: ({ signal }) => api.get<ComprasPagina>(COMPRAS_API, { query, signal }),
    placeholderData: keepPreviousData,
  });
};

export const useCompra = (id: string | undefined) => {
  const api = useApiClient();
  return useQuery({
    queryKey: comprasKeys.detail(id ?? ''),
    queryFn: async ({ signal }) =>
      (await api.get<{ data: Compra }>(`${COMPRAS_API}/${enc(id ?? '')}`, { signal })).data,
    enabled: Boolean(id),
    staleTime: 0,
    retry: false,
  });
};

export const useProveedores = (empresa: string, search = '', enabled = true) =>
  useTerceros('/api/proveedores', comprasKeys.proveedores(empresa), empresa, search, enabled);

export const fetchComprasCsv = (query: Query) => (getAccessToken: () => Promise<string>) =>
  fetchCsv({
    path: `${COMPRAS_API}/export`,
    query,
    fallbackFileName: 'compras.csv',
    getAccessToken,
  });

export const fetchCompraArchivo =
  (id: string, nombre: string) => (getAccessToken: () => Promise<string>) =>
    fetchCsv({
      path: `${COMPRAS_API}/${enc(id)}/archivo`,
      query: {},
      accept: 'application/pdf',
      fallbackFileName: nombre,
      getAccessToken,
    });
