import { useState } from 'react';
import { Badge, Button, Form } from 'react-bootstrap';
import { can, type Operario } from '@tvsistema/domain';
import { useAuthContext } from '../../../lib/auth-context.js';
import { useOperarios } from '../api/operarios.js';
import { OBRAS_TEXTS as T } from '../obras-texts.js';
import { Tabla } from './tabla.js';
import { AptitudBadge } from './obra-badges.js';
import { certificacionDe, OperarioModal, prlDe, reconocimientoDe } from './operario-modal.js';

const O = T.operarios;

/** §5.5 Operarios tab: the team's certifications at a glance; create and edit in a modal. */
export const OperariosTab = () => {
  const { roles } = useAuthContext();
  const canEdit = can(roles, 'obras.edit');
  const [term, setTerm] = useState('');
  const query = useOperarios(term.trim());
  const [abierto, setAbierto] = useState<Operario | 'nuevo' | undefined>();
  const operarios = query.data?.data ?? [];
  return (
    <div>
      <div className="d-flex flex-wrap gap-2 mb-3">
        <Form.Control
          type="search"
          className="w-auto flex-grow-1"
          aria-label={O.buscar}
          placeholder={O.buscar}
          value={term}
          onChange={(e) => setTerm(e.target.value)}
        />
        {canEdit && (
          <Button className="resource-accent-button" onClick={() => setAbierto('nuevo')}>
            {O.nuevo}
          </Button>
        )}
      </div>
      {query.isPending ? (
        <p role="status">{O.cargando}</p>
      ) : operarios.length === 0 ? (
        <p>{O.vacio}</p>
      ) : (
        <Tabla label={T.tabs.operarios}>
          <thead>
            <tr>
              {O.columnas.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {operarios.map((o) => (
              <tr key={o._id}>
                <td>{o.nombreCompleto}</td>
                <td>{o.documento}</td>
                <td>{certificacionDe(o) ?? '—'}</td>
                <td>{prlDe(o) ?? '—'}</td>
                <td>{reconocimientoDe(o) ?? '—'}</td>
                <td>{o.obrasEnCurso}</td>
                <td>
                  {o.activo ? (
                    <AptitudBadge aptitud={o.aptitud} />
                  ) : (
                    <Badge bg="secondary">Inactivo</Badge>
                  )}
                </td>
                <td>
                  {canEdit && (
                    <Button size="sm" variant="outline-primary" onClick={() => setAbierto(o)}>
                      Editar<span className="visually-hidden"> {o.nombreCompleto}</span>
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </Tabla>
      )}
      {abierto && (
        <OperarioModal
          operario={abierto === 'nuevo' ? undefined : abierto}
          onHide={() => setAbierto(undefined)}
        />
      )}
    </div>
  );
};
