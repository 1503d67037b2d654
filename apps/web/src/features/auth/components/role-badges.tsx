import { Badge } from 'react-bootstrap';

export type RoleBadgesProps = {
  roles: readonly string[];
  label: string;
  testId: string;
  variant?: string;
};

export const RoleBadges = ({ roles, label, testId, variant = 'primary' }: RoleBadgesProps) =>
  roles.length === 0 ? (
    <p className="text-body-secondary fst-italic mb-0" data-testid={testId}>
      Sin roles asignados
    </p>
  ) : (
    <ul className="list-inline mb-0" aria-label={label} data-testid={testId}>
      {roles.map((role) => (
        <li key={role} className="list-inline-item">
          <Badge bg={variant} pill>
            {role}
          </Badge>
        </li>
      ))}
    </ul>
  );
