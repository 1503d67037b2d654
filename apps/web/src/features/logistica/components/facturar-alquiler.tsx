import { Link } from 'react-router';
import { FaFileInvoice } from 'react-icons/fa';
import { can, type AlbaranResumen } from '@tvsistema/domain';
import { diaEnMadrid } from '@tvsistema/domain/format';
import { useAuthContext } from '../../../lib/auth-context.js';
import { useAlquileresPorFacturar } from '../api/logistica-api.js';
import { facturarAlquilerHref } from '../logistica-paths.js';

// "Facturar" on a rental albarán: its alquiler's invoice form (`?alquilerId=&hasta=`, finanzas.md
// §5), for who drafts rental invoices (facturas.edit), while that alquiler has days not invoiced up
// to today. The rows of a list share one read of the pending alquileres.

type Props = {
  albaran: Pick<AlbaranResumen, 'estado' | 'numero' | 'alquiler'>;
  /** The list's icon button instead of the detail's text link. */
  icono?: boolean;
};

export const FacturarAlquiler = ({ albaran, icono = false }: Props) => {
  const { roles } = useAuthContext();
  const emitido = albaran.estado === 'emitido' || albaran.estado === 'firmado';
  const hoy = diaEnMadrid();
  const pendientes = useAlquileresPorFacturar(hoy, emitido && can(roles, 'facturas.edit'));
  if (!emitido || !pendientes?.has(albaran.alquiler._id)) return null;
  const to = facturarAlquilerHref(albaran.alquiler._id, hoy);
  return icono ? (
    <Link
      to={to}
      className="btn btn-sm btn-outline-primary"
      aria-label={`Facturar ${albaran.numero ?? ''}`}
      title="Facturar"
    >
      <FaFileInvoice aria-hidden="true" />
    </Link>
  ) : (
    <Link to={to} className="btn btn-outline-primary">
      Facturar
    </Link>
  );
};
