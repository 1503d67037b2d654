import { Col, Form, InputGroup } from 'react-bootstrap';
import { ESTADOS_FILTRO_FACTURA, FACTURA_SORT_FIELDS, type Empresa } from '@tvsistema/domain';
import {
  createListState,
  formatSort,
  textFilter,
  type ListController,
} from '../../../lib/list-state.js';
import { ToolbarSelect } from '../../../components/resource/toolbar-select.js';
import { TerceroTypeahead } from './opcion-typeahead.js';

// finanzas.md §5: the lists' shared filters (URL `desde`, `hasta`, `cliente`/`proveedor`) and
// the facturas/notas list state, which both lists read ("filters as facturas").

const FECHA = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `desde` and `hasta` (ISO dates) as free URL filters. */
export const FILTROS_FECHAS = { desde: textFilter(FECHA), hasta: textFilter(FECHA) } as const;
/** A record's id (`cliente`, `proveedor`) as a free URL filter. */
export const filtroId = () => textFilter(ID);

type Sort = (typeof FACTURA_SORT_FIELDS)[number];
const each = <V extends string>(values: readonly V[]) =>
  Object.fromEntries(values.map((v) => [v, v])) as unknown as Record<V, string>;

export const FACTURA_LIST_STATE = createListState<
  Sort,
  {
    estado: 'todas' | (typeof ESTADOS_FILTRO_FACTURA)[number];
    desde: string;
    hasta: string;
    cliente: string;
    origen: 'todos' | 'alquiler' | 'albaran' | 'manual';
  }
>({
  sortFields: FACTURA_SORT_FIELDS,
  defaultSort: { field: 'fecha', direction: 'desc' },
  pageSizes: [10, 20, 30, 50],
  defaultPageSize: 20,
  filters: {
    estado: { todas: undefined, ...each(ESTADOS_FILTRO_FACTURA) },
    ...FILTROS_FECHAS,
    cliente: filtroId(),
    origen: { todos: undefined, alquiler: 'alquiler', albaran: 'albaran', manual: 'manual' },
  },
});
type FacturaList = typeof FACTURA_LIST_STATE extends { defaults: infer D } ? D : never;

export const ESTADOS = [
  { value: 'todas' as const, label: 'Todas' },
  { value: 'borrador' as const, label: 'Borradores' },
  { value: 'emitida' as const, label: 'Emitidas' },
  { value: 'vencida' as const, label: 'Vencidas' },
  { value: 'cobrada' as const, label: 'Cobradas' },
  { value: 'rectificada' as const, label: 'Rectificadas' },
  { value: 'anulada' as const, label: 'Anuladas' },
];
const ORIGENES = [
  { value: 'todos' as const, label: 'Todos' },
  { value: 'alquiler' as const, label: 'Alquiler' },
  { value: 'albaran' as const, label: 'Albaranes' },
  { value: 'manual' as const, label: 'Manual' },
];

/** The API query of a facturas or notas list (finanzas.md §6: GET /api/facturas, /api/notas). */
export const facturaListParams = (empresa: Empresa, state: FacturaList) => ({
  empresa,
  page: state.page,
  limit: state.limit,
  searchTerm: state.q.trim() || undefined,
  estado: state.estado === 'todas' ? undefined : state.estado,
  clienteId: state.cliente || undefined,
  desde: state.desde || undefined,
  hasta: state.hasta || undefined,
  origen: state.origen === 'todos' ? undefined : state.origen,
  sort: formatSort(state.sort),
});

/** "Desde" and "Hasta": two date fields of the toolbar, each labelled where it is seen (a row each on a phone, where half a row cuts the date). */
export const FiltroFechas = ({
  id,
  desde,
  hasta,
  onChange,
}: {
  id: string;
  desde: string;
  hasta: string;
  onChange: (patch: { desde?: string; hasta?: string }) => void;
}) => (
  <>
    {(
      [
        ['desde', 'Desde', desde],
        ['hasta', 'Hasta', hasta],
      ] as const
    ).map(([campo, label, value]) => (
      <Col xs={12} sm="auto" key={campo}>
        <InputGroup>
          <InputGroup.Text as="label" htmlFor={`${id}-${campo}`}>
            {label}
          </InputGroup.Text>
          <Form.Control
            id={`${id}-${campo}`}
            type="date"
            value={value}
            onChange={(e) => onChange({ [campo]: e.target.value })}
          />
        </InputGroup>
      </Col>
    ))}
  </>
);

/** "Cliente" / "Proveedor": a typeahead of the toolbar over the empresa's records. */
export const FiltroTercero = ({
  id,
  tipo,
  empresa,
  value,
  onChange,
}: {
  id: string;
  tipo: 'clientes' | 'proveedores';
  empresa: Empresa;
  value: string;
  onChange: (id: string) => void;
}) => {
  const label = tipo === 'clientes' ? 'Cliente' : 'Proveedor';
  return (
    <Col xs={12} sm="auto" className="finanzas-filtro-tercero">
      <TerceroTypeahead
        tipo={tipo}
        empresa={empresa}
        inputId={id}
        label={label}
        labelOculto
        placeholder={label}
        value={value}
        onChange={(t) => onChange(t?._id ?? '')}
      />
    </Col>
  );
};

/** Estado, Desde, Hasta, Cliente and Origen of the facturas and notas lists. */
export const FacturaFiltros = ({
  list,
  empresa,
  id,
}: {
  list: ListController<Sort, Omit<FacturaList, 'q' | 'page' | 'limit' | 'view' | 'sort'>>;
  empresa: Empresa;
  id: string;
}) => {
  const { state, update } = list;
  return (
    <>
      <ToolbarSelect
        label="Estado"
        value={state.estado}
        options={ESTADOS}
        onChange={(estado) => update({ estado, page: 1 })}
      />
      <ToolbarSelect
        label="Origen"
        value={state.origen}
        options={ORIGENES}
        onChange={(origen) => update({ origen, page: 1 })}
      />
      <FiltroFechas
        id={id}
        desde={state.desde}
        hasta={state.hasta}
        onChange={(patch) => update({ ...patch, page: 1 })}
      />
      <FiltroTercero
        id={`${id}-cliente`}
        tipo="clientes"
        empresa={empresa}
        value={state.cliente}
        onChange={(cliente) => update({ cliente, page: 1 })}
      />
    </>
  );
};
