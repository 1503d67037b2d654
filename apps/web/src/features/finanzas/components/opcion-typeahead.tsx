import { Form } from 'react-bootstrap';
import { Typeahead, TypeaheadInputSingle } from 'react-bootstrap-typeahead';
import type { Option } from 'react-bootstrap-typeahead/types/types';
import 'react-bootstrap-typeahead/css/Typeahead.css';
import 'react-bootstrap-typeahead/css/Typeahead.bs5.css';
import { LIMITS, MESSAGES } from '@tvsistema/domain';
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
