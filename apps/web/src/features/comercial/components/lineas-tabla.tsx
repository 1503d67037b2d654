import { Table } from 'react-bootstrap';
import type { AlquilerLinea, Linea, TotalesDocumento } from '@tvsistema/domain';
import { formatEuros, formatNumero } from '@tvsistema/domain/format';
import { T } from '../comercial-texts.js';
import { fecha, PendienteRecogidaBadge } from './badges.js';

// The lines of a quote or rental as the detail shows them, with their desglose and the totals.

const ESTADO_LINEA: Record<AlquilerLinea['estadoLinea'], string> = {
  pendiente: 'Pendiente',
  entregada: 'Entregada',
  devuelta: 'Devuelta',
};

export const LineasTabla = ({
  lineas,
  totales,
  fianza,
}: {
  lineas: readonly (Linea | AlquilerLinea)[];
  totales: TotalesDocumento;
  fianza: string;
}) => {
  const alquiler = lineas.some((l) => 'cantidadEntregada' in l);
  return (
    <div className="comercial-lineas" role="region" aria-label={T.comun.lineas} tabIndex={0}>
      <Table size="sm" striped className="align-middle">
        <thead>
          <tr>
            <th scope="col">Descripción</th>
            <th scope="col">Desde</th>
            <th scope="col">Hasta</th>
            <th scope="col" className="text-end">
              Cantidad
            </th>
            {alquiler && (
              <>
                <th scope="col" className="text-end">
                  Entregado
                </th>
                <th scope="col" className="text-end">
                  Devuelto
                </th>
                <th scope="col" className="text-end">
                  Fuera
                </th>
                <th scope="col">Estado</th>
              </>
            )}
            <th scope="col" className="text-end">
              {alquiler ? 'Importe estimado' : 'Importe'}
            </th>
          </tr>
        </thead>
        <tbody>
          {lineas.map((l) => (
            <tr key={l._id}>
              <td>
                {l.descripcion}
                {l.desglose && <div className="small text-body-secondary">{l.desglose}</div>}
              </td>
              <td className="text-nowrap">{fecha(l.fechaInicio ?? l.fecha)}</td>
              <td className="text-nowrap">{fecha(l.fechaFin ?? l.fecha)}</td>
              <td className="text-end">{formatNumero(l.cantidad)}</td>
              {'cantidadEntregada' in l && (
                <>
                  <td className="text-end">{l.cantidadEntregada}</td>
                  <td className="text-end">{l.cantidadDevuelta}</td>
                  <td className="text-end">{l.cantidadFuera}</td>
                  <td>
                    {ESTADO_LINEA[l.estadoLinea]}
                    {l.retrasoDias > 0 && (
                      <span className="text-danger"> · {`Retraso: ${l.retrasoDias} días`}</span>
                    )}
                    {l.cantidadBaja > 0 && (
                      <>
                        {' '}
                        <PendienteRecogidaBadge />
                      </>
                    )}
                  </td>
                </>
              )}
              <td className="text-end text-nowrap">{formatEuros(l.base)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
      <dl className="row mb-0 small">
        <dt className="col-6 col-sm-9 text-sm-end">Base imponible</dt>
        <dd className="col-6 col-sm-3 text-end">{formatEuros(totales.base)}</dd>
        {totales.porIva.map((r) => (
          <div key={r.tipoIva} className="row mx-0 px-0">
            <dt className="col-6 col-sm-9 text-sm-end">{`IVA ${r.tipoIva} %`}</dt>
            <dd className="col-6 col-sm-3 text-end">{formatEuros(r.cuota)}</dd>
          </div>
        ))}
        <dt className="col-6 col-sm-9 text-sm-end">Total</dt>
        <dd className="col-6 col-sm-3 text-end fw-semibold">{formatEuros(totales.total)}</dd>
        <dt className="col-6 col-sm-9 text-sm-end">Fianza (no sujeta a IVA)</dt>
        <dd className="col-6 col-sm-3 text-end">{formatEuros(fianza)}</dd>
      </dl>
    </div>
  );
};
