import {
  APLICA_A,
  CONCEPTO_SORT_FIELDS,
  TIPOS_CONCEPTO,
  type AplicaA,
  type ConceptoSortField,
  type TipoConcepto,
} from '@tvsistema/domain/inventario';
import {
  createListState,
  formatSort,
  type ListState,
  type SelectFilter,
} from '../../../lib/list-state.js';
import type { ConceptoListParams } from '../api/conceptos-api.js';

export type ConceptoListFilters = {
  tipo: 'todos' | TipoConcepto;
  aplicaA: 'cualquiera' | AplicaA;
  estado: 'activas' | 'inactivas' | 'todas';
};
export type ConceptoListState = ListState<ConceptoSortField, ConceptoListFilters>;

const each = <V extends string>(values: readonly V[]) =>
  Object.fromEntries(values.map((value) => [value, value])) as unknown as Record<V, string>;

// `aplicaA=todos` is a value of its own (templates offered everywhere), so "no filter" is `cualquiera`.
const tipoFilter = { todos: undefined, ...each(TIPOS_CONCEPTO) } as SelectFilter<
  ConceptoListFilters['tipo']
>;
const aplicaAFilter = { cualquiera: undefined, ...each(APLICA_A) } as SelectFilter<
  ConceptoListFilters['aplicaA']
>;

/** §5.7: search, Tipo, "Aplica a", Estado (Activas by default), sort by código. */
export const CONCEPTO_LIST_STATE = createListState<ConceptoSortField, ConceptoListFilters>({
  sortFields: CONCEPTO_SORT_FIELDS,
  defaultSort: { field: 'codigo', direction: 'asc' },
  pageSizes: [10, 20, 30, 50],
  defaultPageSize: 20,
  filters: {
    tipo: tipoFilter,
    aplicaA: aplicaAFilter,
    estado: { activas: undefined, inactivas: 'inactivas', todas: 'todas' },
  },
});

/** What GET /api/conceptos receives for a list state. */
export const toConceptoParams = (state: ConceptoListState): ConceptoListParams => ({
  page: state.page,
  limit: state.limit,
  searchTerm: state.q.trim() || undefined,
  tipo: state.tipo === 'todos' ? undefined : state.tipo,
  aplicaA: state.aplicaA === 'cualquiera' ? undefined : state.aplicaA,
  activo: state.estado === 'todas' ? undefined : state.estado === 'activas',
  sort: formatSort(state.sort),
});
