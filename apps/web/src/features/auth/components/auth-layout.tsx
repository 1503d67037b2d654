import type { ReactNode } from 'react';
import { Container } from 'react-bootstrap';
import { FiLayers } from 'react-icons/fi';

/** Centred page with the product name, around the sign-in and session cards. */
export const AuthLayout = ({ children }: { children: ReactNode }) => (
  <main className="d-flex align-items-center min-vh-100 bg-body-tertiary py-5">
    <Container style={{ maxWidth: '34rem' }}>
      <header className="text-center mb-4">
        <FiLayers className="text-primary mb-2" size={40} aria-hidden="true" />
        <h1 className="h3 fw-bold mb-1">TVSistema</h1>
        <p className="text-body-secondary mb-0">Alquileres · Transportes · Trabajos Verticales</p>
      </header>
      {children}
    </Container>
  </main>
);
