import {
  cloneElement,
  createContext,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  isValidElement,
  type ReactNode,
} from 'react';
import { Alert, Form } from 'react-bootstrap';
import type { ZodType } from 'zod';
import { mapListErrors, mapServerErrors } from '../../lib/server-errors.js';
import { errorIdOf, invalidProps } from './invalid-field.js';
import { RESOURCE_TEXTS as T } from './resource-texts.js';
import { enfocarSinMenu } from '../forms/enfocar-sin-menu.js';

/** A refused save as the forms keep it: the server's message and its `errors`. */
export type ErrorGuardado = { message: string; errors: string[] };

/** The API's 400 message, which a save the browser refuses shows too. */
export const DATOS_INVALIDOS = 'Datos inválidos';

/** An issue's path as the API writes it: `lineas[0].descripcion`. */
const rutaDe = (path: readonly PropertyKey[]) =>
  path
    .map((p, k) => (typeof p === 'number' ? `[${p}]` : `${k > 0 ? '.' : ''}${String(p)}`))
    .join('');

/**
 * The body a form would send, checked in the browser with the domain schema the API validates it
 * with: its issues as the API writes them ("lineas[0].descripcion: La descripción es
 * obligatoria"), none when the API would take it. The server stays the authority.
 */
export const erroresDelEsquema = (schema: ZodType, cuerpo: unknown): string[] => {
  const resultado = schema.safeParse(cuerpo);
  if (resultado.success) return [];
  return resultado.error.issues.map((issue) => {
    const ruta = rutaDe(issue.path);
    return ruta && !issue.message.startsWith(`${ruta}:`)
      ? `${ruta}: ${issue.message}`
      : issue.message;
  });
};

/**
 * The error a form shows: the server's refusal of the last save, else (once a save was tried)
 * what the browser finds in the body as it is now, so a corrected field loses its message.
 */
export const useErrorVisible = (
  servidor: ErrorGuardado | null,
  navegador: readonly string[],
): ErrorGuardado | null => {
  const clave = navegador.join('\n');
  return useMemo(
    () =>
      servidor ?? (clave === '' ? null : { message: DATOS_INVALIDOS, errors: clave.split('\n') }),
    [servidor, clave],
  );
};

/**
 * A refused save's errors on the fields they name (issue 14): the API writes them as
 * "lineas[0].descripcion: …" and "clienteId: …", which in a list said nothing a user could act on.
 * `campos` are the document's own fields that show a message; `camposDeLinea` the line fields the
 * table draws. A line's field the table does not draw keeps its message in the alert, with its
 * line; so does whatever names no field.
 */
export const useErroresDocumento = (
  error: ErrorGuardado | null,
  campos: readonly string[],
  camposDeLinea: ReadonlySet<string>,
) => {
  const errores = useMemo(() => {
    const porLinea = mapListErrors(error?.errors, 'lineas');
    const documento = mapServerErrors(porLinea.rest, campos);
    const sinCampo = [...porLinea.items].flatMap(([i, porCampo]) =>
      Object.entries(porCampo)
        .filter(([campo]) => !camposDeLinea.has(campo))
        .map(([, mensaje]) => T.errorLinea(i + 1, mensaje)),
    );
    return {
      lineas: porLinea.items,
      campos: documento.fields as Partial<Record<string, string>>,
      resto: [...documento.unmapped, ...sinCampo],
    };
    // The field lists are constants of each form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [error]);
  // After a refused save the focus goes to the first marked field, or else to the alert; a
  // typeahead (Cliente, Proveedor, Factura rectificada) takes it with its menu closed, which
  // would cover the message the field is described by.
  const alertaRef = useRef<HTMLDivElement>(null);
  const [foco, setFoco] = useState(0);
  useEffect(() => {
    if (foco === 0) return;
    const pagina = alertaRef.current?.closest('main') ?? document;
    const campo = pagina.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (campo) enfocarSinMenu(campo);
    else alertaRef.current?.focus();
  }, [foco]);
  const enLinea = (i: number, campo: string) =>
    camposDeLinea.has(campo) ? errores.lineas.get(i)?.[campo] : undefined;
  const marcados =
    Object.keys(errores.campos).length > 0 ||
    [...errores.lineas.values()].some((c) => Object.keys(c).some((k) => camposDeLinea.has(k)));
  return {
    /** The message of a document field ("Elige un cliente"), for its typeahead's `error`. */
    campo: (nombre: string) => errores.campos[nombre],
    /** A document field's props (red, `aria-invalid`, described by its message), by `controlId`. */
    campoProps: (nombre: string, controlId: string, describedBy?: string) =>
      invalidProps(controlId, errores.campos[nombre], describedBy),
    /** The message under a document field, when it is refused. */
    mensaje: (nombre: string, controlId: string) => {
      const mensaje = errores.campos[nombre];
      return mensaje ? (
        <Form.Control.Feedback type="invalid" id={errorIdOf(controlId)}>
          {mensaje}
        </Form.Control.Feedback>
      ) : null;
    },
    /** Moves the focus to the first marked field (or the alert) once the form has drawn them. */
    enfocar: () => setFoco((n) => n + 1),
    /** A line field's props: its id, red, `aria-invalid`, described by its message. */
    campoLinea: (i: number, campo: string) => ({
      id: `linea-${i}-${campo}`,
      ...invalidProps(`linea-${i}-${campo}`, enLinea(i, campo)),
    }),
    /** The message under a line field, when the server refused it. */
    mensajeLinea: (i: number, campo: string) => {
      const mensaje = enLinea(i, campo);
      return mensaje ? (
        <Form.Control.Feedback type="invalid" id={errorIdOf(`linea-${i}-${campo}`)}>
          {mensaje}
        </Form.Control.Feedback>
      ) : null;
    },
    /** The alert: the server's message, "Revisa los campos marcados." and what no field shows. */
    alerta: error && (
      <Alert variant="danger" role="alert" ref={alertaRef} tabIndex={-1}>
        <p className="mb-1">
          {/* Two sentences: the API's "Datos inválidos" gets its full stop before the next. */}
          {marcados
            ? `${error.message}${/[.!?…]$/.test(error.message) ? '' : '.'} ${T.revisaCampos}`
            : error.message}
        </p>
        {errores.resto.length > 0 && (
          <ul className="mb-0">
            {errores.resto.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        )}
      </Alert>
    ),
  };
};

/** A refused field's message by the body's path ("destinatario.nombre"), for `CampoConError`. */
export const ErrorDeCampo = createContext<(campo: string) => string | undefined>(() => undefined);

/**
 * A labelled field. With `campo` (the body's path the API names in a 400) a refused value marks
 * its control red and `aria-invalid`, described by the message under it, read from the nearest
 * `ErrorDeCampo` (a form gives it `useErroresDocumento(…).campo`).
 */
export const CampoConError = ({
  id,
  label,
  campo,
  children,
}: {
  id: string;
  label: string;
  campo?: string | undefined;
  /** The control (one element when `campo` is given); a field without `campo` may hold more. */
  children: ReactNode;
}) => {
  const error = useContext(ErrorDeCampo)(campo ?? '');
  return (
    <Form.Group controlId={id}>
      <Form.Label>{label}</Form.Label>
      {campo && isValidElement<Record<string, unknown>>(children)
        ? cloneElement(children, invalidProps(id, error))
        : children}
      {error && (
        <Form.Control.Feedback type="invalid" id={errorIdOf(id)}>
          {error}
        </Form.Control.Feedback>
      )}
    </Form.Group>
  );
};
