import { useMemo } from 'react';
import { Alert, Form } from 'react-bootstrap';
import { errorIdOf, invalidProps } from '../../../components/resource/invalid-field.js';
import { mapListErrors, mapServerErrors } from '../../../lib/server-errors.js';
import { T } from '../finanzas-texts.js';

/** A refused save as the forms keep it: the server's message and its `errors`. */
export type ErrorGuardado = { message: string; errors: string[] };

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
        .map(([, mensaje]) => T.form.errorLinea(i + 1, mensaje)),
    );
    return {
      lineas: porLinea.items,
      campos: documento.fields as Partial<Record<string, string>>,
      resto: [...documento.unmapped, ...sinCampo],
    };
    // The field lists are constants of each form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [error]);
  const enLinea = (i: number, campo: string) =>
    camposDeLinea.has(campo) ? errores.lineas.get(i)?.[campo] : undefined;
  const marcados =
    Object.keys(errores.campos).length > 0 ||
    [...errores.lineas.values()].some((c) => Object.keys(c).some((k) => camposDeLinea.has(k)));
  return {
    /** The message of a document field ("Elige un cliente"), for its typeahead's `error`. */
    campo: (nombre: string) => errores.campos[nombre],
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
      <Alert variant="danger" role="alert">
        <p className="mb-1">
          {error.message}
          {marcados && ` ${T.form.revisaCampos}`}
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
