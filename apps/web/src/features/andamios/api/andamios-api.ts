import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { Paginated } from '@tvsistema/domain';
import type {
  Componente,
  ComponenteCreate,
  ComponenteUpdate,
  Movimiento,
  MovimientoManual,
  Recuento,
  Reparacion,
  Stock,
  TipoMovimiento,
} from '@tvsistema/domain/inventario';
import type { ApiClient } from '../../../lib/api-client.js';
import { useApiClient } from '../../../lib/api-client-context.js';
import { csvFileName, fetchCsv, type CsvFile } from '../../../lib/csv-export.js';

// inventario.md §6.2 (/api/andamios) and §6.4 (a component's availability).

export const ANDAMIOS_API = '/api/andamios';

export type AndamioListParams = {
  page: number;
  limit: number;
  searchTerm?: string | undefined;
  categoria?: string | undefined;
  sistema?: string | undefined;
  activo?: boolean | undefined;
  bajoMinimo?: boolean | undefined;
  sobrerreserva?: boolean | undefined;
  sort?: string | undefined;
};
export type AndamioExportParams = Omit<AndamioListParams, 'page' | 'limit'>;

/** GET /api/andamios/resumen: the summary cards of the list. */
export type ResumenAndamios = {
  piezasPropiedad: number;
  disponibles: number;
  alquiladas: number;
  enReparacion: number;
  pesoAlquiladoKg: string;
};

export type MovimientoListParams = {
  page: number;
  limit: number;
  tipo?: TipoMovimiento | undefined;
  desde?: string | undefined;
  hasta?: string | undefined;
};

/**
 * GET /api/inventario/componentes/{id}/disponibilidad (§6.4). The domain names `capacidad` and
 * `dias`; the bookings (`reservas`) have no domain schema yet, so their shape is read here
 * leniently: the §5.6 columns Referencia, Desde, Hasta, Cantidad, Estado.
 */
export type ReservaComponente = {
  _id?: string;
  origenId?: string;
  numero?: string | null;
  etiqueta?: string | null;
  desde: string;
  hasta: string | null;
  cantidad: number;
  estado?: string;
  enCurso?: boolean;
  vencido?: boolean;
};
export type DisponibilidadComponente = {
  capacidad: number;
  dias: { fecha: string; reservado: number; libres: number }[];
  reservas?: ReservaComponente[];
};

/** The answer of a stock action: the new counts (and the movement). */
export type StockAnswer = { movimiento?: Movimiento; stock?: Stock };

export const andamioKeys = {
  all: ['andamios'] as const,
  list: (params: AndamioListParams) => ['andamios', 'list', params] as const,
  resumen: () => ['andamios', 'resumen'] as const,
  detail: (id: string) => ['andamios', 'detail', id] as const,
  movimientos: (id: string, params: MovimientoListParams) =>
    ['andamios', 'movimientos', id, params] as const,
  disponibilidad: (id: string, desde: string, hasta: string) =>
    ['andamios', 'disponibilidad', id, desde, hasta] as const,
};

/** A record comes in `data`, or is the body itself. */
const unwrap = <T>(body: unknown): T =>
  (typeof body === 'object' && body !== null && 'data' in body
    ? (body as { data: unknown }).data
    : body) as T;

const recordUrl = (id: string) => `${ANDAMIOS_API}/${encodeURIComponent(id)}`;
const signalOf = (signal?: AbortSignal) => (signal ? { signal } : {});

export const useAndamios = (params: AndamioListParams) => {
  const api = useApiClient();
  return useQuery({
    queryKey: andamioKeys.list(params),
    queryFn: ({ signal }) =>
      api.get<Paginated<Componente>>(ANDAMIOS_API, { query: { ...params }, ...signalOf(signal) }),
    placeholderData: keepPreviousData,
  });
};

export const useResumenAndamios = () => {
  const api = useApiClient();
  return useQuery({
    queryKey: andamioKeys.resumen(),
    queryFn: async ({ signal }) =>
      unwrap<ResumenAndamios>(await api.get<unknown>(`${ANDAMIOS_API}/resumen`, signalOf(signal))),
  });
};

