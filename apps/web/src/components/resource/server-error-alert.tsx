import { Alert } from 'react-bootstrap';
import { isApiError } from '../../lib/api-client.js';

export type ServerErrorAlertProps = {
  error: unknown;
  /** Used when the error carries no message of its own. */
  fallback: string;
  className?: string;
};

// The API writes a 400's errors as "firma.dni: El DNI no es válido": the path names the body's
// field for forms that mark it (errores-formulario.tsx); here, under a modal's few fields, the
// sentence alone says it (issue 14).
const RUTA = /^\s*[A-Za-z_][\w]*(?:\.\w+|\[\d+\])*\s*:\s*(?=\S)/;

/** An API error as a user reads it: its message without the body path before it. */
export const sinRuta = (error: string) => error.replace(RUTA, '');

/** The server's message in red, with its per-field list of a 400 below it. */
export const ServerErrorAlert = ({ error, fallback, className }: ServerErrorAlertProps) => {
  const message = error instanceof Error && error.message.trim() !== '' ? error.message : fallback;
  const details = isApiError(error)
    ? (error.errors ?? []).filter((item): item is string => typeof item === 'string').map(sinRuta)
    : [];
  return (
    <Alert variant="danger" className={className}>
      {message}
      {details.length > 0 && (
        <ul className="mb-0 mt-1">
          {details.map((detail) => (
            <li key={detail}>{detail}</li>
          ))}
        </ul>
      )}
    </Alert>
  );
};
