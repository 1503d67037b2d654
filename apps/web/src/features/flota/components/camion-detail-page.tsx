import { useState } from 'react';
import { Alert, Button, Spinner, Tab, Tabs } from 'react-bootstrap';
import { Link, useNavigate, useParams } from 'react-router';
import {
  ACCION_CAMION_LABELS,
  ACCIONES_POR_ESTADO,
  avisoDatosPendientes,
  can,
  datosObligatoriosPendientes,
  type AccionCamion,
  type Camion,
} from '@tvsistema/domain';
import { DismissibleAlert } from '../../../components/resource/dismissible-alert.js';
import { HistorialTab } from '../../../components/resource/historial-tab.js';
import { PantallaNoDisponible } from '../../../components/resource/pantalla-no-disponible.js';
import { ResourcePage } from '../../../components/resource/resource-page.js';
import { useCsvExport } from '../../../components/resource/use-csv-export.js';
import { paths } from '../../../config/paths.js';
import { isApiError } from '../../../lib/api-client.js';
import { serverMessageOr } from '../../../lib/api-error-message.js';
import { useAuthContext } from '../../../lib/auth-context.js';
import { fetchCsv } from '../../../lib/csv-export.js';
import { useFlash } from '../../../lib/flash.js';
import { useCamion } from '../api/camiones.js';
import { camionUrl } from '../api/flota-keys.js';
import { FLOTA_TEXTS as T } from '../flota-texts.js';
import '../flota.css';
import { AptoBadge, EstadoCamionBadge, Matricula } from './camion-badges.js';
import { DocumentosTab } from './documentos-tab.js';
import { ItvTab, KilometrajeTab, MantenimientosTab } from './registros-tabs.js';
import { ResumenTab } from './resumen-tab.js';
import { EstadoModal, ItvModal, LecturaModal, MantenimientoModal } from './registro-modals.js';
import { useRecordTitle } from '../../../lib/page-title.js';

const HISTORIAL_LABELS: Record<string, string> = {
  matricula: 'Matrícula',
  bastidor: 'Bastidor',
  tipo: 'Tipo',
  carroceria: 'Carrocería',
  marca: 'Marca',
  modelo: 'Modelo',
  fechaPrimeraMatriculacion: 'Primera matriculación',
  fechaAlta: 'Alta en la flota',
  mmaKg: 'MMA (kg)',
  taraKg: 'Tara (kg)',
  autorizacion: 'Autorización',
  seguro: 'Seguro',
  tacografo: 'Tacógrafo',
  itvProximaInicial: 'Próxima ITV según la tarjeta',
  conductorHabitual: 'Conductor habitual',
  estado: 'Estado',
  fechaBaja: 'Fecha de baja',
  motivoBaja: 'Motivo de la baja',
  fechaEntradaTaller: 'Entrada en taller',
  observaciones: 'Observaciones',
  inspeccionItv: 'Inspección ITV',
  mantenimiento: 'Mantenimiento',
  kilometraje: 'Lectura de kilometraje',
  documento: 'Documento',
};

type Modal = 'itv' | 'mantenimiento' | 'lectura' | AccionCamion;

/** "Imprimir ficha" (§5.7): GET /api/camiones/{id}/pdf with the user's token, then saved. */
const FichaButton = ({ camion }: { camion: Camion }) => {
  const download = useCsvExport((_params: undefined, getAccessToken) =>
    fetchCsv({
      path: camionUrl(camion._id, 'pdf'),
      query: {},
      accept: 'application/pdf',
      fallbackFileName: `ficha-${camion.matricula}.pdf`,
      getAccessToken,
    }),
  );
  return (
    <>
      <Button
        variant="outline-primary"
        onClick={() => void download.run(undefined)}
        disabled={download.exporting}
      >
        {download.exporting ? 'Generando…' : 'Imprimir ficha'}
      </Button>
      {download.error && (
        <span role="alert" className="text-danger small w-100 text-end">
          {download.error}
        </span>
      )}
    </>
  );
};