export const andamioQueryOptions = (api: ApiClient, id: string) =>
  queryOptions({
    queryKey: andamioKeys.detail(id),
    queryFn: async ({ signal }) =>
      unwrap<Componente>(await api.get<unknown>(recordUrl(id), signalOf(signal))),
    staleTime: 0,
  });

export const useAndamio = (id: string | undefined) => {
  const api = useApiClient();
  return useQuery({ ...andamioQueryOptions(api, id ?? ''), enabled: Boolean(id) });
};

const useInvalidateAndamios = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: andamioKeys.all });
};

export type AndamioUpdatePayload = Omit<ComponenteUpdate, 'version'> & { version: number };

export const useCreateAndamio = () => {
  const api = useApiClient();
  const invalidate = useInvalidateAndamios();
  return useMutation({
    mutationFn: async (payload: ComponenteCreate) =>
      unwrap<Componente>(await api.post<unknown>(ANDAMIOS_API, payload)),
    onSuccess: invalidate,
  });
};

export const useUpdateAndamio = (id: string) => {
  const api = useApiClient();
  const invalidate = useInvalidateAndamios();
  return useMutation({
    mutationFn: async (payload: AndamioUpdatePayload) =>
      unwrap<Componente>(await api.put<unknown>(recordUrl(id), payload)),
    onSuccess: invalidate,
  });
};

/** The three stock actions of the detail (§6.2): each answers 201 or 409 with the §3.3 text. */
const useStockAction = <B>(id: string, action: 'movimientos' | 'reparaciones' | 'recuento') => {
  const api = useApiClient();
  const invalidate = useInvalidateAndamios();
  return useMutation({
    mutationFn: async (body: B) =>
      unwrap<StockAnswer>(await api.post<unknown>(`${recordUrl(id)}/${action}`, body)),
    onSuccess: invalidate,
  });
};

export const useRegistrarMovimiento = (id: string) =>
  useStockAction<MovimientoManual>(id, 'movimientos');
export const useReparacion = (id: string) => useStockAction<Reparacion>(id, 'reparaciones');
export const useRecuento = (id: string) => useStockAction<Recuento>(id, 'recuento');

export const useMovimientos = (id: string, params: MovimientoListParams) => {
  const api = useApiClient();
  return useQuery({
    queryKey: andamioKeys.movimientos(id, params),
    queryFn: ({ signal }) =>
      api.get<Paginated<Movimiento>>(`${recordUrl(id)}/movimientos`, {
        query: { ...params },
        ...signalOf(signal),
      }),
    placeholderData: keepPreviousData,
  });
};

export const useDisponibilidad = (id: string, desde: string, hasta: string, enabled: boolean) => {
  const api = useApiClient();
  return useQuery({
    queryKey: andamioKeys.disponibilidad(id, desde, hasta),
    queryFn: async ({ signal }) =>
      unwrap<DisponibilidadComponente>(
        await api.get<unknown>(
          `/api/inventario/componentes/${encodeURIComponent(id)}/disponibilidad`,
          { query: { desde, hasta }, ...signalOf(signal) },
        ),
      ),
    enabled,
  });
};

export const andamioHistorialUrl = (id: string) => `${recordUrl(id)}/historial`;

export const exportAndamios = (
  params: AndamioExportParams,
  getAccessToken: () => Promise<string>,
  now: Date = new Date(),
): Promise<CsvFile> =>
  fetchCsv({
    path: `${ANDAMIOS_API}/export`,
    query: params,
    fallbackFileName: csvFileName(['andamios'], now),
    getAccessToken,
  });

/** GET /api/andamios/inventario/pdf: "Inventario de andamios a {fecha}" (today by default). */
export const fetchInventarioPdf = (getAccessToken: () => Promise<string>): Promise<CsvFile> =>
  fetchCsv({
    path: `${ANDAMIOS_API}/inventario/pdf`,
    query: {},
    accept: 'application/pdf',
    fallbackFileName: 'inventario-andamios.pdf',
    getAccessToken,
  });
