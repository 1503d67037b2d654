import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Alquiler,
  ArchivosAlquiler,
  AlquilerResumen,
  Paginated,
  Plantilla,
  Presupuesto,
  PresupuestoResumen,
} from '@tvsistema/domain';
import type { ApiClient } from '../../../lib/api-client.js';
import { useApiClient } from '../../../lib/api-client-context.js';
import { fetchCsv, type CsvFile } from '../../../lib/csv-export.js';

// comercial.md §6: /api/presupuestos and /api/alquileres, one hook per endpoint the screens use.

export const PRESUPUESTOS_API = '/api/presupuestos';
export const ALQUILERES_API = '/api/alquileres';

type Query = Record<string, string | number | boolean | undefined>;

export const comercialKeys = {
  presupuestos: ['presupuestos'] as const,
  presupuestoList: (q: Query) => ['presupuestos', 'list', q] as const,
  presupuesto: (id: string) => ['presupuestos', 'detail', id] as const,
  plantillas: (q: Query) => ['presupuestos', 'plantillas', q] as const,
  alquileres: ['alquileres'] as const,
  alquilerList: (q: Query) => ['alquileres', 'list', q] as const,
  alquiler: (id: string) => ['alquileres', 'detail', id] as const,
  calendario: (q: Query) => ['alquileres', 'calendario', q] as const,
  archivos: (id: string) => ['alquileres', 'archivos', id] as const,
  opciones: (tipo: string, q: string, fechas?: FechasPicker) =>
    ['comercial', 'opciones', tipo, q, fechas ?? null] as const,
};

const enc = encodeURIComponent;

export const usePresupuestos = (query: Query) => {
  const api = useApiClient();
  return useQuery({
    queryKey: comercialKeys.presupuestoList(query),
    queryFn: ({ signal }) =>
      api.get<Paginated<PresupuestoResumen>>(PRESUPUESTOS_API, { query, signal }),
    placeholderData: keepPreviousData,
  });
};

export const usePresupuesto = (id: string | undefined) => {
  const api = useApiClient();
  return useQuery({
    queryKey: comercialKeys.presupuesto(id ?? ''),
    queryFn: async ({ signal }) =>
      (await api.get<{ data: Presupuesto }>(`${PRESUPUESTOS_API}/${enc(id ?? '')}`, { signal }))
        .data,
    enabled: Boolean(id),
    staleTime: 0,
  });
};

export const usePlantillas = (query: Query) => {
  const api = useApiClient();
  return useQuery({
    queryKey: comercialKeys.plantillas(query),
    queryFn: ({ signal }) =>
      api.get<Paginated<Plantilla>>(`${PRESUPUESTOS_API}/plantillas`, { query, signal }),
    placeholderData: keepPreviousData,
  });
};

export const useAlquileres = (query: Query) => {
  const api = useApiClient();
  return useQuery({
    queryKey: comercialKeys.alquilerList(query),
    queryFn: ({ signal }) => api.get<Paginated<AlquilerResumen>>(ALQUILERES_API, { query, signal }),
    placeholderData: keepPreviousData,
  });
};

export const useAlquiler = (id: string | undefined) => {
  const api = useApiClient();
  return useQuery({
    queryKey: comercialKeys.alquiler(id ?? ''),
    queryFn: async ({ signal }) =>
      (await api.get<{ data: Alquiler }>(`${ALQUILERES_API}/${enc(id ?? '')}`, { signal })).data,
    enabled: Boolean(id),
    staleTime: 0,
  });
};

export type FilaCalendario = {
  maquina?: { _id: string; codigoInterno: string; tipo: string; marca: string; modelo: string };
  componente?: { _id: string; codigo: string; nombre: string };
  capacidad?: number;
  dias?: { fecha: string; libres: number }[];
  bloqueos: {
    origenTipo: string;
    origenId: string;
    numero: string;
    etiqueta: string;
    desde: string;
    hasta: string | null;
    vencido: boolean;
    /** The last day of the machine's preparation after this booking (inventario R4). */
    preparacionHasta?: string | null;
    /** The rental's state (§5: the bar's colour); null for maintenance. */
    estadoAlquiler?: string | null;
  }[];
};

