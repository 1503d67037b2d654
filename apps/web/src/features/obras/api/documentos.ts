import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DocumentoObra } from '@tvsistema/domain';
import { useApiClient } from '../../../lib/api-client-context.js';
import { obraKeys, obraUrl } from './obra-keys.js';

// GET /api/obras/{id}/documentos and DELETE one (the upload is archivos.ts' multipart).

export const useDocumentosObra = (obraId: string) => {
  const api = useApiClient();
  return useQuery({
    queryKey: obraKeys.documentos(obraId),
    queryFn: async ({ signal }) =>
      (await api.get<{ data: DocumentoObra[] }>(obraUrl(obraId, 'documentos'), { signal })).data,
  });
};

export const useEliminarDocumento = (obraId: string) => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (docId: string) => api.delete(obraUrl(obraId, 'documentos', docId)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: obraKeys.all }),
  });
};
