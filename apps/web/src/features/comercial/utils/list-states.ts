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

type EstadoAlquiler = (typeof ESTADOS_ALQUILER)[number];
/** §5's default: the open states. */
export const ESTADOS_ABIERTOS: readonly EstadoAlquiler[] = [
  'reservado',
  'en_curso',
  'devuelto_parcial',
];
const UN_ESTADO = `(?:${ESTADOS_ALQUILER.join('|')})`;

/**
 * The rentals' Estado (§5: multi, default the open states) in the URL: '' (the default), 'todos'
 * or a comma list of states.
 */
export const estadosElegidos = (estado: string): EstadoAlquiler[] =>
  estado === ''
    ? [...ESTADOS_ABIERTOS]
    : estado === 'todos'
      ? [...ESTADOS_ALQUILER]
      : ESTADOS_ALQUILER.filter((e) => estado.split(',').includes(e));

/** The URL value of a set of states: the default, 'todos' (all or none) or their list. */
export const estadoDeElegidos = (elegidos: readonly string[]): string => {
  const lista = ESTADOS_ALQUILER.filter((e) => elegidos.includes(e));
  if (lista.length === 0 || lista.length === ESTADOS_ALQUILER.length) return 'todos';
  if (lista.join(',') === ESTADOS_ABIERTOS.join(',')) return '';
  return lista.join(',');
};

export type AlquilerFilters = {
  estado: string;
  retraso: 'no' | 'si';
  modo: 'lista' | 'calendario';
} & Fechas;
export const ALQUILER_LIST_STATE = createListState<AlquilerSort, AlquilerFilters>({
  sortFields: ALQUILER_SORT_FIELDS,
  defaultSort: { field: 'fechaInicio', direction: 'desc' },
  pageSizes: [10, 20, 30, 50],
  defaultPageSize: 20,
  filters: {
    estado: textFilter(new RegExp(`^(?:todos|${UN_ESTADO}(?:,${UN_ESTADO})*)$`)),
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
  estado: s.estado === 'todos' ? undefined : estadosElegidos(s.estado).join(','),
  conRetraso: s.retraso === 'si' ? true : undefined,
  ...fechasDe(s),
  sort: formatSort(s.sort),
});
