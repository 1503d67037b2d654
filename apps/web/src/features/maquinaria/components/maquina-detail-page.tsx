import { useState } from 'react';
import { Alert, Button, Spinner, Tab, Tabs } from 'react-bootstrap';
import { useNavigate, useParams } from 'react-router';
import { FaArrowLeft, FaEdit, FaFilePdf, FaTachometerAlt } from 'react-icons/fa';
import { can, type Maquina } from '@tvsistema/domain';
import { DismissibleAlert } from '../../../components/resource/dismissible-alert.js';
import { HistorialTab } from '../../../components/resource/historial-tab.js';
import { ResourcePage } from '../../../components/resource/resource-page.js';
import { useCsvExport } from '../../../components/resource/use-csv-export.js';
import { paths } from '../../../config/paths.js';
import { useAuthContext } from '../../../lib/auth-context.js';
import { fetchCsv } from '../../../lib/csv-export.js';
import type { FlashState } from '../../../lib/flash.js';
import { useFlash } from '../../../lib/flash.js';
import { useMaquina } from '../api/get-maquina.js';
import { useMaquinaAcciones, useMantenimientos } from '../api/maquina-acciones.js';
import { maquinaUrl } from '../api/maquina-keys.js';
import '../maquinaria.css';
import { formatHoras } from '../utils/format.js';
import { isMaquinaId } from '../utils/maquina-id.js';
import { EstadoMaquinaBadge } from './maquina-badges.js';
import { MaquinaInvalida, MaquinaLoadState } from './maquina-load-state.js';
import { BajaModal, EliminarModal, HorometroModal, ReactivarModal } from './maquina-modals.js';
import { HorometroTab, OcupacionTab, ResumenTab } from './maquina-tabs.js';
import { FinalizarModal, MantenimientoModal, MantenimientoTab } from './mantenimiento.js';
import { DocumentosTab } from './documentos.js';
import type { Mantenimiento } from '../utils/mantenimiento.js';
import { useRecordTitle } from '../../../lib/page-title.js';

/** The machine's fields as its history names them (the form's labels). */
const HISTORIAL_LABELS: Readonly<Record<string, string>> = {
  codigoInterno: 'Código interno',
  tipo: 'Tipo',
  marca: 'Marca',
  modelo: 'Modelo',
  numeroSerie: 'Nº de serie',
  anio: 'Año',
  matricula: 'Matrícula',
  fechaMatriculacion: 'Fecha de matriculación',
  requiereItv: 'Requiere ITV',
  horometro: 'Horómetro',
  horasAcumuladas: 'Horas acumuladas',
  estado: 'Estado',
  tarifas: 'Tarifas',
  diasPreparacion: 'Días de preparación',
  pesoKg: 'Peso (kg)',
  dimensiones: 'Dimensiones',
  combustible: 'Combustible',
  caracteristicas: 'Características',
  planRevisiones: 'Plan de revisiones',
  fechaAdquisicion: 'Fecha de adquisición',
  precioAdquisicion: 'Precio de adquisición',
  proveedorId: 'Proveedor',
  proveedor: 'Proveedor',
  observaciones: 'Observaciones',
  baja: 'Baja',
};

type Accion =
  | 'horometro'
  | 'baja'
  | 'reactivar'
  | 'eliminar'
  | 'taller'
  | 'programar'
  | 'finalizar';

/** "Finalizar mantenimiento": the open maintenance, with the version its list answers. */
const FinalizarAbierto = ({
  maquina,
  mantenimiento,
  onHide,
  onDone,
}: {
  maquina: Maquina;
  mantenimiento: Pick<Mantenimiento, '_id' | 'descripcion'> & { version?: number };
  onHide: () => void;
  onDone: () => void;
}) => {
  const { list, accion } = useMantenimientos(maquina._id);
  const version =
    mantenimiento.version ?? list.data?.find((m) => m._id === mantenimiento._id)?.version;
  return (
    <FinalizarModal
      maquina={maquina}
      mantenimiento={{ ...mantenimiento, ...(version === undefined ? {} : { version }) }}
      onHide={onHide}
      onSave={async (body) => {
        await accion.mutateAsync({ mid: mantenimiento._id, accion: 'finalizar', body });
        onDone();
      }}
    />
  );
};

