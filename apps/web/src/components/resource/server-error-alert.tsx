import { Alert } from 'react-bootstrap';
import { isApiError } from '../../lib/api-client.js';

export type ServerErrorAlertProps = {
  error: unknown;
  /** Used when the error carries no message of its own. */
  fallback: string;
  className?: string;
};

/** The server's message in red, with its per-field list of a 400 below it. */
export const ServerErrorAlert = ({ error, fallback, className }: ServerErrorAlertProps) => {
  const message = error instanceof Error && error.message.trim() !== '' ? error.message : fallback;
  const details = isApiError(error)
    ? (error.errors ?? []).filter((item): item is string => typeof item === 'string')
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
