import { useState } from 'react';
import { Alert, Badge, Button, Card, Form, Table } from 'react-bootstrap';
import { Link } from 'react-router';
import { can, type Plantilla } from '@tvsistema/domain';
import { formatFecha } from '@tvsistema/domain/format';
import { LoadingStatus } from '../../../components/resource/loading-status.js';
import { ResourcePage } from '../../../components/resource/resource-page.js';
import { NARROW_LIST_QUERY } from '../../../components/resource/resource-results.js';
import { useMediaQuery } from '../../../lib/use-media-query.js';
import { useApiClient } from '../../../lib/api-client-context.js';
import { useAuthContext } from '../../../lib/auth-context.js';
import {
  PRESUPUESTOS_API,
  put,
  useComercialMutation,
  usePlantillas,
} from '../api/comercial-api.js';
import { comercialHrefs } from '../comercial-paths.js';
import { T } from '../comercial-texts.js';
import { AccionModal } from './accion-modal.js';
import { PlantillaModal } from './plantilla-modal.js';
import '../comercial.css';

/** /presupuestos/templates (presupuestos.view): the reusable quote templates (§2.3, §5). */
export const PlantillasPage = () => {
  const [q, setQ] = useState('');
  const [estado, setEstado] = useState<'todas' | 'activas' | 'inactivas'>('todas');
  const query = usePlantillas({
    searchTerm: q || undefined,
    activo: estado === 'todas' ? undefined : estado === 'activas',
    limit: 50,
  });
  const { roles } = useAuthContext();
  const canEdit = can(roles, 'presupuestos.edit');
  const api = useApiClient();
  const [error, setError] = useState<string | undefined>();
  const [editando, setEditando] = useState<{ plantilla?: Plantilla } | undefined>();
  const [aviso, setAviso] = useState<string | undefined>();
  const [eliminando, setEliminando] = useState<Plantilla | undefined>();
  const cambiar = useComercialMutation(
    async (_a, body: { id: string; datos: Record<string, unknown> }) =>
      put(api, `${PRESUPUESTOS_API}/plantillas/${body.id}`, body.datos),
  );
  // Below 768 px the seven columns would hide the actions off-screen: each template is a card
  // with the same actions (issue 14).
  const narrow = useMediaQuery(NARROW_LIST_QUERY);
  const acciones = (p: Plantilla) => (
    <>
      <Link
        to={comercialHrefs.nuevoPresupuesto(p._id)}
        className="btn btn-sm btn-outline-primary me-1"
      >
        {T.plantillas.usar}
      </Link>
      <Button
        size="sm"
        variant="outline-primary"
        className="me-1"
        aria-label={`Editar ${p.nombre}`}
        onClick={() => setEditando({ plantilla: p })}
      >
        Editar
      </Button>
      <Button
        size="sm"
        variant="outline-secondary"
        aria-label={`${p.activo ? 'Desactivar' : 'Activar'} ${p.nombre}`}
        onClick={() =>
          void cambiar
            .mutateAsync({
              id: p._id,
              // Everything as saved but `activo` (a PUT replaces the template).
              datos: {
                nombre: p.nombre,
                descripcion: p.descripcion ?? undefined,
                activo: !p.activo,
                validezDias: p.validezDias,
                duracionDias: p.duracionDias,
                facturacion: p.facturacion ?? undefined,
                fianza: p.fianza ?? undefined,
                condiciones: p.condiciones ?? undefined,
                lineas: p.lineas,
                version: p.version,
              },
            })
            .catch((e: Error) => setError(e.message))
        }
      >
        {p.activo ? 'Desactivar' : 'Activar'}
      </Button>
      <Button
        size="sm"
        variant="danger"
        className="ms-1"
        aria-label={`Eliminar ${p.nombre}`}
        onClick={() => setEliminando(p)}
      >
        Eliminar
      </Button>
    </>
  );
  return (
    <ResourcePage className="comercial-page">
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0">{T.plantillas.title}</h1>
        <div className="d-flex gap-2">
          <Link to={comercialHrefs.presupuestos()} className="btn btn-outline-secondary">
            {T.presupuestos.title}
          </Link>
          {canEdit && <Button onClick={() => setEditando({})}>{T.plantillas.nueva}</Button>}
        </div>
      </div>
      <div className="d-flex flex-wrap gap-2 mb-3">
        <Form.Control
          aria-label={T.plantillas.search}
          placeholder={T.plantillas.search}
          value={q}
          onChange={(e) => setQ(e.target.value)}
          style={{ maxWidth: 320 }}
        />
        <Form.Select
          aria-label="Estado"
          value={estado}
          onChange={(e) => setEstado(e.target.value as typeof estado)}
          style={{ maxWidth: 200 }}
        >
          <option value="todas">Todas</option>
          <option value="activas">Activas</option>
          <option value="inactivas">Inactivas</option>
        </Form.Select>
      </div>
      {aviso && (
        <Alert
          variant="success"
          dismissible
          closeLabel="Cerrar"
          onClose={() => setAviso(undefined)}
        >
          {aviso}
        </Alert>
      )}
      {editando && (
        <PlantillaModal
          show
          plantilla={editando.plantilla}
          onHide={() => setEditando(undefined)}
          onSaved={() => {
            setAviso(editando.plantilla ? 'Plantilla actualizada' : T.plantillas.creada);
            void query.refetch();
          }}
        />
      )}
      {eliminando && (
        // A deletion asks first; a used template's 409 ("…desactívala en su lugar.") stays here.
        <AccionModal
          show
          titulo="Eliminar plantilla"
          confirmar="Eliminar"
          variant="danger"
          fallo="No se pudo eliminar la plantilla."
          onHide={() => setEliminando(undefined)}
          onConfirm={async () => {
            await api.delete(`${PRESUPUESTOS_API}/plantillas/${eliminando._id}`, {
              query: { version: eliminando.version },
            });
            setAviso('Plantilla eliminada');
            await query.refetch();
          }}
        >
          <p className="mb-0">{`¿Eliminar la plantilla «${eliminando.nombre}»? Esta acción no se puede deshacer.`}</p>
        </AccionModal>
      )}
      {error && (
        <Alert variant="danger" dismissible closeLabel="Cerrar" onClose={() => setError(undefined)}>
          {error}
        </Alert>
      )}
      {query.isPending && <LoadingStatus message={T.plantillas.loading} />}
      {query.isError && <Alert variant="danger">{T.plantillas.failed}</Alert>}
      {query.data && query.data.data.length === 0 && <p>{T.plantillas.empty}</p>}
      {query.data && query.data.data.length > 0 && narrow && (
        <ul className="list-unstyled d-grid gap-2 mb-0" aria-label={T.plantillas.title}>
          {query.data.data.map((p) => (
            <li key={p._id}>
              <Card body>
                <div className="d-flex flex-wrap justify-content-between gap-2">
                  <h2 className="h6 mb-1">{p.nombre}</h2>
                  <Badge bg={p.activo ? 'success' : 'secondary'} className="align-self-start">
                    {p.activo ? 'Activa' : 'Inactiva'}
                  </Badge>
                </div>
                <p className="small text-body-secondary mb-2">
                  {`${p.lineas.length} ${p.lineas.length === 1 ? 'línea' : 'líneas'} · ${p.duracionDias} días de duración · validez ${p.validezDias} días · actualizada ${formatFecha(p.updatedAt.slice(0, 10))}`}
                </p>
                {canEdit && <div className="d-flex flex-wrap gap-2">{acciones(p)}</div>}
              </Card>
            </li>
          ))}
        </ul>
      )}
      {query.data && query.data.data.length > 0 && !narrow && (
        <div
          className="comercial-lineas"
          role="region"
          aria-label={T.plantillas.title}
          tabIndex={0}
        >
          <Table size="sm" className="align-middle">
            <thead>
              <tr>
                <th scope="col">Nombre</th>
                <th scope="col" className="text-end">
                  Líneas
                </th>
                <th scope="col" className="text-end">
                  Duración (días)
                </th>
                <th scope="col" className="text-end">
                  Validez (días)
                </th>
                <th scope="col">Estado</th>
                <th scope="col">Actualizada</th>
                <th scope="col" className="text-end">
                  Acciones
                </th>
              </tr>
            </thead>
            <tbody>
              {query.data.data.map((p) => (
                <tr key={p._id}>
                  <td>{p.nombre}</td>
                  <td className="text-end">{p.lineas.length}</td>
                  <td className="text-end">{p.duracionDias}</td>
                  <td className="text-end">{p.validezDias}</td>
                  <td>
                    <Badge bg={p.activo ? 'success' : 'secondary'}>
                      {p.activo ? 'Activa' : 'Inactiva'}
                    </Badge>
                  </td>
                  <td className="text-nowrap">{formatFecha(p.updatedAt.slice(0, 10))}</td>
                  <td className="text-end text-nowrap">{canEdit && acciones(p)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}
    </ResourcePage>
  );
};
