import type { ReactNode } from 'react';
import { Card } from 'react-bootstrap';

export const SectionCard = ({
  title,
  icon,
  actions,
  children,
}: {
  title: string;
  icon?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) => (
  <Card className="shadow-sm resource-section-card" as="section" aria-label={title}>
    <Card.Header className="d-flex justify-content-between align-items-center gap-2">
      <h2 className="h6 mb-0 d-flex align-items-center gap-2">
        {icon && <span aria-hidden="true">{icon}</span>}
        {title}
      </h2>
      {actions}
    </Card.Header>
    <Card.Body>{children}</Card.Body>
  </Card>
);
