import { Alert, Table } from 'react-bootstrap';
import { Link } from 'react-router';
import { can } from '@tvsistema/domain';
import { formatFechaHora } from '@tvsistema/domain/format';
import { LoadingStatus } from '../../../components/resource/loading-status.js';
import { useAuthContext } from '../../../lib/auth-context.js';
import { useAlbaranes } from '../api/logistica-api.js';
import { logisticaHrefs } from '../logistica-paths.js';
import { EstadoAlbaranBadge, TipoBadge } from './badges.js';

type Props = { alquilerId: string; permiteEntrega: boolean; permiteRecogida: boolean };

/**
 * comercial.md §5: the "Albaranes" tab of a rental (Fecha, Número, Tipo, Estado and the units
 * each moved) with "Nueva entrega" / "Nueva recogida"; the tab shows only with `albaranes.view`.
 */
export const AlbaranesDeAlquiler = ({ alquilerId, permiteEntrega, permiteRecogida }: Props) => {
  const { roles } = useAuthContext();
  const query = useAlbaranes({ alquilerId, limit: 100, sort: 'fecha' });
  const editar = can(roles, 'albaranes.edit');
  const filas = query.data?.data ?? [];
  return (
    <>
      {query.isPending ? (
        <LoadingStatus message="Cargando albaranes…" />
      ) : query.isError ? (
        <Alert variant="danger">No se pudieron cargar los albaranes. Recarga la página.</Alert>
      ) : filas.length === 0 ? (
        <p>Aún no hay albaranes.</p>
      ) : (
        <div className="table-responsive mb-3">
          <Table size="sm" className="align-middle mb-0">
            <thead>
              <tr>
                <th scope="col">Fecha</th>
                <th scope="col">Número</th>
                <th scope="col">Tipo</th>
                <th scope="col">Estado</th>
                <th scope="col" className="text-end">
                  Unidades
                </th>
              </tr>
            </thead>
            <tbody>
              {filas.map((a) => (
                <tr key={a._id}>
                  <td className="text-nowrap">{formatFechaHora(a.fechaHora)}</td>
                  <td className="text-nowrap">
                    <Link to={logisticaHrefs.ver(a._id)}>{a.numero ?? 'Borrador'}</Link>
                  </td>
                  <td>
                    <TipoBadge tipo={a.tipo} />
                  </td>
                  <td>
                    <EstadoAlbaranBadge estado={a.estado} />
                  </td>
                  <td className="text-end">{a.unidades}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}
      {editar && permiteEntrega && (
        <Link
          to={logisticaHrefs.crear('entrega', alquilerId)}
          className="btn btn-outline-primary me-2"
        >
          Nueva entrega
        </Link>
      )}
      {editar && permiteRecogida && (
        <Link to={logisticaHrefs.crear('recogida', alquilerId)} className="btn btn-outline-primary">
          Nueva recogida
        </Link>
      )}
    </>
  );
};
