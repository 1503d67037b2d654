import { Alert } from 'react-bootstrap';
import { ResourcePage } from '../../../components/resource/resource-page.js';

/** A logística screen of a later step (transport, import): its title and a note. */
export const ModuloEnPreparacion = ({ titulo }: { titulo: string }) => (
  <ResourcePage className="logistica-page">
    <h1 className="h3 mb-3">{titulo}</h1>
    <Alert variant="info" className="mb-0">
      Esta pantalla estará disponible próximamente.
    </Alert>
  </ResourcePage>
);