const Detalle = ({ camion }: { camion: Camion }) => {
  useRecordTitle(camion.matriculaTexto);
  const navigate = useNavigate();
  const { roles } = useAuthContext();
  const canEdit = can(roles, 'camiones.edit');
  const canKm = can(roles, 'camiones.kilometraje');
  const [flash, dismissFlash] = useFlash();
  const [modal, setModal] = useState<Modal>();
  const cerrar = () => setModal(undefined);
  const remolque = camion.tipo === 'semirremolque' || camion.tipo === 'remolque';
  // §2.1 data required since the vehicle was written (decision 0029): named, to complete in Editar.
  const pendientes = datosObligatoriosPendientes(camion);

  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <div className="me-auto">
          <h1 className="h3 mb-1 d-flex flex-wrap align-items-center gap-2">
            <Matricula texto={camion.matriculaTexto} />
            <EstadoCamionBadge estado={camion.estado} />
            <AptoBadge camion={camion} />
          </h1>
          <div className="text-body-secondary">{camion.descripcion}</div>
        </div>
        {canEdit && (
          <Link
            className="btn btn-primary"
            to={paths.transporte.camiones.edit.getHref({ camionId: camion._id })}
          >
            Editar
          </Link>
        )}
        {canEdit &&
          ACCIONES_POR_ESTADO[camion.estado].map((accion) => (
            <Button key={accion} variant="outline-secondary" onClick={() => setModal(accion)}>
              {ACCION_CAMION_LABELS[accion]}
            </Button>
          ))}
        <FichaButton camion={camion} />
        <Button
          variant="outline-secondary"
          onClick={() => void navigate(paths.transporte.camiones.list.getHref())}
        >
          Volver
        </Button>
      </div>
      <DismissibleAlert variant="success" message={flash} onClose={dismissFlash} />
      {!camion.apto && (
        <Alert variant="danger">No apto para circular: {camion.motivosNoApto.join(' · ')}</Alert>
      )}
      {pendientes.length > 0 && (
        <Alert variant="warning" role="note">
          {avisoDatosPendientes(pendientes, canEdit ? 'ficha' : 'lectura')}
        </Alert>
      )}
      <Tabs defaultActiveKey="resumen" id={`camion-${camion._id}`} className="mb-3" mountOnEnter>
        <Tab eventKey="resumen" title="Resumen">
          <ResumenTab camion={camion} />
        </Tab>
        <Tab eventKey="itv" title="ITV">
          <ItvTab
            camion={camion}
            canEdit={canEdit}
            accion={
              canEdit && <Button onClick={() => setModal('itv')}>{T.registrarInspeccion}</Button>
            }
          />
        </Tab>
        <Tab eventKey="mantenimientos" title="Mantenimientos">
          <MantenimientosTab
            camion={camion}
            canEdit={canEdit}
            accion={
              canEdit && (
                <Button onClick={() => setModal('mantenimiento')}>
                  {T.registrarMantenimiento}
                </Button>
              )
            }
          />
        </Tab>
        {!remolque && (
          <Tab eventKey="kilometraje" title="Kilometraje">
            <KilometrajeTab
              camion={camion}
              canEdit={canEdit}
              accion={
                canKm && <Button onClick={() => setModal('lectura')}>{T.registrarLectura}</Button>
              }
            />
          </Tab>
        )}
        <Tab eventKey="documentos" title="Documentos">
          <DocumentosTab camion={camion} canEdit={canEdit} />
        </Tab>
        <Tab eventKey="historial" title="Historial">
          <HistorialTab url={camionUrl(camion._id, 'historial')} labels={HISTORIAL_LABELS} />
        </Tab>
      </Tabs>
      {modal === 'itv' && <ItvModal camion={camion} onClose={cerrar} />}
      {modal === 'mantenimiento' && <MantenimientoModal camion={camion} onClose={cerrar} />}
      {modal === 'lectura' && <LecturaModal camion={camion} onClose={cerrar} />}
      {modal && modal in ACCION_CAMION_LABELS && (
        <EstadoModal camion={camion} accion={modal as AccionCamion} onClose={cerrar} />
      )}
    </>
  );
};

/** /transporte/camiones/{camionId} (§5.3). */
export const CamionDetailPage = () => {
  const { camionId } = useParams();
  const query = useCamion(camionId);
  const body = (() => {
    if (query.isError) {
      const notFound = isApiError(query.error) && query.error.status === 404;
      return (
        <PantallaNoDisponible
          titulo={T.singular}
          id={camionId}
          volver={T.backToList}
          variant={notFound ? 'warning' : 'danger'}
        >
          {notFound ? T.notFound : serverMessageOr(query.error, T.notFound)}
        </PantallaNoDisponible>
      );
    }
    if (!query.data)
      return (
        <div role="status" className="text-center py-5">
          <Spinner size="sm" className="me-2" aria-hidden="true" />
          {T.loadingRecord}
        </div>
      );
    return <Detalle camion={query.data} />;
  })();
  return <ResourcePage className="flota-page">{body}</ResourcePage>;
};
