import { useEffect, useRef, useState } from 'react';
import { Form } from 'react-bootstrap';
import {
  Highlighter,
  Menu,
  MenuItem,
  Typeahead,
  TypeaheadInputSingle,
  type TypeaheadRef,
} from 'react-bootstrap-typeahead';
import type { Option } from 'react-bootstrap-typeahead/types/types';
import 'react-bootstrap-typeahead/css/Typeahead.css';
import 'react-bootstrap-typeahead/css/Typeahead.bs5.css';
import { LIMITS, MESSAGES } from '@tvsistema/domain';
import './opcion-typeahead.css';
import { focoSinMenu } from './enfocar-sin-menu.js';
import { menuLabel } from './menu-label.js';

/** An option; a disabled one is shown greyed, its label saying why it cannot be chosen. */
export type Opcion = { id: string; label: string; disabled?: boolean };

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
  /** The field's error (e.g. the server's refusal after saving), shown under it. */
  error?: string | undefined;
};

/**
 * A typeahead over a loaded list of records (finanzas.md §5, flota-obras.md §5.2): typing part of a
 * name or NIF narrows it (accents ignored); emptying the text clears the choice.
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
  error,
}: OpcionTypeaheadProps) => {
  const elegida =
    options.find((o) => o.id === value) ??
    (value && valueLabel ? { id: value, label: valueLabel } : undefined);
  const typeahead = useRef<TypeaheadRef>(null);
  // Set while a refused form focuses the field (`enfocarSinMenu`): the library opens the menu on
  // every focus, so it is closed again once the library has taken that focus.
  const cerrarAlEnfocar = useRef(false);
  return (
    <Form.Group className={`opcion-typeahead${className ? ` ${className}` : ''}`}>
      <Form.Label htmlFor={inputId} visuallyHidden={labelOculto}>
        {label}
      </Form.Label>
      <Typeahead
        ref={typeahead}
        id={`${inputId}-menu`}
        onFocus={() => {
          if (!cerrarAlEnfocar.current) return;
          cerrarAlEnfocar.current = false;
          typeahead.current?.hideMenu();
        }}
        inputProps={{
          id: inputId,
          ...(error ? { 'aria-invalid': true, 'aria-describedby': `${inputId}-error` } : {}),
        }}
        isInvalid={Boolean(error)}
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
        // The library greys a disabled option by class only: aria-disabled tells screen readers
        // too (the label says why). Its listbox is named "menu-options" unless told otherwise.
        renderMenu={(
          results,
          // Props of the library's own menu item renderer: on <Menu> they reached the DOM
          // ("React does not recognize the `renderMenuItemChildren` prop").
          { newSelectionPrefix: _n, paginationText: _p, renderMenuItemChildren: _r, ...menuProps },
          state,
        ) => (
          <Menu {...menuProps} aria-label={menuLabel(label)}>
            {results.map((option, position) => {
              const o = option as Opcion;
              return (
                <MenuItem
                  key={o.id}
                  option={option}
                  position={position}
                  label={o.label}
                  disabled={o.disabled}
                  aria-disabled={o.disabled ? true : undefined}
                >
                  <Highlighter search={state.text}>{o.label}</Highlighter>
                </MenuItem>
              );
            })}
          </Menu>
        )}
        // ARIA 1.2 wants an expanded combobox to name its listbox with aria-controls; the library
        // only sets aria-owns, which axe reports as a critical violation.
        renderInput={(inputProps) => (
          <TypeaheadInputSingle
            {...inputProps}
            aria-expanded={inputProps['aria-expanded'] === true}
            aria-controls={inputProps['aria-owns']}
            onFocus={(event) => {
              cerrarAlEnfocar.current = focoSinMenu(event.currentTarget);
              inputProps.onFocus?.(event);
            }}
          />
        )}
      />
      {error && (
        <Form.Control.Feedback type="invalid" id={`${inputId}-error`} className="d-block">
          {error}
        </Form.Control.Feedback>
      )}
    </Form.Group>
  );
};

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
