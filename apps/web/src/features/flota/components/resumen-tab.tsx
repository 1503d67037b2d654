import { Card, Col, Row, Table } from 'react-bootstrap';
import {
  AUTORIZACION_LABELS,
  COBERTURA_LABELS,
  formatNumero,
  TACOGRAFO_LABELS,
  TIPO_CAMION_LABELS,
  type Camion,
} from '@tvsistema/domain';
import { useAsignaciones } from '../api/registros.js';
import { FLOTA_TEXTS as T } from '../flota-texts.js';
import { fecha, km } from '../utils/format.js';
import { VencimientoBadge } from './camion-badges.js';
import { Dato, Tarjeta, Vacio, Desplazable } from './tab-parts.js';

// §5.3 Resumen: the cards, the driver history and the due items.

export const ResumenTab = ({ camion }: { camion: Camion }) => {
  const asignaciones = useAsignaciones(camion._id);
  return (
    <Row className="g-3">
      <Tarjeta title="Identificación">
        <Dato label="Matrícula">{camion.matriculaTexto}</Dato>
        <Dato label="Bastidor">{camion.bastidor}</Dato>
        <Dato label="Tipo">{TIPO_CAMION_LABELS[camion.tipo]}</Dato>
        <Dato label="Primera matriculación">{fecha(camion.fechaPrimeraMatriculacion)}</Dato>
        <Dato label="Alta en la flota">{fecha(camion.fechaAlta)}</Dato>
      </Tarjeta>
      <Tarjeta title="Masas">
        <Dato label="MMA">{formatNumero(camion.mmaKg)} kg</Dato>
        <Dato label="Tara">{formatNumero(camion.taraKg)} kg</Dato>
        <Dato label="Carga útil">{formatNumero(camion.cargaUtilKg)} kg</Dato>
        <Dato label="Categoría">{camion.categoria}</Dato>
      </Tarjeta>
      <Tarjeta title="Autorización y seguro">
        <Dato label="Autorización">
          {camion.autorizacion
            ? `${AUTORIZACION_LABELS[camion.autorizacion.tipo]} ${camion.autorizacion.numero ?? ''}`
            : '—'}
        </Dato>
        <Dato label="Visado hasta">{fecha(camion.autorizacion?.visadoHasta)}</Dato>
        <Dato label="Aseguradora">{camion.seguro?.aseguradora ?? '—'}</Dato>
        <Dato label="Cobertura">
          {camion.seguro ? COBERTURA_LABELS[camion.seguro.cobertura] : '—'}
        </Dato>
        <Dato label="Vencimiento del seguro">{fecha(camion.seguro?.vencimiento)}</Dato>
      </Tarjeta>
      <Tarjeta title="Tacógrafo">
        <Dato label="Tipo">{camion.tacografo ? TACOGRAFO_LABELS[camion.tacografo.tipo] : '—'}</Dato>
        <Dato label="Próxima revisión">{fecha(camion.tacografo?.proximaRevision)}</Dato>
        <Dato label="Próxima descarga">{fecha(camion.tacografo?.proximaDescarga)}</Dato>
      </Tarjeta>
      <Tarjeta title="Conductor habitual">
        <Dato label="Actual">{camion.conductorHabitual?.nombre ?? '—'}</Dato>
        {(asignaciones.data?.data ?? []).map((a) => (
          <Dato key={`${a.conductorId}-${a.desde}`} label={a.nombre}>
            {fecha(a.desde)} – {a.hasta ? fecha(a.hasta) : 'hoy'}
          </Dato>
        ))}
      </Tarjeta>
      <Tarjeta title="Kilometraje">
        <Dato label="Km actuales">{km(camion.kmActual)}</Dato>
        <Dato label="Última lectura">{fecha(camion.kmFecha)}</Dato>
        <Dato label="Próxima ITV">{fecha(camion.itvHasta)}</Dato>
        <Dato label="Estado ITV">{camion.itv.texto}</Dato>
      </Tarjeta>
      <Col xs={12}>
        <Card>
          <Card.Header as="h2" className="h6 mb-0">
            Vencimientos
          </Card.Header>
          {camion.vencimientos.length === 0 ? (
            <Card.Body>
              <Vacio>{T.sinVencimientos}</Vacio>
            </Card.Body>
          ) : (
            <Desplazable label="Vencimientos del vehículo">
              <Table className="mb-0">
                <thead>
                  <tr>
                    <th scope="col">Concepto</th>
                    <th scope="col">Fecha</th>
                    <th scope="col">Días</th>
                    <th scope="col">Estado</th>
                  </tr>
                </thead>
                <tbody>
                  {camion.vencimientos.map((v) => (
                    <tr key={`${v.tipo}-${v.concepto}`}>
                      <td>{v.concepto}</td>
                      <td>{fecha(v.fecha ?? v.fechaEstimada)}</td>
                      <td>{v.diasRestantes ?? '—'}</td>
                      <td>
                        <VencimientoBadge item={v} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </Desplazable>
          )}
        </Card>
      </Col>
    </Row>
  );
};
