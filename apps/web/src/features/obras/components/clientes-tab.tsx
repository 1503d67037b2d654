import { useState } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { can, type Cliente } from '@tvsistema/domain';
import { EstadoBadge } from '../../../components/resource/estado-badge.js';
import { useAuthContext } from '../../../lib/auth-context.js';
import { useClientesVerticales } from '../api/clientes.js';
import { OBRAS_TEXTS as T } from '../obras-texts.js';
import { Tabla } from './tabla.js';
import { NuevoClienteModal } from './cliente-picker.js';

const C = T.clientes;

/** §5.5 Clientes tab: the verticales clients (SPEC 2.11 puts them under /obras). */
export const ClientesTab = () => {
  const { roles } = useAuthContext();
  const canEdit = can(roles, 'obras.edit');
  const [term, setTerm] = useState('');
  const query = useClientesVerticales(term.trim(), 100);
  const [creando, setCreando] = useState(false);
  const [editando, setEditando] = useState<Cliente | undefined>();
  const [aviso, setAviso] = useState<string | undefined>();
  const clientes = query.data?.data ?? [];
  return (
    <div>
      <h2 className="h5">{C.titulo}</h2>
      {aviso && (
        <Alert variant="success" role="status" dismissible onClose={() => setAviso(undefined)}>
          {aviso}
        </Alert>
      )}
      <div className="d-flex flex-wrap gap-2 mb-3">
        <Form.Control
          type="search"
          className="w-auto flex-grow-1"
          aria-label={C.buscar}
          placeholder={C.buscar}
          value={term}
          onChange={(e) => setTerm(e.target.value)}
        />
        {canEdit && (
          <Button className="resource-accent-button" onClick={() => setCreando(true)}>
            {T.nuevoCliente}
          </Button>
        )}
      </div>
      {query.isPending ? (
        <p role="status">Cargando clientes…</p>
      ) : clientes.length === 0 ? (
        <p>{C.vacio}</p>
      ) : (
        <Tabla label={C.titulo}>
          <thead>
            <tr>
              {C.columnas.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {clientes.map((c) => (
              <tr key={c._id}>
                <td>{c.nombre}</td>
                <td>{c.documento ?? '—'}</td>
                <td>
                  <EstadoBadge activo={c.activo} />
                </td>
                <td>
                  {canEdit && (
                    <Button size="sm" variant="outline-primary" onClick={() => setEditando(c)}>
                      Editar<span className="visually-hidden"> {c.nombre}</span>
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </Tabla>
      )}
      {editando && (
        <NuevoClienteModal
          nombreInicial=""
          cliente={editando}
          onHide={() => setEditando(undefined)}
          onCreado={() => {
            setEditando(undefined);
            setAviso(C.actualizado);
          }}
        />
      )}
      {creando && (
        <NuevoClienteModal
          nombreInicial=""
          onHide={() => setCreando(false)}
          onCreado={() => {
            setCreando(false);
            setAviso(C.creado);
          }}
        />
      )}
    </div>
  );
};
