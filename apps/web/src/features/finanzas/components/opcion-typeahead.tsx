import { useEffect, useState } from 'react';
import { Alert, Card, Form } from 'react-bootstrap';
import { Typeahead, TypeaheadInputSingle } from 'react-bootstrap-typeahead';
import type { Option } from 'react-bootstrap-typeahead/types/types';
import 'react-bootstrap-typeahead/css/Typeahead.css';
import 'react-bootstrap-typeahead/css/Typeahead.bs5.css';
import { LIMITS, MESSAGES, type Concepto } from '@tvsistema/domain';
import { useProveedores } from '../api/compras-api.js';
import { useClientes, useConceptos, type ClienteOpcion } from '../api/finanzas-api.js';
import '../finanzas.css';

export type Opcion = { id: string; label: string };

export type OpcionTypeaheadProps = {
  /** The input's id (its label points at it). */
  inputId: string;
  label: string;
  /** The label is read by screen readers only (a toolbar filter, whose placeholder says it). */
  labelOculto?: boolean;
  options: readonly Opcion[];
  /** The chosen option's id, '' for none. */
  value: string;
  /** What to show for a chosen id that is not among the options (an inactive record). */
  valueLabel?: string | undefined;
  onChange: (id: string) => void;
  loading?: boolean;
  disabled?: boolean;
  placeholder?: string;
  className?: string;
  /** The typed text, for a server search (the options still narrow to it meanwhile). */
  onInputChange?: (text: string) => void;
};

/**
 * finanzas.md §5 "typeahead": pick a record of an already loaded list by typing part of its
 * name or NIF (accents ignored); emptying the text clears the choice.
 */
export const OpcionTypeahead = ({
  inputId,
  label,
  labelOculto = false,
  options,
  value,
  valueLabel,
  onChange,
  loading = false,
  disabled = false,
  placeholder,
  className,
  onInputChange,
}: OpcionTypeaheadProps) => {
  const elegida =
    options.find((o) => o.id === value) ??
    (value && valueLabel ? { id: value, label: valueLabel } : undefined);
  return (
    <Form.Group className={className}>
      <Form.Label htmlFor={inputId} visuallyHidden={labelOculto}>
        {label}
      </Form.Label>
      <Typeahead
        id={`${inputId}-menu`}
        inputProps={{ id: inputId }}
        labelKey="label"
        options={[...options] as Option[]}
        selected={elegida ? [elegida] : []}
        disabled={disabled}
        placeholder={placeholder}
        isLoading={false}
        paginate={false}
        maxResults={Number.MAX_SAFE_INTEGER}
        maxHeight={`${LIMITS.typeahead.menuMaxHeightPx}px`}
        emptyLabel={loading ? MESSAGES.typeahead.searchText : MESSAGES.typeahead.emptyLabel}
        onInputChange={onInputChange}
        onChange={(chosen) => {
          const [option] = chosen as Opcion[];
          onChange(option?.id ?? '');
        }}
        // ARIA 1.2 wants an expanded combobox to name its listbox with aria-controls; the library
        // only sets aria-owns, which axe reports as a critical violation.
        renderInput={(inputProps) => (
          <TypeaheadInputSingle
            {...inputProps}
            aria-expanded={inputProps['aria-expanded'] === true}
            aria-controls={inputProps['aria-owns']}
          />
        )}
      />
    </Form.Group>
  );
};

/** A client or a supplier as their lists answer (finanzas-api, compras-api). */
export type Tercero = ClienteOpcion;

const SEARCH_DEBOUNCE_MS = 250;

/** The typed text of a server-searched typeahead, and the search once typing pauses. */
export const useBusqueda = () => {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return { search, buscando: text.trim() !== search, setText };
};

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
  onChange,
}: {
  tipo: 'clientes' | 'proveedores';
  empresa: string;
  inputId: string;
  titulo: string;
  placeholder: string;
  sinNif: string;
  elegido: Tercero | null;
  onChange: (tercero: Tercero | null) => void;
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
      onChange={onChange}
    />
    {elegido && !elegido.documento && (
      <Alert variant="warning" className="mt-2 mb-0">
        {sinNif}
      </Alert>
    )}
  </Card>
);
