import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DocumentoCamion,
  Inspeccion,
  LecturaKm,
  MantenimientoCamion,
  PageMeta,
} from '@tvsistema/domain';
import { useApiClient } from '../../../lib/api-client-context.js';
import { useAuthContext } from '../../../lib/auth-context.js';
import { fetchCsv, saveBlob } from '../../../lib/csv-export.js';
import { uploadFile } from '../../../lib/upload-file.js';
import { camionUrl, flotaKeys } from './flota-keys.js';

// A vehicle's sub-records (§6): ITV, mantenimientos, kilometraje, documentos, asignaciones.

export type MantenimientosPagina = {
  data: MantenimientoCamion[];
  meta: PageMeta;
  totales: { anio: number; costeAnio: string; costePorKm: string | null };
};

const useLista = <T>(id: string, recurso: string, page = 1) => {
  const api = useApiClient();
  return useQuery({
    queryKey: flotaKeys.sub(id, recurso, page),
    queryFn: ({ signal }) =>
      api.get<T>(camionUrl(id, recurso), { query: { page, limit: 20 }, signal }),
  });
};

export const useInspecciones = (id: string) => useLista<{ data: Inspeccion[] }>(id, 'itv');
export const useMantenimientos = (id: string, page: number) =>
  useLista<MantenimientosPagina>(id, 'mantenimientos', page);
export const useLecturas = (id: string, page: number) =>
  useLista<{ data: LecturaKm[]; meta: PageMeta }>(id, 'kilometraje', page);
export const useDocumentos = (id: string) => useLista<{ data: DocumentoCamion[] }>(id, 'archivos');
export const useAsignaciones = (id: string) =>
  useLista<{
    data: { conductorId: string; nombre: string; desde: string; hasta: string | null }[];
  }>(id, 'asignaciones');

/** POST of a sub-record; refreshes the vehicle and its tabs. */
export const useRegistrar = <B>(
  id: string,
  recurso: 'itv' | 'mantenimientos' | 'kilometraje',
  /** An existing record: its PUT (with the body's version) instead of a new one. */
  registroId?: string,
) => {
  const api = useApiClient();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: B) =>
      registroId
        ? api.put<unknown>(camionUrl(id, recurso, registroId), body)
        : api.post<unknown>(camionUrl(id, recurso), body),
    onSuccess: () => client.invalidateQueries({ queryKey: flotaKeys.all }),
  });
};

/** DELETE of a document. */
export const useBorrarDocumento = (id: string) => {
  const api = useApiClient();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (archivoId: string) => api.delete<unknown>(camionUrl(id, 'archivos', archivoId)),
    onSuccess: () => client.invalidateQueries({ queryKey: flotaKeys.all }),
  });
};

/** DELETE of the latest inspection, a maintenance or a manual reading (§6). */
export const useBorrarRegistro = (
  id: string,
  recurso: 'itv' | 'mantenimientos' | 'kilometraje',
) => {
  const api = useApiClient();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (registroId: string) => api.delete<unknown>(camionUrl(id, recurso, registroId)),
    onSuccess: () => client.invalidateQueries({ queryKey: flotaKeys.all }),
  });
};

/** POST of one document (§6 multipart: the fields first, then `archivo`); answers the document. */
export const useSubirDocumento = (id: string) => {
  const client = useQueryClient();
  const { getAccessToken } = useAuthContext();
  return useMutation({
    mutationFn: async ({ file, fields }: { file: File; fields: Record<string, string> }) =>
      (
        await uploadFile<{ data: DocumentoCamion }>({
          url: camionUrl(id, 'archivos'),
          file,
          token: await getAccessToken().catch(() => undefined),
          onProgress: () => undefined,
          fields,
        })
      ).data,
    onSuccess: () =>
      client.invalidateQueries({ queryKey: flotaKeys.sub(id, 'archivos').slice(0, 4) }),
  });
};

/** GET of a document as an attachment (bearer token; the server's file name wins). */
export const useDescargarDocumento = (id: string) => {
  const { getAccessToken } = useAuthContext();
  return async (archivoId: string, nombre: string) =>
    saveBlob(
      await fetchCsv({
        path: camionUrl(id, 'archivos', archivoId),
        query: {},
        accept: '*/*',
        fallbackFileName: nombre,
        getAccessToken,
      }),
    );
};

/** The latest mantenimiento of one tipo (the form's "previous one of that tipo", §4.5). */
export const useUltimoMantenimiento = (id: string, tipo: string, enabled: boolean) => {
  const api = useApiClient();
  return useQuery({
    queryKey: [...flotaKeys.sub(id, 'mantenimientos'), 'ultimo', tipo],
    queryFn: async ({ signal }) =>
      (
        await api.get<{ data: MantenimientoCamion[] }>(camionUrl(id, 'mantenimientos'), {
          query: { tipo, page: 1, limit: 1 },
          signal,
        })
      ).data[0] ?? null,
    enabled,
  });
};

export type CompraOpcion = {
  _id: string;
  numeroRegistro: string;
  proveedor: { nombre: string };
  numeroFacturaProveedor: string;
};

/** Transportes' compras for the maintenance's "Compra" (finanzas' list, empresa fixed). */
export const useComprasTransporte = (term: string, enabled: boolean) => {
  const api = useApiClient();
  return useQuery({
    queryKey: ['flota', 'compras', term],
    queryFn: ({ signal }) =>
      api.get<{ data: CompraOpcion[] }>('/api/compras', {
        query: { empresa: 'transporte', limit: 20, ...(term ? { searchTerm: term } : {}) },
        signal,
      }),
    enabled,
  });
};
