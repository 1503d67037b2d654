import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Lectura, Maquina, MotivoBaja } from '@tvsistema/domain';
import { useApiClient } from '../../../lib/api-client-context.js';
import type { Mantenimiento } from '../utils/mantenimiento.js';
import { maquinaKeys, maquinaUrl } from './maquina-keys.js';

/** A list answer, `{data}` or the array itself. */
export const listOf = <T>(body: unknown): T[] =>
  Array.isArray(body) ? (body as T[]) : ((body as { data?: T[] } | null)?.data ?? []);

export type LecturaBody = { fecha: string; lectura: string; reinicio?: boolean; motivo?: string };
export type BajaBody = { fecha: string; motivo: MotivoBaja; detalle?: string; version: number };
export type ReactivarBody = { motivo: string; version: number };

/** §6.1 one bloqueo of the machine's occupation. */
export type Ocupacion = {
  _id: string;
  origenTipo: 'alquiler' | 'mantenimiento';
  origenId: string;
  numero: string | null;
  etiqueta: string | null;
  desde: string;
  hasta: string | null;
  preparacionHasta: string | null;
  estado: 'activo' | 'liberado';
  enCurso: boolean;
  /**
   * A finished maintenance ("Finalizado") or a returned rental booking ("Finalizada"), even on
   * the day it ended.
   */
  finalizado?: boolean;
};

/** The actions of the detail (§5.3): each refreshes the machine and its lists. */
export const useMaquinaAcciones = (id: string) => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: maquinaKeys.all });
  const horometro = useMutation({
    mutationFn: (body: LecturaBody) => api.post<unknown>(maquinaUrl(id, 'horometro'), body),
    onSuccess: refresh,
  });
  const baja = useMutation({
    mutationFn: (body: BajaBody) => api.post<{ data: Maquina }>(maquinaUrl(id, 'baja'), body),
    onSuccess: refresh,
  });
  const reactivar = useMutation({
    mutationFn: (body: ReactivarBody) =>
      api.post<{ data: Maquina }>(maquinaUrl(id, 'reactivar'), body),
    onSuccess: refresh,
  });
  const eliminar = useMutation({
    mutationFn: (version: number) => api.delete<unknown>(maquinaUrl(id), { query: { version } }),
  });
  return { horometro, baja, reactivar, eliminar };
};

/** GET …/{id}/horometro: the readings, newest first. */
export const useLecturas = (id: string) => {
  const api = useApiClient();
  return useQuery({
    queryKey: maquinaKeys.horometro(id),
    queryFn: async ({ signal }) =>
      listOf<Lectura>(await api.get<unknown>(maquinaUrl(id, 'horometro'), { signal })),
  });
};

/** GET …/{id}/ocupacion?desde&hasta. */
export const useOcupacion = (id: string, desde: string, hasta: string) => {
  const api = useApiClient();
  return useQuery({
    queryKey: maquinaKeys.ocupacion(id, desde, hasta),
    queryFn: async ({ signal }) =>
      listOf<Ocupacion>(
        await api.get<unknown>(maquinaUrl(id, 'ocupacion'), { query: { desde, hasta }, signal }),
      ),
  });
};

export type MantenimientoRespuesta = { data: unknown; avisos?: string[] };

/** §6.1 maintenance: list, create (Enviar a taller / Programar), iniciar, finalizar, cancelar. */
export const useMantenimientos = (id: string, { listar = true }: { listar?: boolean } = {}) => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: maquinaKeys.all });
  const list = useQuery({
    queryKey: maquinaKeys.mantenimientos(id),
    queryFn: async ({ signal }) =>
      listOf<Mantenimiento>(await api.get<unknown>(maquinaUrl(id, 'mantenimientos'), { signal })),
    enabled: listar,
  });
  const crear = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      api.post<MantenimientoRespuesta>(maquinaUrl(id, 'mantenimientos'), body),
    onSuccess: refresh,
  });
  const accion = useMutation({
    mutationFn: ({
      mid,
      accion,
      body,
    }: {
      mid: string;
      accion: 'iniciar' | 'finalizar' | 'cancelar';
      body: Record<string, unknown>;
    }) =>
      api.post<unknown>(maquinaUrl(id, 'mantenimientos', encodeURIComponent(mid), accion), body),
    onSuccess: refresh,
  });
  /** §3.2 Editar: a planned maintenance's new fields and dates (its booking moves with it). */
  const editar = useMutation({
    mutationFn: ({ mid, body }: { mid: string; body: Record<string, unknown> }) =>
      api.put<unknown>(maquinaUrl(id, 'mantenimientos', encodeURIComponent(mid)), body),
    onSuccess: refresh,
  });
  return { list, crear, accion, editar };
};
