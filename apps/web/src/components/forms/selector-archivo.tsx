import { useId, useRef, useState, type ReactNode } from 'react';
import { Button, Form } from 'react-bootstrap';

export const SELECTOR_ARCHIVO_TEXTS = {
  seleccionarArchivo: 'Seleccionar archivo',
  seleccionarArchivos: 'Seleccionar archivos',
  ninguno: 'Ningún archivo seleccionado',
  varios: (n: number) => `${n} archivos seleccionados`,
} as const;

const T = SELECTOR_ARCHIVO_TEXTS;

/** What a picker says it holds: the name, the names when a few, the count when many. */
export const nombresSeleccionados = (nombres: readonly string[]) =>
  nombres.length === 0
    ? T.ninguno
    : nombres.length <= 3
      ? nombres.join(', ')
      : T.varios(nombres.length);

export type SelectorArchivoProps = {
  /** The input's id; a generated one by default. */
  id?: string;
  /** The field's label: the input's accessible name (journeys and tests find the input by it). */
  label: ReactNode;
  labelClassName?: string;
  /** The button's text: "Seleccionar archivo" ("… archivos" with `multiple`) by default. */
  boton?: string;
  accept?: string;
  multiple?: boolean;
  disabled?: boolean;
  /** The field's message; it marks the field invalid. */
  error?: string | undefined;
  size?: 'sm';
  /**
   * What the picker shows as chosen when the parent keeps the choice (`null`: nothing, e.g.
   * after the upload); left out, the picker shows what was last chosen in it.
   */
  seleccion?: File | readonly File[] | null;
  /**
   * Empties the input after each choice, so that choosing the same file again fires again (a
   * picker that uploads at once).
   */
  vaciar?: boolean;
  onChange: (files: File[]) => void;
  /** After the button: a field message, a hint. */
  children?: ReactNode;
  className?: string;
};

/**
 * A file field in Spanish (issue 14): a native file input shows the browser's own "Choose file" /
 * "No file chosen" in an English browser. A real button opens the input, which stays in the DOM
 * visually hidden (not `display: none`) and named by the label, so the label still opens it and a
 * journey's `setInputFiles` finds it; the chosen name(s) or "Ningún archivo seleccionado" follow
 * the button and describe it, with the label. On a phone the button is a 44 px target like every
 * other (theme.css). Decision 0045.
 */
export const SelectorArchivo = ({
  id,
  label,
  labelClassName,
  boton,
  accept,
  multiple = false,
  disabled = false,
  error,
  size,
  seleccion,
  vaciar = false,
  onChange,
  children,
  className,
}: SelectorArchivoProps) => {
  const generado = useId();
  const inputId = id ?? `${generado}-archivo`;
  const labelId = `${inputId}-etiqueta`;
  const nombreId = `${inputId}-seleccion`;
  const errorId = `${inputId}-error`;
  const isInvalid = Boolean(error);
  const input = useRef<HTMLInputElement>(null);
  const [elegidos, setElegidos] = useState<string[]>([]);
  const nombres =
    seleccion === undefined
      ? elegidos
      : seleccion === null
        ? []
        : 'name' in seleccion
          ? [seleccion.name]
          : seleccion.map((f) => f.name);
  return (
    <div className={className}>
      <Form.Label htmlFor={inputId} id={labelId} className={labelClassName}>
        {label}
      </Form.Label>
      <div className="d-flex flex-wrap align-items-center gap-2">
        <input
          ref={input}
          id={inputId}
          type="file"
          // Hidden from sight, not from the DOM: the button stands for it in the tab order.
          className="visually-hidden"
          tabIndex={-1}
          accept={accept}
          multiple={multiple}
          disabled={disabled}
          aria-invalid={isInvalid || undefined}
          aria-describedby={isInvalid ? errorId : undefined}
          onChange={(event) => {
            const files = [...(event.currentTarget.files ?? [])];
            setElegidos(files.map((f) => f.name));
            if (vaciar) event.currentTarget.value = '';
            onChange(files);
          }}
        />
        <Button
          variant={isInvalid ? 'outline-danger' : 'outline-secondary'}
          size={size}
          disabled={disabled}
          aria-describedby={`${labelId} ${nombreId}${isInvalid ? ` ${errorId}` : ''}`}
          onClick={() => input.current?.click()}
        >
          {boton ?? (multiple ? T.seleccionarArchivos : T.seleccionarArchivo)}
        </Button>
        <span
          id={nombreId}
          className={`text-break${nombres.length === 0 ? ' text-body-secondary' : ''}${size === 'sm' ? ' small' : ''}`}
        >
          {nombresSeleccionados(nombres)}
        </span>
      </div>
      {isInvalid && (
        <div id={errorId} className="invalid-feedback d-block">
          {error}
        </div>
      )}
      {children}
    </div>
  );
};
