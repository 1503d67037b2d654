import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Albaran,
  AlbaranResumen,
  Direccion,
  Paginated,
  Saldo,
  Transporte,
  TransporteResumen,
} from '@tvsistema/domain';
import type { ApiClient } from '../../../lib/api-client.js';
import { useApiClient } from '../../../lib/api-client-context.js';
import { fetchCsv, type CsvFile } from '../../../lib/csv-export.js';

// logistica.md §6: /api/albaranes (rental) and /api/albaranes/transporte, one hook per endpoint.

export const ALBARANES_API = '/api/albaranes';
export const TRANSPORTE_API = '/api/albaranes/transporte';

type Query = Record<string, string | number | boolean | undefined>;

export const logisticaKeys = {
  todo: ['albaranes'] as const,
  list: (kind: string, q: Query) => ['albaranes', kind, 'list', q] as const,
  detail: (kind: string, id: string) => ['albaranes', kind, 'detail', id] as const,
  saldo: (alquilerId: string) => ['albaranes', 'saldo', alquilerId] as const,
  articulos: (q: string) => ['albaranes', 'articulos', q] as const,
};

const enc = encodeURIComponent;

export const useAlbaranes = (query: Query, enabled = true) => {
  const api = useApiClient();
  return useQuery({
    queryKey: logisticaKeys.list('alquiler', query),
    queryFn: ({ signal }) => api.get<Paginated<AlbaranResumen>>(ALBARANES_API, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
};

export const useAlbaran = (id: string | undefined) => {
  const api = useApiClient();
  return useQuery({
    queryKey: logisticaKeys.detail('alquiler', id ?? ''),
    queryFn: async ({ signal }) =>
      (await api.get<{ data: Albaran }>(`${ALBARANES_API}/${enc(id ?? '')}`, { signal })).data,
    enabled: Boolean(id),
    staleTime: 0,
  });
};

export const useSaldo = (alquilerId: string | undefined) => {
  const api = useApiClient();
  return useQuery({
    queryKey: logisticaKeys.saldo(alquilerId ?? ''),
    queryFn: async ({ signal }) =>
      (
        await api.get<{ data: Saldo }>(`${ALBARANES_API}/saldo`, {
          query: { alquilerId },
          signal,
        })
      ).data,
    enabled: Boolean(alquilerId),
    staleTime: 0,
  });
};

export type ArticuloOpcion = {
  clase: 'maquina' | 'andamio' | 'concepto';
  _id: string;
  codigo: string;
  descripcion: string;
  activo: boolean;
  estado?: string;
  stock?: { disponible: number };
  precio?: string;
  tipoIva?: number;
};

export const useArticulos = (q: string) => {
  const api = useApiClient();
  return useQuery({
    queryKey: logisticaKeys.articulos(q),
    queryFn: async ({ signal }) =>
      (
        await api.get<{ data: ArticuloOpcion[] }>(`${ALBARANES_API}/articulos`, {
          query: { searchTerm: q || undefined },
          signal,
        })
      ).data,
    enabled: q.trim().length >= 2,
  });
};

export type AlquilerOpcion = {
  _id: string;
  numero: string;
  cliente: string;
  obraNombre: string | null;
};

export const useAlquileresAbiertos = (q: string) => {
  const api = useApiClient();
  return useQuery({
    queryKey: ['albaranes', 'alquileres', q],
    queryFn: async ({ signal }) =>
      (
        await api.get<Paginated<AlquilerOpcion>>('/api/alquileres', {
          query: {
            searchTerm: q || undefined,
            estado: 'reservado,en_curso,devuelto_parcial',
            limit: 50,
          },
          signal,
        })
      ).data,
  });
};

/** §5 Rental form "Obra": the chosen alquiler's dirección de obra, the card's default. */
export const useObraDeAlquiler = (alquilerId: string | undefined) => {
  const api = useApiClient();
  return useQuery({
    queryKey: ['albaranes', 'obra-de-alquiler', alquilerId ?? ''],
    queryFn: async ({ signal }) =>
      (
        await api.get<{ data: { direccionObra: Direccion | null } }>(
          `/api/alquileres/${enc(alquilerId ?? '')}`,
          { signal },
        )
      ).data.direccionObra,
    enabled: Boolean(alquilerId),
  });
};

/** The list filter "Alquiler": the empresa's alquileres in any state, searched as typed. */
export const useAlquileresFiltro = (q: string) => {
  const api = useApiClient();
  return useQuery({
    queryKey: ['albaranes', 'filtro-alquileres', q],
    queryFn: async ({ signal }) =>
      (
        await api.get<Paginated<AlquilerOpcion>>('/api/alquileres', {
          query: { searchTerm: q || undefined, limit: 50 },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });
};

export type ClienteOpcion = { _id: string; nombre: string; documento: string | null };

/** The list filter "Cliente": active clients of Alquileres, searched as typed. */
export const useClientesAlquiler = (q: string) => {
  const api = useApiClient();
  return useQuery({
    queryKey: ['albaranes', 'filtro-clientes', q],
    queryFn: async ({ signal }) =>
      (
        await api.get<Paginated<ClienteOpcion>>('/api/clientes', {
          query: {
            empresa: 'alquileres',
            activo: true,
            sort: 'nombre',
            limit: 100,
            searchTerm: q || undefined,
          },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });
};

/** Every write of the module: the albarán caches and the rental's are refreshed. */
export const useLogisticaMutation = <B, R>(run: (api: ApiClient, body: B) => Promise<R>) => {
  const api = useApiClient();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => run(api, body),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: logisticaKeys.todo });
      await client.invalidateQueries({ queryKey: ['alquileres'] });
    },
  });
};

export const post = async <R>(api: ApiClient, url: string, body?: unknown) =>
  (await api.post<{ data: R }>(url, body)).data;
export const put = async <R>(api: ApiClient, url: string, body?: unknown) =>
  (await api.put<{ data: R }>(url, body)).data;

export const fetchPdf =
  (url: string, fallbackFileName: string, query: Query = {}) =>
  (getAccessToken: () => Promise<string>): Promise<CsvFile> =>
    fetchCsv({ path: url, query, accept: 'application/pdf', fallbackFileName, getAccessToken });

export const fetchExport =
  (url: string, query: Query, name: string) => (getAccessToken: () => Promise<string>) =>
    fetchCsv({ path: url, query, fallbackFileName: `${name}.csv`, getAccessToken });

// ---- transport (§2.3) ----------------------------------------------------------------------

export const useTransportes = (query: Query) => {
  const api = useApiClient();
  return useQuery({
    queryKey: logisticaKeys.list('transporte', query),
    queryFn: ({ signal }) =>
      api.get<Paginated<TransporteResumen>>(TRANSPORTE_API, { query, signal }),
    placeholderData: keepPreviousData,
  });
};

export const useTransporte = (id: string | undefined) => {
  const api = useApiClient();
  return useQuery({
    queryKey: logisticaKeys.detail('transporte', id ?? ''),
    queryFn: async ({ signal }) =>
      (await api.get<{ data: Transporte }>(`${TRANSPORTE_API}/${enc(id ?? '')}`, { signal })).data,
    enabled: Boolean(id),
    staleTime: 0,
  });
};

/** An option of the form's selects; `documento` is the NIF R10 checks (§4), `matricula` a truck's. */
export type Opcion = {
  _id: string;
  etiqueta: string;
  documento?: string | null;
  matricula?: string;
};

/** Transportes' clients or suppliers (the carrier a transport is subcontracted to), by text. */
const usePartesTransporte = (recurso: 'clientes' | 'proveedores', q: string, enabled = true) => {
  const api = useApiClient();
  return useQuery({
    enabled,
    queryKey: ['albaranes', `${recurso}-transporte`, q],
    queryFn: async ({ signal }): Promise<Opcion[]> =>
      (
        await api.get<Paginated<{ _id: string; nombre: string; documento: string | null }>>(
          `/api/${recurso}`,
          {
            query: { empresa: 'transporte', searchTerm: q || undefined, limit: 50 },
            signal,
          },
        )
      ).data.map((c) => ({
        _id: c._id,
        etiqueta: `${c.nombre}${c.documento ? ` (${c.documento})` : ''}`,
        documento: c.documento,
      })),
  });
};
export const useClientesTransporte = (q: string) => usePartesTransporte('clientes', q);
export const useProveedoresTransporte = (q: string, enabled: boolean) =>
  usePartesTransporte('proveedores', q, enabled);

/** The fleet's active trucks, searched by plate ("Buscar por matrícula…"). */
export const useCamionesActivos = (q = '', enabled = true) => {
  const api = useApiClient();
  return useQuery({
    enabled,
    queryKey: ['albaranes', 'camiones', q],
    queryFn: async ({ signal }): Promise<Opcion[]> =>
      (
        await api.get<Paginated<{ _id: string; matriculaTexto: string; descripcion?: string }>>(
          '/api/camiones',
          {
            query: { activo: 'true', searchTerm: q.trim() || undefined, limit: 100 },
            signal,
          },
        )
      ).data.map((c) => ({
        _id: c._id,
        etiqueta: `${c.matriculaTexto}${c.descripcion ? ` — ${c.descripcion}` : ''}`,
        matricula: c.matriculaTexto,
      })),
  });
};

/**
 * The name of a list filter's chosen client, truck or alquiler, read by id when the first page of
 * the typeahead's search does not hold it (one beyond it, chosen earlier or from the URL).
 */
export const useEtiqueta = (
  recurso: 'clientes' | 'camiones' | 'alquileres',
  id: string | undefined,
) => {
  const api = useApiClient();
  return useQuery({
    enabled: Boolean(id),
    queryKey: ['albaranes', 'etiqueta', recurso, id ?? ''],
    queryFn: async ({ signal }) => {
      const { data } = await api.get<{
        data: {
          nombre?: string;
          documento?: string | null;
          matriculaTexto?: string;
          descripcion?: string | null;
          numero?: string;
          cliente?: { nombre: string } | null;
        };
      }>(`/api/${recurso}/${encodeURIComponent(id ?? '')}`, { signal });
      if (recurso === 'alquileres')
        return `${data.numero ?? ''}${data.cliente ? ` — ${data.cliente.nombre}` : ''}`;
      return recurso === 'clientes'
        ? `${data.nombre ?? ''}${data.documento ? ` (${data.documento})` : ''}`
        : `${data.matriculaTexto ?? ''}${data.descripcion ? ` — ${data.descripcion}` : ''}`;
    },
    staleTime: 60_000,
  }).data;
};

/**
 * The alquileres with unbilled days up to `hasta` (finanzas' GET alquileres-pendientes, rule 10),
 * by id: a rental albarán offers "Facturar" only while its alquiler has something to invoice.
 */
export const useAlquileresPorFacturar = (hasta: string, enabled: boolean) => {
  const api = useApiClient();
  return useQuery({
    enabled,
    queryKey: ['albaranes', 'alquileres-por-facturar', hasta],
    queryFn: async ({ signal }) =>
      new Set(
        (
          await api.get<{ data: { origenId: string }[] }>('/api/facturas/alquileres-pendientes', {
            query: { hasta },
            signal,
          })
        ).data.map((p) => p.origenId),
      ),
    staleTime: 30_000,
  }).data;
};

/** R10's transportista efectivo of own transport (the emisor's name and NIF). */
export const useTransportistaPropio = () => {
  const api = useApiClient();
  return useQuery({
    queryKey: ['albaranes', 'transportista-propio'],
    queryFn: async ({ signal }) =>
      (
        await api.get<{ data: { nombre: string; nif: string } }>(
          `${TRANSPORTE_API}/transportista-propio`,
          { signal },
        )
      ).data,
  });
};