export const useCalendario = (query: Query, enabled: boolean) => {
  const api = useApiClient();
  return useQuery({
    queryKey: comercialKeys.calendario(query),
    queryFn: ({ signal }) =>
      api.get<Paginated<FilaCalendario>>(`${ALQUILERES_API}/calendario`, { query, signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
};

export type Opcion = {
  _id: string;
  etiqueta: string;
  /** What the line copies (R7) so the form prices before saving; the server copies it again. */
  precioDia: string | null;
  precioSemana: string | null;
  precioMes: string | null;
  precio: string | null;
  unidad: string;
  tipoIva: number;
  motivoIva0: string | null;
  /**
   * inventario.md §6.4 with the new line's dates: a machine free or not (and what holds it), a
   * component's least free pieces; undefined without dates or for conceptos and clients.
   */
  disponibilidad?: string | undefined;
};

/** The dates a line picker searches availability for (§5: "with the line dates"). */
export type FechasPicker = { desde: string; hasta: string; excluirOrigenId?: string | undefined };

const str = (v: unknown) => (typeof v === 'string' ? v : null);

/** What the picker tells of an item over the new line's dates (inventario.md §6.4's answer). */
const disponibilidadDe = (d: Record<string, unknown>): string | undefined => {
  if (typeof d['libresMin'] === 'number') return `Libres: ${d['libresMin']}`;
  if (d['libre'] === true) return 'Disponible';
  if (d['libre'] === false) {
    const conflictos = (d['conflictos'] ?? []) as { numero?: string }[];
    const numeros = conflictos.map((c) => c.numero).filter(Boolean);
    return numeros.length > 0 ? `No disponible (${numeros.join(', ')})` : 'No disponible';
  }
  return undefined;
};

/** The pickers of a line (inventario.md §6.4) and the client lookup. */
export const useOpciones = (
  tipo: 'clientes' | 'maquinas' | 'componentes' | 'conceptos',
  q: string,
  fechas?: FechasPicker,
) => {
  const conFechas = tipo === 'maquinas' || tipo === 'componentes' ? fechas : undefined;
  const api = useApiClient();
  const url =
    tipo === 'clientes'
      ? `${ALQUILERES_API}/opciones/clientes`
      : `/api/inventario/${tipo}/opciones`;
  return useQuery({
    queryKey: comercialKeys.opciones(tipo, q, conFechas),
    queryFn: async ({ signal }): Promise<Opcion[]> => {
      const { data } = await api.get<{ data: Record<string, unknown>[] }>(url, {
        query: { q: q || undefined, limit: 20, ...conFechas },
        signal,
      });
      return data.map((d) => {
        const tarifas = (d['tarifas'] ?? d['precios'] ?? {}) as Record<string, unknown>;
        return {
          _id: String(d['_id']),
          precioDia: str(tarifas['dia']),
          precioSemana: str(tarifas['semana']),
          precioMes: str(tarifas['mes']),
          precio: str(d['precio']),
          unidad: str(d['unidad']) ?? 'ud.',
          tipoIva: typeof d['tipoIva'] === 'number' ? d['tipoIva'] : 21,
          motivoIva0: str(d['motivoIva0']),
          disponibilidad: conFechas ? disponibilidadDe(d) : undefined,
          etiqueta:
            tipo === 'clientes'
              ? `${String(d['nombre'])}${d['documento'] ? ` (${String(d['documento'])})` : ''}`
              : tipo === 'maquinas'
                ? `${String(d['codigoInterno'])} — ${String(d['marca'])} ${String(d['modelo'])}`
                : `${String(d['codigo'])} — ${String(d['nombre'])}`,
        };
      });
    },
  });
};

/** Every write of the module: the answer's record goes back into the caches. */
export const useComercialMutation = <B, R>(run: (api: ApiClient, body: B) => Promise<R>) => {
  const api = useApiClient();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => run(api, body),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: comercialKeys.presupuestos });
      await client.invalidateQueries({ queryKey: comercialKeys.alquileres });
    },
  });
};

export const post = async <R>(api: ApiClient, url: string, body?: unknown) =>
  (await api.post<{ data: R }>(url, body)).data;
export const put = async <R>(api: ApiClient, url: string, body?: unknown) =>
  (await api.put<{ data: R }>(url, body)).data;

export const fetchPdf =
  (url: string, fallbackFileName: string) =>
  (getAccessToken: () => Promise<string>): Promise<CsvFile> =>
    fetchCsv({
      path: url,
      query: { descarga: 1 },
      accept: 'application/pdf',
      fallbackFileName,
      getAccessToken,
    });

export const fetchExport =
  (url: string, query: Query, name: string) => (getAccessToken: () => Promise<string>) =>
    fetchCsv({ path: url, query, fallbackFileName: `${name}.csv`, getAccessToken });

/** The rental's archive: its number and client, every folder's count, and one folder's files. */
export const useArchivos = (id: string | undefined, carpeta: string | undefined) => {
  const api = useApiClient();
  return useQuery({
    queryKey: [...comercialKeys.archivos(id ?? ''), carpeta ?? ''],
    queryFn: async ({ signal }) =>
      (
        await api.get<{ data: ArchivosAlquiler }>(`${ALQUILERES_API}/${enc(id ?? '')}/archivos`, {
          signal,
          ...(carpeta ? { query: { carpeta } } : {}),
        })
      ).data,
    enabled: Boolean(id),
  });
};
