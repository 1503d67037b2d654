import { useState, type ReactNode } from 'react';
import { Alert, Badge, Button } from 'react-bootstrap';
import {
  formatEuros,
  ORIGEN_LECTURA_KM_LABELS,
  RESULTADO_ITV_LABELS,
  TIPO_MANTENIMIENTO_CAMION_LABELS,
  type Camion,
  type Inspeccion,
  type MantenimientoCamion,
} from '@tvsistema/domain';
import { ListPagination } from '../../../components/resource/pagination.js';
import { serverMessageOr } from '../../../lib/api-error-message.js';
import {
  useDescargarDocumento,
  useDocumentos,
  useInspecciones,
  useLecturas,
  useMantenimientos,
} from '../api/registros.js';
import { FLOTA_TEXTS as T } from '../flota-texts.js';
import { fecha, km } from '../utils/format.js';
import { ItvModal, MantenimientoModal } from './registro-modals.js';
import { Borrar, Cargando, Vacio } from './tab-parts.js';
import { Celda, CeldaAcciones, TablaApilada } from '../../../components/resource/tabla-apilada.js';

// §5.3 tabs ITV, Mantenimientos and Kilometraje.

export const ItvTab = ({
  camion,
  accion,
  canEdit,
}: {
  camion: Camion;
  accion: ReactNode;
  canEdit: boolean;
}) => {
  const query = useInspecciones(camion._id);
  const [editando, setEditando] = useState<Inspeccion>();
  // §5.3 column "Informe": the file's name, downloading it.
  const documentos = useDocumentos(camion._id);
  const nombres = new Map((documentos.data?.data ?? []).map((d) => [d._id, d.nombre]));
  const descargar = useDescargarDocumento(camion._id);
  const [errorDescarga, setErrorDescarga] = useState<string>();
  return (
    <>
      {editando && (
        <ItvModal camion={camion} inspeccion={editando} onClose={() => setEditando(undefined)} />
      )}
      <div className="d-flex justify-content-end mb-2">{accion}</div>
      {errorDescarga && (
        <Alert
          variant="danger"
          dismissible
          closeLabel="Cerrar"
          onClose={() => setErrorDescarga(undefined)}
        >
          {errorDescarga}
        </Alert>
      )}
      {!query.data ? (
        <Cargando error={query.error} pending={query.isPending} />
      ) : query.data.data.length === 0 ? (
        <Vacio>{T.sinInspecciones}</Vacio>
      ) : (
        <TablaApilada label="Inspecciones ITV">
          <thead>
            <tr>
              <th scope="col">Fecha</th>
              <th scope="col">Estación</th>
              <th scope="col">Resultado</th>
              <th scope="col">Km</th>
              <th scope="col">Próxima ITV</th>
              <th scope="col">Informe</th>
              {canEdit && <th scope="col">Acciones</th>}
            </tr>
          </thead>
          <tbody>
            {query.data.data.map((i, index) => (
              <tr key={i._id}>
                <Celda etiqueta="Fecha">{fecha(i.fecha)}</Celda>
                <Celda etiqueta="Estación">{i.estacion ?? '—'}</Celda>
                <Celda etiqueta="Resultado">
                  {RESULTADO_ITV_LABELS[i.resultado]}
                  {i.plazoSubsanacion && ` (subsanar antes del ${fecha(i.plazoSubsanacion)})`}
                </Celda>
                <Celda etiqueta="Km">{km(i.km)}</Celda>
                <Celda etiqueta="Próxima ITV">{fecha(i.proximaItv)}</Celda>
                <Celda etiqueta="Informe">
                  {i.informeArchivoId ? (
                    <Button
                      variant="link"
                      className="p-0 text-break text-start"
                      onClick={() => {
                        const id = i.informeArchivoId ?? '';
                        setErrorDescarga(undefined);
                        descargar(id, nombres.get(id) ?? 'informe-itv.pdf').catch(
                          (cause: unknown) =>
                            setErrorDescarga(serverMessageOr(cause, T.descargaFallida)),
                        );
                      }}
                    >
                      {nombres.get(i.informeArchivoId) ?? 'Informe ITV'}
                    </Button>
                  ) : (
                    '—'
                  )}
                </Celda>
                {canEdit && (
                  <CeldaAcciones>
                    {index === 0 && (
                      <div className="d-flex gap-1">
                        <Button
                          size="sm"
                          variant="outline-primary"
                          aria-label={`${T.editar} la inspección del ${fecha(i.fecha)}`}
                          onClick={() => setEditando(i)}
                        >
                          {T.editar}
                        </Button>
                        <Borrar
                          camionId={camion._id}
                          recurso="itv"
                          registroId={i._id}
                          nombre={`la inspección del ${fecha(i.fecha)}`}
                        />
                      </div>
                    )}
                  </CeldaAcciones>
                )}
              </tr>
            ))}
          </tbody>
        </TablaApilada>
      )}
    </>
  );
};

