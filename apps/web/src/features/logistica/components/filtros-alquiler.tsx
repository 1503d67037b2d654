import { Col, Form, InputGroup } from 'react-bootstrap';
import { OpcionTypeahead, useBusqueda } from '../../../components/forms/opcion-typeahead.js';
import { textFilter } from '../../../lib/list-state.js';
import { useAlquileresFiltro, useClientesAlquiler, useEtiqueta } from '../api/logistica-api.js';

// logistica.md §5 "List" (rental): "Desde"/"Hasta" (fecha), Cliente and Alquiler, each a free URL
// filter (`desde`, `hasta`, `cliente`, `alquiler`) read by GET /api/albaranes.

const FECHA = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const FILTROS_ALQUILER = {
  desde: textFilter(FECHA),
  hasta: textFilter(FECHA),
  cliente: textFilter(ID),
  alquiler: textFilter(ID),
} as const;

export type FiltrosAlquiler = { desde: string; hasta: string; cliente: string; alquiler: string };

/** The API query of those filters. */
export const filtrosAlquilerQuery = (s: FiltrosAlquiler) => ({
  desde: s.desde || undefined,
  hasta: s.hasta || undefined,
  clienteId: s.cliente || undefined,
  alquilerId: s.alquiler || undefined,
});

const FiltroCliente = ({
  value,
  valueLabel,
  onChange,
}: {
  value: string;
  valueLabel: string | undefined;
  onChange: (id: string) => void;
}) => {
  const { search, buscando, setText } = useBusqueda();
  const clientes = useClientesAlquiler(search);
  // Searched as typed (first page only): a chosen client outside it is named by its record.
  const fuera =
    Boolean(value) &&
    !valueLabel &&
    !clientes.isFetching &&
    !(clientes.data ?? []).some((c) => c._id === value);
  const etiqueta = useEtiqueta('clientes', fuera ? value : undefined);
  return (
    <Col xs={12} sm="auto" className="logistica-filtro-typeahead">
      <OpcionTypeahead
        inputId="albaranes-filtro-cliente"
        label="Cliente"
        labelOculto
        placeholder="Cliente"
        value={value}
        valueLabel={valueLabel ?? etiqueta ?? (value ? 'Cliente elegido' : undefined)}
        loading={clientes.isFetching || buscando}
        options={(clientes.data ?? []).map((c) => ({
          id: c._id,
          label: c.documento ? `${c.nombre} (${c.documento})` : c.nombre,
        }))}
        onInputChange={setText}
        onChange={onChange}
      />
    </Col>
  );
};

const FiltroAlquiler = ({
  value,
  valueLabel,
  onChange,
}: {
  value: string;
  valueLabel: string | undefined;
  onChange: (id: string) => void;
}) => {
  const { search, buscando, setText } = useBusqueda();
  const alquileres = useAlquileresFiltro(search);
  // As Cliente: a chosen alquiler outside the search's first page is named by its record.
  const fuera =
    Boolean(value) &&
    !valueLabel &&
    !alquileres.isFetching &&
    !(alquileres.data ?? []).some((a) => a._id === value);
  const etiqueta = useEtiqueta('alquileres', fuera ? value : undefined);
  return (
    <Col xs={12} sm="auto" className="logistica-filtro-typeahead">
      <OpcionTypeahead
        inputId="albaranes-filtro-alquiler"
        label="Alquiler"
        labelOculto
        placeholder="Alquiler"
        value={value}
        valueLabel={valueLabel ?? etiqueta ?? (value ? 'Alquiler elegido' : undefined)}
        loading={alquileres.isFetching || buscando}
        options={(alquileres.data ?? []).map((a) => ({
          id: a._id,
          label: `${a.numero} — ${a.cliente}`,
        }))}
        onInputChange={setText}
        onChange={onChange}
      />
    </Col>
  );
};

/** "Desde", "Hasta", Cliente and Alquiler of the rental list's toolbar (a row each on a phone). */
export const FiltrosAlquilerCampos = ({
  state,
  etiquetas,
  onChange,
}: {
  state: FiltrosAlquiler;
  /** The names of the chosen client and alquiler, when the rows on screen carry them. */
  etiquetas: { cliente?: string | undefined; alquiler?: string | undefined };
  onChange: (patch: Partial<FiltrosAlquiler>) => void;
}) => (
  <>
    {(
      [
        ['desde', 'Desde'],
        ['hasta', 'Hasta'],
      ] as const
    ).map(([campo, label]) => (
      <Col xs={12} sm="auto" key={campo}>
        <InputGroup>
          <InputGroup.Text as="label" htmlFor={`albaranes-filtro-${campo}`}>
            {label}
          </InputGroup.Text>
          <Form.Control
            id={`albaranes-filtro-${campo}`}
            type="date"
            value={state[campo]}
            onChange={(e) => onChange({ [campo]: e.target.value })}
          />
        </InputGroup>
      </Col>
    ))}
    <FiltroCliente
      value={state.cliente}
      valueLabel={etiquetas.cliente}
      onChange={(cliente) => onChange({ cliente })}
    />
    <FiltroAlquiler
      value={state.alquiler}
      valueLabel={etiquetas.alquiler}
      onChange={(alquiler) => onChange({ alquiler })}
    />
  </>
);
