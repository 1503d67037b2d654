import type { ReactNode } from 'react';
import { formatEuros, formatFecha } from '@tvsistema/domain/format';
import { Celda, CeldaAcciones, TablaApilada } from '../../../components/resource/tabla-apilada.js';

type Movimiento = {
  _id: string;
  fecha: string;
  importe: string;
  referencia?: string | null;
  createdBy?: string | null;
};

/**
 * The money recorded against a document: a factura's cobros (a nota's devoluciones) or a compra's
 * pagos. One table for both, stacked on a phone; `accion` gives a row its button (Eliminar), and
 * without it there is no actions column.
 */
export const TablaPagos = <M extends Movimiento>({
  label,
  filas,
  medio,
  accion,
}: {
  label: string;
  filas: readonly M[];
  medio: (fila: M) => string;
  accion?: (fila: M) => ReactNode;
}) => (
  <TablaApilada label={label}>
    <thead>
      <tr>
        <th>Fecha</th>
        <th className="text-end">Importe</th>
        <th>Medio</th>
        <th>Referencia</th>
        <th>Registrado por</th>
        {accion && (
          <th>
            <span className="visually-hidden">Acciones</span>
          </th>
        )}
      </tr>
    </thead>
    <tbody>
      {filas.map((fila) => (
        <tr key={fila._id}>
          <Celda etiqueta="Fecha">{formatFecha(fila.fecha)}</Celda>
          <Celda etiqueta="Importe" className="text-end text-nowrap">
            {formatEuros(fila.importe)}
          </Celda>
          <Celda etiqueta="Medio">{medio(fila)}</Celda>
          <Celda etiqueta="Referencia">{fila.referencia ?? '—'}</Celda>
          <Celda etiqueta="Registrado por">{fila.createdBy ?? '—'}</Celda>
          {accion && <CeldaAcciones>{accion(fila)}</CeldaAcciones>}
        </tr>
      ))}
    </tbody>
  </TablaApilada>
);
