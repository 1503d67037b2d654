import { Alert, Button } from 'react-bootstrap';
import { T } from '../logistica-texts.js';

/** The list narrowed to one import's albaranes ("Ver albaranes importados"), and the way out. */
export const FiltroImportacion = ({
  importacionId,
  onQuitar,
}: {
  importacionId: string;
  onQuitar: () => void;
}) =>
  importacionId ? (
    <Alert variant="info" className="d-flex flex-wrap align-items-center gap-2 py-2">
      <span className="me-auto">{T.importar.filtroImportacion}</span>
      <Button size="sm" variant="outline-primary" onClick={onQuitar}>
        {T.importar.quitarFiltro}
      </Button>
    </Alert>
  ) : null;
