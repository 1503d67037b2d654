import {
  ALQUILER_SORT_FIELDS,
  ESTADOS_ALQUILER,
  ESTADOS_PRESUPUESTO,
  PRESUPUESTO_SORT_FIELDS,
} from '@tvsistema/domain';
import { createListState, formatSort, type ListState } from '../../../lib/list-state.js';

// §5 URL state of the two lists: q, estado, dates, page, limit, sort, view.

type PresupuestoSort = (typeof PRESUPUESTO_SORT_FIELDS)[number];
type AlquilerSort = (typeof ALQUILER_SORT_FIELDS)[number];

const each = <V extends string>(values: readonly V[]) =>
  Object.fromEntries(values.map((v) => [v, v])) as unknown as Record<V, string>;

export type PresupuestoFilters = { estado: 'todos' | (typeof ESTADOS_PRESUPUESTO)[number] };
export const PRESUPUESTO_LIST_STATE = createListState<PresupuestoSort, PresupuestoFilters>({
  sortFields: PRESUPUESTO_SORT_FIELDS,
  defaultSort: { field: 'createdAt', direction: 'desc' },
  pageSizes: [10, 20, 30, 50],
  defaultPageSize: 20,
  filters: { estado: { todos: undefined, ...each(ESTADOS_PRESUPUESTO) } },
});
export type PresupuestoListState = ListState<PresupuestoSort, PresupuestoFilters>;
export const toPresupuestoQuery = (s: PresupuestoListState) => ({
  page: s.page,
  limit: s.limit,
  searchTerm: s.q.trim() || undefined,
  estado: s.estado === 'todos' ? undefined : s.estado,
  sort: formatSort(s.sort),
});

export type AlquilerFilters = {
  estado: 'abiertos' | 'todos' | (typeof ESTADOS_ALQUILER)[number];
  retraso: 'no' | 'si';
  modo: 'lista' | 'calendario';
};
export const ALQUILER_LIST_STATE = createListState<AlquilerSort, AlquilerFilters>({
  sortFields: ALQUILER_SORT_FIELDS,
  defaultSort: { field: 'fechaInicio', direction: 'desc' },
  pageSizes: [10, 20, 30, 50],
  defaultPageSize: 20,
  filters: {
    estado: { abiertos: undefined, todos: 'todos', ...each(ESTADOS_ALQUILER) },
    retraso: { no: undefined, si: 'true' },
    modo: { lista: undefined, calendario: 'calendario' },
  },
});
export type AlquilerListState = ListState<AlquilerSort, AlquilerFilters>;
export const toAlquilerQuery = (s: AlquilerListState) => ({
  page: s.page,
  limit: s.limit,
  searchTerm: s.q.trim() || undefined,
  // The screen's default is the open states; "Todos" asks for every state.
  estado:
    s.estado === 'abiertos'
      ? 'reservado,en_curso,devuelto_parcial'
      : s.estado === 'todos'
        ? undefined
        : s.estado,
  conRetraso: s.retraso === 'si' ? true : undefined,
  sort: formatSort(s.sort),
});