export const MantenimientosTab = ({
  camion,
  accion,
  canEdit,
}: {
  camion: Camion;
  accion: ReactNode;
  canEdit: boolean;
}) => {
  const [page, setPage] = useState(1);
  const query = useMantenimientos(camion._id, page);
  const [editando, setEditando] = useState<MantenimientoCamion>();
  return (
    <>
      {editando && (
        <MantenimientoModal
          camion={camion}
          mantenimiento={editando}
          onClose={() => setEditando(undefined)}
        />
      )}
      <div className="d-flex flex-wrap justify-content-between gap-2 mb-2">
        {query.data && (
          <span>
            Coste {query.data.totales.anio}: {formatEuros(query.data.totales.costeAnio)}
            {' · '}Coste por km (12 meses):{' '}
            {query.data.totales.costePorKm ? formatEuros(query.data.totales.costePorKm) : '—'}
          </span>
        )}
        {accion}
      </div>
      {!query.data ? (
        <Cargando error={query.error} pending={query.isPending} />
      ) : query.data.data.length === 0 ? (
        <Vacio>{T.sinMantenimientos}</Vacio>
      ) : (
        <>
          <TablaApilada label="Mantenimientos">
            <thead>
              <tr>
                <th scope="col">Fecha</th>
                <th scope="col">Km</th>
                <th scope="col">Tipo</th>
                <th scope="col">Taller</th>
                <th scope="col">Descripción</th>
                <th scope="col">Coste</th>
                <th scope="col">Próximo</th>
                {canEdit && <th scope="col">Acciones</th>}
              </tr>
            </thead>
            <tbody>
              {query.data.data.map((m) => (
                <tr key={m._id}>
                  <Celda etiqueta="Fecha">{fecha(m.fecha)}</Celda>
                  <Celda etiqueta="Km">{km(m.km)}</Celda>
                  <Celda etiqueta="Tipo">{TIPO_MANTENIMIENTO_CAMION_LABELS[m.tipo]}</Celda>
                  <Celda etiqueta="Taller">{m.taller}</Celda>
                  <Celda etiqueta="Descripción">{m.descripcion ?? '—'}</Celda>
                  <Celda etiqueta="Coste" className="text-nowrap">
                    {formatEuros(m.coste)}
                  </Celda>
                  <Celda etiqueta="Próximo">
                    {[
                      m.proximaFecha ? fecha(m.proximaFecha) : '',
                      m.proximoKm ? km(m.proximoKm) : '',
                    ]
                      .filter(Boolean)
                      .join(' / ') || '—'}
                  </Celda>
                  {canEdit && (
                    <CeldaAcciones>
                      <div className="d-flex gap-1">
                        <Button
                          size="sm"
                          variant="outline-primary"
                          aria-label={`${T.editar} el mantenimiento del ${fecha(m.fecha)}`}
                          onClick={() => setEditando(m)}
                        >
                          {T.editar}
                        </Button>
                        <Borrar
                          camionId={camion._id}
                          recurso="mantenimientos"
                          registroId={m._id}
                          nombre={`el mantenimiento del ${fecha(m.fecha)}`}
                        />
                      </div>
                    </CeldaAcciones>
                  )}
                </tr>
              ))}
            </tbody>
          </TablaApilada>
          <ListPagination page={page} totalPages={query.data.meta.totalPages} onPage={setPage} />
        </>
      )}
    </>
  );
};

export const KilometrajeTab = ({
  camion,
  accion,
  canEdit,
}: {
  camion: Camion;
  accion: ReactNode;
  canEdit: boolean;
}) => {
  const [page, setPage] = useState(1);
  const query = useLecturas(camion._id, page);
  return (
    <>
      <div className="d-flex justify-content-end mb-2">{accion}</div>
      {!query.data ? (
        <Cargando error={query.error} pending={query.isPending} />
      ) : query.data.data.length === 0 ? (
        <Vacio>{T.sinLecturas}</Vacio>
      ) : (
        <>
          <TablaApilada label="Lecturas de kilometraje">
            <thead>
              <tr>
                <th scope="col">Fecha</th>
                <th scope="col">Km</th>
                <th scope="col">Origen</th>
                <th scope="col">Registrado por</th>
                {canEdit && <th scope="col">Acciones</th>}
              </tr>
            </thead>
            <tbody>
              {query.data.data.map((l) => (
                <tr key={l._id}>
                  <Celda etiqueta="Fecha">{fecha(l.fecha)}</Celda>
                  <Celda etiqueta="Km">
                    {km(l.km)}
                    {l.confirmada && (
                      <Badge bg="info" text="dark" className="ms-2">
                        Confirmada
                      </Badge>
                    )}
                  </Celda>
                  <Celda etiqueta="Origen">{ORIGEN_LECTURA_KM_LABELS[l.origen]}</Celda>
                  <Celda etiqueta="Registrado por">{l.registradoPor ?? '—'}</Celda>
                  {canEdit && (
                    <CeldaAcciones>
                      {l.origen === 'manual' && (
                        <Borrar
                          camionId={camion._id}
                          recurso="kilometraje"
                          registroId={l._id}
                          nombre={`la lectura del ${fecha(l.fecha)}`}
                        />
                      )}
                    </CeldaAcciones>
                  )}
                </tr>
              ))}
            </tbody>
          </TablaApilada>
          <ListPagination page={page} totalPages={query.data.meta.totalPages} onPage={setPage} />
        </>
      )}
    </>
  );
};
