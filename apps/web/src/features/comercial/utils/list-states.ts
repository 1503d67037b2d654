import {
  ALQUILER_SORT_FIELDS,
  ESTADOS_ALQUILER,
  ESTADOS_PRESUPUESTO,
  PRESUPUESTO_SORT_FIELDS,
} from '@tvsistema/domain';
import {
  createListState,
  formatSort,
  textFilter,
  type ListState,
} from '../../../lib/list-state.js';

// §5 URL state of the two lists: q, estado, dates, page, limit, sort, view.

const FECHA = /^\d{4}-\d{2}-\d{2}$/;
/** `desde`, `hasta` (ISO dates, either may be empty) as free URL filters. */
const FECHAS = { desde: textFilter(FECHA), hasta: textFilter(FECHA) } as const;
type Fechas = { desde: string; hasta: string };
/** The dates the API is sent: a `hasta` before `desde` is left out (the screen says why). */
export const periodoValido = (desde: string, hasta: string) => !desde || !hasta || hasta >= desde;
const fechasDe = (s: Fechas) => ({
  desde: s.desde || undefined,
  hasta: s.hasta && periodoValido(s.desde, s.hasta) ? s.hasta : undefined,
});

type PresupuestoSort = (typeof PRESUPUESTO_SORT_FIELDS)[number];
type AlquilerSort = (typeof ALQUILER_SORT_FIELDS)[number];

const each = <V extends string>(values: readonly V[]) =>
  Object.fromEntries(values.map((v) => [v, v])) as unknown as Record<V, string>;

export type PresupuestoFilters = {
  estado: 'todos' | (typeof ESTADOS_PRESUPUESTO)[number];
} & Fechas;
export const PRESUPUESTO_LIST_STATE = createListState<PresupuestoSort, PresupuestoFilters>({
  sortFields: PRESUPUESTO_SORT_FIELDS,
  defaultSort: { field: 'createdAt', direction: 'desc' },
  pageSizes: [10, 20, 30, 50],
  defaultPageSize: 20,
  filters: { estado: { todos: undefined, ...each(ESTADOS_PRESUPUESTO) }, ...FECHAS },
});
export type PresupuestoListState = ListState<PresupuestoSort, PresupuestoFilters>;
export const toPresupuestoQuery = (s: PresupuestoListState) => ({
  page: s.page,
  limit: s.limit,
  searchTerm: s.q.trim() || undefined,
  estado: s.estado === 'todos' ? undefined : s.estado,
  ...fechasDe(s),
  sort: formatSort(s.sort),
});

export type AlquilerFilters = {
  estado: 'abiertos' | 'todos' | (typeof ESTADOS_ALQUILER)[number];
  retraso: 'no' | 'si';
  modo: 'lista' | 'calendario';
} & Fechas;
export const ALQUILER_LIST_STATE = createListState<AlquilerSort, AlquilerFilters>({
  sortFields: ALQUILER_SORT_FIELDS,
  defaultSort: { field: 'fechaInicio', direction: 'desc' },
  pageSizes: [10, 20, 30, 50],
  defaultPageSize: 20,
  filters: {
    estado: { abiertos: undefined, todos: 'todos', ...each(ESTADOS_ALQUILER) },
    retraso: { no: undefined, si: 'true' },
    modo: { lista: undefined, calendario: 'calendario' },
    ...FECHAS,
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
  ...fechasDe(s),
  sort: formatSort(s.sort),
});
