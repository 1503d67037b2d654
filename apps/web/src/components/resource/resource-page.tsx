import type { ReactNode } from 'react';
import { Container } from 'react-bootstrap';
import './resource.css';

/** The page container of a resource screen: its width, spacing and the kit's styles. */
export const ResourcePage = ({
  className,
  children,
}: {
  /** The module's own class, for its few styles of its own. */
  className?: string;
  children: ReactNode;
}) => (
  <Container fluid="xxl" className={`py-3 resource-page${className ? ` ${className}` : ''}`}>
    {children}
  </Container>
);
