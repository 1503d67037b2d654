import { useQuery } from '@tanstack/react-query';
import type { VerifactuFactura } from '@tvsistema/domain';
import { useApiClient } from '../../../lib/api-client-context.js';
import { FACTURAS_API, type DocumentosApi } from './finanzas-api.js';

// finanzas.md §5 "VERI*FACTU" tab: GET /api/facturas/{id}/verifactu (or /api/notas/…). Under the
// facturas key, so issuing or annulling the document reads its records again.

export const verifactuFacturaKey = (id: string, base: DocumentosApi) =>
  ['facturas', 'verifactu', base, id] as const;

export const useVerifactuFactura = (
  id: string,
  base: DocumentosApi = FACTURAS_API,
  enabled = true,
) => {
  const api = useApiClient();
  return useQuery({
    queryKey: verifactuFacturaKey(id, base),
    queryFn: async ({ signal }) =>
      (
        await api.get<{ data: VerifactuFactura }>(`${base}/${encodeURIComponent(id)}/verifactu`, {
          signal,
        })
      ).data,
    enabled,
    staleTime: 0,
    retry: false,
  });
};
