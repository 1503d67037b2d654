import { useState } from 'react';
import { Col, Form, InputGroup } from 'react-bootstrap';
import { OpcionTypeahead, useBusqueda } from '../../../components/forms/opcion-typeahead.js';
import {
  useCamionesActivos,
  useClientesTransporte,
  useEtiqueta,
  type Opcion,
} from '../api/logistica-api.js';
import '../logistica.css';

// logistica.md §5 "List" (transport): "Desde"/"Hasta" (fecha de carga), Cliente, Camión and the
// switches "Documento de control incompleto" and "Sin facturar"; the list keeps them in the URL.

export type FiltrosTransporte = {
  desde: string;
  hasta: string;
  cliente: string;
  camion: string;
  incompleto: 'no' | 'si';
  sinFacturar: 'no' | 'si';
};

/** A toolbar typeahead over the options a search finds; the chosen one stays offered. */
const FiltroOpcion = ({
  id,
  label,
  value,
  onChange,
  useOpciones,
  recurso,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (id: string) => void;
  useOpciones: (q: string) => { data?: Opcion[] | undefined; isFetching: boolean };
  recurso: 'clientes' | 'camiones';
}) => {
  const { search, buscando, setText } = useBusqueda();
  const query = useOpciones(search);
  const [elegida, setElegida] = useState<Opcion | null>(null);
  const opciones = [...(query.data ?? [])];
  if (elegida && elegida._id === value && !opciones.some((o) => o._id === value))
    opciones.unshift(elegida);
  // The typeahead searches the server as typed (first page only): a chosen value outside the
  // page on screen (from the URL, or found by an earlier search) is named by its own record.
  const fuera = Boolean(value) && !query.isFetching && !opciones.some((o) => o._id === value);
  const etiqueta = useEtiqueta(recurso, fuera ? value : undefined);
  return (
    <Col xs={12} sm="auto" className="transporte-filtro-opcion">
      <OpcionTypeahead
        inputId={id}
        label={label}
        labelOculto
        placeholder={label}
        value={value}
        valueLabel={etiqueta}
        loading={query.isFetching || buscando}
        options={opciones.map((o) => ({ id: o._id, label: o.etiqueta }))}
        onInputChange={setText}
        onChange={(elegido) => {
          setElegida(opciones.find((o) => o._id === elegido) ?? null);
          onChange(elegido);
        }}
      />
    </Col>
  );
};

const useCamiones = (q: string) => useCamionesActivos(q);

export const TransporteFiltros = ({
  state,
  update,
}: {
  state: FiltrosTransporte;
  update: (patch: Partial<FiltrosTransporte> & { page: number }) => void;
}) => (
  <>
    {(
      [
        ['desde', 'Desde', state.desde],
        ['hasta', 'Hasta', state.hasta],
      ] as const
    ).map(([campo, label, value]) => (
      <Col xs={12} sm="auto" key={campo}>
        <InputGroup>
          <InputGroup.Text as="label" htmlFor={`transportes-${campo}`}>
            {label}
          </InputGroup.Text>
          <Form.Control
            id={`transportes-${campo}`}
            type="date"
            title={`${label} (fecha de carga)`}
            value={value}
            onChange={(e) => update({ [campo]: e.target.value, page: 1 })}
          />
        </InputGroup>
      </Col>
    ))}
    <FiltroOpcion
      id="transportes-cliente"
      label="Cliente"
      value={state.cliente}
      onChange={(cliente) => update({ cliente, page: 1 })}
      useOpciones={useClientesTransporte}
      recurso="clientes"
    />
    <FiltroOpcion
      id="transportes-camion"
      label="Camión"
      value={state.camion}
      onChange={(camion) => update({ camion, page: 1 })}
      useOpciones={useCamiones}
      recurso="camiones"
    />
    <Form.Check
      type="switch"
      id="transportes-incompleto"
      className="align-self-center"
      label="Documento de control incompleto"
      checked={state.incompleto === 'si'}
      onChange={(e) => update({ incompleto: e.target.checked ? 'si' : 'no', page: 1 })}
    />
    <Form.Check
      type="switch"
      id="transportes-sin-facturar"
      className="align-self-center"
      label="Sin facturar"
      checked={state.sinFacturar === 'si'}
      onChange={(e) => update({ sinFacturar: e.target.checked ? 'si' : 'no', page: 1 })}
    />
  </>
);
