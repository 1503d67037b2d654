import { useState, type ReactNode } from 'react';
import { Alert, Card } from 'react-bootstrap';
import type { Concepto } from '@tvsistema/domain';
import {
  OpcionTypeahead,
  useBusqueda,
  type OpcionTypeaheadProps,
} from '../../../components/forms/opcion-typeahead.js';
import { useProveedores } from '../api/compras-api.js';
import { useClientes, useConceptos, type ClienteOpcion } from '../api/finanzas-api.js';
import '../finanzas.css';

/** A client or a supplier as their lists answer (finanzas-api, compras-api). */
export type Tercero = ClienteOpcion;

export const terceroLabel = (t: Tercero) =>
  t.documento ? `${t.nombre} (${t.documento})` : t.nombre;

/**
 * §5 "Cliente" / "Proveedor" typeahead: the empresa's active clients or suppliers, searched on
 * the server as the user types (debounced); the one chosen stays offered.
 */
export const TerceroTypeahead = ({
  tipo,
  empresa,
  value,
  actual = null,
  onChange,
  ...props
}: Omit<OpcionTypeaheadProps, 'options' | 'onChange' | 'onInputChange' | 'valueLabel'> & {
  tipo: 'clientes' | 'proveedores';
  empresa: string;
  /** The record already chosen (a saved document's), offered even when not listed. */
  actual?: Tercero | null;
  onChange: (tercero: Tercero | null) => void;
}) => {
  const { search, buscando, setText } = useBusqueda();
  const clientes = useClientes(empresa, search, tipo === 'clientes');
  const proveedores = useProveedores(empresa, search, tipo === 'proveedores');
  const query = tipo === 'clientes' ? clientes : proveedores;
  const [elegido, setElegido] = useState<Tercero | null>(actual);
  const lista: Tercero[] = [...(query.data ?? [])];
  if (elegido && elegido._id === value && !lista.some((t) => t._id === elegido._id))
    lista.unshift(elegido);
  return (
    <OpcionTypeahead
      {...props}
      value={value}
      loading={query.isFetching || buscando}
      options={lista.map((t) => ({ id: t._id, label: terceroLabel(t) }))}
      onInputChange={setText}
      onChange={(id) => {
        const tercero = lista.find((t) => t._id === id) ?? null;
        setElegido(tercero);
        onChange(tercero);
      }}
    />
  );
};

/**
 * §5 Líneas "Concepto": a line may start from a catalogue concepto (its name, unit, price and VAT
 * fill the line). Percentage conceptos price on a rental's lines, not here: they are left out.
 */
export const ConceptoTypeahead = ({
  inputId,
  label,
  value,
  onChange,
}: {
  inputId: string;
  label: string;
  value: string;
  onChange: (concepto: Concepto | null) => void;
}) => {
  const { search, buscando, setText } = useBusqueda();
  // Nothing is fetched until the user first reaches the field (a line each).
  const [tocado, setTocado] = useState(false);
  const query = useConceptos(search, tocado);
  const conceptos = (query.data ?? []).filter((c) => c.unidad !== 'porcentaje');
  return (
    <div onFocus={() => setTocado(true)}>
      <OpcionTypeahead
        inputId={inputId}
        label={label}
        labelOculto
        loading={query.isFetching || buscando}
        options={conceptos.map((c) => ({ id: c._id, label: `${c.codigo} · ${c.nombre}` }))}
        value={value}
        onInputChange={setText}
        onChange={(id) => onChange(conceptos.find((c) => c._id === id) ?? null)}
      />
    </div>
  );
};

/** A form's §5 "Cliente" / "Proveedor" section: its typeahead and the alert of one without NIF. */
export const TerceroCard = ({
  tipo,
  empresa,
  inputId,
  titulo,
  placeholder,
  sinNif,
  elegido,
  error,
  onChange,
  children,
}: {
  tipo: 'clientes' | 'proveedores';
  empresa: string;
  inputId: string;
  titulo: string;
  placeholder: string;
  sinNif: string;
  elegido: Tercero | null;
  /** The server's refusal of the field ("Elige un cliente"), shown under it. */
  error?: string | undefined;
  onChange: (tercero: Tercero | null) => void;
  /** What the form adds under the typeahead (the invoice's "Condiciones de facturación"). */
  children?: ReactNode;
}) => (
  <Card body>
    <h2 className="h5">{titulo}</h2>
    <TerceroTypeahead
      tipo={tipo}
      empresa={empresa}
      inputId={inputId}
      label={titulo}
      labelOculto
      placeholder={placeholder}
      value={elegido?._id ?? ''}
      actual={elegido}
      error={error}
      onChange={onChange}
    />
    {elegido && !elegido.documento && (
      <Alert variant="warning" className="mt-2 mb-0">
        {sinNif}
      </Alert>
    )}
    {children}
  </Card>
);
