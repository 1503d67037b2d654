import type { ReactNode } from 'react';
import { Card } from 'react-bootstrap';
import { FiAlertTriangle } from 'react-icons/fi';

export type ErrorScreenProps = {
  title: string;
  message: ReactNode;
  /** The recovery buttons. */
  actions: ReactNode;
};

/** Full-page layout shared by the error screens of SPEC 2.8. */
export const ErrorScreen = ({ title, message, actions }: ErrorScreenProps) => (
  <main className="d-flex align-items-center justify-content-center min-vh-100 bg-body-tertiary p-3">
    <Card
      className="shadow-sm text-center"
      style={{ maxWidth: '28rem', width: '100%' }}
      role="alert"
    >
      <Card.Body className="p-4">
        <FiAlertTriangle className="text-danger mb-3" size={48} aria-hidden="true" />
        <h1 className="h4 mb-2">{title}</h1>
        <div className="text-body-secondary mb-4">{message}</div>
        <div className="d-flex flex-wrap justify-content-center gap-2">{actions}</div>
      </Card.Body>
    </Card>
  </main>
);