const FichaButton = ({ maquina }: { maquina: Maquina }) => {
  const download = useCsvExport((_params: undefined, getAccessToken) =>
    fetchCsv({
      path: maquinaUrl(maquina._id, 'pdf'),
      query: {},
      accept: 'application/pdf',
      fallbackFileName: `ficha-${maquina.codigoInterno}.pdf`,
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
        {download.exporting ? (
          <Spinner as="span" size="sm" animation="border" aria-hidden="true" className="me-1" />
        ) : (
          <FaFilePdf aria-hidden="true" className="me-1" />
        )}
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

const MaquinaDetail = ({ maquina }: { maquina: Maquina }) => {
  useRecordTitle(`${maquina.codigoInterno} ${maquina.marca} ${maquina.modelo}`);
  const navigate = useNavigate();
  const { roles } = useAuthContext();
  const canEdit = can(roles, 'maquinaria.edit');
  const canTaller = can(roles, 'maquinaria.taller');
  const [flash, dismissFlash] = useFlash();
  const [message, setMessage] = useState<string>();
  const [open, setOpen] = useState<Accion>();
  const [finalizando, setFinalizando] = useState<
    Pick<Mantenimiento, '_id' | 'descripcion'> & { version?: number }
  >();
  const [afectadas, setAfectadas] = useState<string[]>([]);
  const [editando, setEditando] = useState<Mantenimiento>();
  const acciones = useMaquinaAcciones(maquina._id);
  const mantenimientos = useMantenimientos(maquina._id, { listar: false });
  const close = () => setOpen(undefined);
  const baja = maquina.estado === 'baja';
  const errores = maquina.avisos.filter((a) => a.nivel === 'error');
  const avisos = maquina.avisos.filter((a) => a.nivel !== 'error');

  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <Button
          variant="outline-secondary"
          onClick={() => void navigate(paths.maquinaria.list.getHref())}
        >
          <FaArrowLeft aria-hidden="true" className="me-1" />
          Volver
        </Button>
        <div className="me-auto">
          <h1 className="h3 mb-0 d-flex flex-wrap align-items-center gap-2">
            {maquina.codigoInterno} <EstadoMaquinaBadge estado={maquina.estado} />
          </h1>
          <div className="text-body-secondary text-break">
            {maquina.marca} {maquina.modelo} · {formatHoras(maquina.horometro)}
          </div>
        </div>
      </div>

      <div className="d-flex flex-wrap gap-2 mb-3" role="group" aria-label="Acciones">
        {canEdit && !baja && (
          <Button
            variant="primary"
            onClick={() =>
              void navigate(paths.maquinaria.edit.getHref({ maquinariaId: maquina._id }))
            }
          >
            <FaEdit aria-hidden="true" className="me-1" />
            Editar
          </Button>
        )}
        {canTaller && !baja && (
          <Button variant="outline-primary" onClick={() => setOpen('horometro')}>
            <FaTachometerAlt aria-hidden="true" className="me-1" />
            Registrar horómetro
          </Button>
        )}
        {canTaller && maquina.estado === 'disponible' && (
          <Button variant="outline-warning" className="text-body" onClick={() => setOpen('taller')}>
            Enviar a taller
          </Button>
        )}
        {canTaller && !baja && (
          <Button variant="outline-secondary" onClick={() => setOpen('programar')}>
            Programar mantenimiento
          </Button>
        )}
        {canTaller && maquina.mantenimientoAbierto && (
          <Button
            variant="outline-success"
            onClick={() => {
              if (maquina.mantenimientoAbierto) setFinalizando(maquina.mantenimientoAbierto);
              setOpen('finalizar');
            }}
          >
            Finalizar mantenimiento
          </Button>
        )}
        <FichaButton maquina={maquina} />
        {canEdit && (maquina.estado === 'disponible' || maquina.estado === 'en_taller') && (
          <Button variant="outline-danger" onClick={() => setOpen('baja')}>
            Dar de baja
          </Button>
        )}
        {canEdit && baja && (
          <Button variant="outline-primary" onClick={() => setOpen('reactivar')}>
            Reactivar
          </Button>
        )}
        {canEdit && maquina.eliminable !== false && (
          <Button variant="outline-danger" onClick={() => setOpen('eliminar')}>
            Eliminar
          </Button>
        )}
      </div>

      <DismissibleAlert
        variant="success"
        message={flash ?? message}
        onClose={() => {
          dismissFlash();
          setMessage(undefined);
        }}
      />

      {afectadas.length > 0 && (
        <Alert variant="warning" dismissible closeLabel="Cerrar" onClose={() => setAfectadas([])}>
          <h2 className="h6">Reservas afectadas</h2>
          <ul className="mb-0">
            {afectadas.map((texto) => (
              <li key={texto}>{texto}</li>
            ))}
          </ul>
        </Alert>
      )}

      {maquina.avisos.length > 0 && (
        <section aria-label="Avisos" className="mb-3">
          {errores.length > 0 && (
            <Alert variant="danger" className="py-2 mb-2">
              <ul className="list-unstyled mb-0 maquina-avisos-strip">
                {errores.map((a) => (
                  <li key={a.codigo + a.mensaje}>{a.mensaje}</li>
                ))}
              </ul>
            </Alert>
          )}
          {avisos.length > 0 && (
            <Alert variant="warning" className="py-2 mb-0">
              <ul className="list-unstyled mb-0 maquina-avisos-strip">
                {avisos.map((a) => (
                  <li key={a.codigo + a.mensaje}>{a.mensaje}</li>
                ))}
              </ul>
            </Alert>
          )}
        </section>
      )}

      <Tabs defaultActiveKey="resumen" id={`maquina-${maquina._id}`} className="mb-3" mountOnEnter>
        <Tab eventKey="resumen" title="Resumen">
          <ResumenTab maquina={maquina} />
        </Tab>
        <Tab eventKey="ocupacion" title="Ocupación">
          <OcupacionTab maquinaId={maquina._id} />
        </Tab>
        <Tab eventKey="mantenimiento" title="Mantenimiento">
          <MantenimientoTab
            maquina={maquina}
            canTaller={canTaller}
            onFinalizar={(m) => {
              setFinalizando(m);
              setOpen('finalizar');
            }}
            onEditar={setEditando}
          />
        </Tab>
        <Tab eventKey="horometro" title="Horómetro">
          <HorometroTab maquinaId={maquina._id} />
        </Tab>
        <Tab eventKey="documentos" title="Documentos">
          <DocumentosTab
            maquinaId={maquina._id}
            fechaMatriculacion={maquina.fechaMatriculacion}
            canEdit={canEdit}
          />
        </Tab>
        <Tab eventKey="historial" title="Historial">
          <HistorialTab url={maquinaUrl(maquina._id, 'historial')} labels={HISTORIAL_LABELS} />
        </Tab>
      </Tabs>

      {open === 'horometro' && (
        <HorometroModal
          maquina={maquina}
          show
          onHide={close}
          puedeSustituir={canEdit}
          onSave={async (body) => {
            await acciones.horometro.mutateAsync(body);
            setMessage(`Lectura registrada: ${formatHoras(body.lectura)}`);
          }}
        />
      )}
      {(open === 'taller' || open === 'programar') && (
        <MantenimientoModal
          maquina={maquina}
          urgente={open === 'taller'}
          onHide={close}
          onSave={async (body) => {
            const answer = await mantenimientos.crear.mutateAsync(body);
            setAfectadas(answer.avisos ?? []);
            setMessage(open === 'taller' ? 'Máquina enviada a taller' : 'Mantenimiento programado');
          }}
        />
      )}
      {editando && (
        <MantenimientoModal
          maquina={maquina}
          urgente={false}
          editando={editando}
          onHide={() => setEditando(undefined)}
          onSave={async (body) => {
            await mantenimientos.editar.mutateAsync({ mid: editando._id, body });
            setMessage('Mantenimiento actualizado');
          }}
        />
      )}
      {open === 'finalizar' && finalizando && (
        <FinalizarAbierto
          maquina={maquina}
          mantenimiento={finalizando}
          onHide={close}
          onDone={() => setMessage('Mantenimiento finalizado')}
        />
      )}
      {open === 'baja' && (
        <BajaModal
          maquina={maquina}
          show
          onHide={close}
          onSave={async (body) => {
            await acciones.baja.mutateAsync(body);
            setMessage('Máquina dada de baja');
          }}
        />
      )}
      {open === 'reactivar' && (
        <ReactivarModal
          maquina={maquina}
          show
          onHide={close}
          onSave={async (body) => {
            await acciones.reactivar.mutateAsync(body);
            setMessage('Máquina reactivada');
          }}
        />
      )}
      {open === 'eliminar' && (
        <EliminarModal
          maquina={maquina}
          show
          onHide={close}
          onSave={async (version) => {
            await acciones.eliminar.mutateAsync(version);
            const state: FlashState = { flash: `Máquina ${maquina.codigoInterno} eliminada` };
            void navigate(paths.maquinaria.list.getHref(), { state });
          }}
        />
      )}
    </>
  );
};

/** /maquinaria/{maquinariaId} (inventario.md §5.3). */
export const MaquinaDetailPage = () => {
  const { maquinariaId } = useParams();
  const validId = isMaquinaId(maquinariaId);
  const query = useMaquina(validId ? maquinariaId : undefined);
  return (
    <ResourcePage className="maquinaria-page">
      {!validId ? (
        <MaquinaInvalida />
      ) : query.data ? (
        <MaquinaDetail maquina={query.data} />
      ) : (
        <MaquinaLoadState error={query.error} onRetry={() => void query.refetch()} />
      )}
    </ResourcePage>
  );
};
