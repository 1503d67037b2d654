import { Alert } from 'react-bootstrap';
import { ROUTE_FOCUS_ATTRIBUTE } from '../layout/use-route-focus.js';

/** A message the user can dismiss: the flash after a save, a failed export. */
export const DismissibleAlert = ({
  variant,
  message,
  onClose,
}: {
  variant: 'success' | 'danger';
  message: string | undefined;
  onClose: () => void;
}) =>
  message ? (
    // The screen a save led to starts at its outcome (use-route-focus.ts).
    <Alert
      variant={variant}
      dismissible
      closeLabel="Cerrar"
      onClose={onClose}
      tabIndex={-1}
      {...{ [ROUTE_FOCUS_ATTRIBUTE]: '' }}
    >
      {message}
    </Alert>
  ) : null;
