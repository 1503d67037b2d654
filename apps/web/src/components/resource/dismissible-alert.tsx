import { Alert } from 'react-bootstrap';

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
    <Alert variant={variant} dismissible onClose={onClose}>
      {message}
    </Alert>
  ) : null;
