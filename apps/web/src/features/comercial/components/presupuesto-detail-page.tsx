import { useState } from 'react';
import { Alert, Badge, Button, Card, Form, Tab, Tabs } from 'react-bootstrap';
import { Link, useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { can, type Alquiler, type Presupuesto } from '@tvsistema/domain';
import { diasInclusivos } from '@tvsistema/domain/fechas';
import { diaEnMadrid } from '@tvsistema/domain/format';
import { DismissibleAlert } from '../../../components/resource/dismissible-alert.js';
import { HistorialTab } from '../../../components/resource/historial-tab.js';
import { LoadingStatus } from '../../../components/resource/loading-status.js';
import { PantallaNoDisponible } from '../../../components/resource/pantalla-no-disponible.js';
import { ResourcePage } from '../../../components/resource/resource-page.js';
import { useApiClient } from '../../../lib/api-client-context.js';
import { useAuthContext } from '../../../lib/auth-context.js';
import { useFlash } from '../../../lib/flash.js';
import { PdfButton } from '../../../components/resource/pdf-button.js';
import {
  fetchPdf,
  post,
  PRESUPUESTOS_API,
  useComercialMutation,
  usePresupuesto,
} from '../api/comercial-api.js';
import { comercialHrefs, isRecordId } from '../comercial-paths.js';
import { T } from '../comercial-texts.js';
import { AccionModal } from './accion-modal.js';
import { fecha, PresupuestoBadge, textoContacto } from './badges.js';
import { LineasTabla } from './lineas-tabla.js';
import '../comercial.css';
import { useHeadingTitle } from '../../../lib/page-title.js';

type Disponibilidad = {
  ok: boolean;
  lineas: {
    lineaIndex: number;
    lineaId: string;
    codigo: string;
    ok: boolean;
    mensaje: string | null;
  }[];
};
type Modal = 'aceptar' | 'rechazar' | 'renovar' | 'eliminar' | 'plantilla' | 'precios' | undefined;

const DisponibilidadTab = ({ id }: { id: string }) => {
  const api = useApiClient();
  const q = useQuery({
    queryKey: ['presupuestos', 'disponibilidad', id],
    queryFn: async () =>
      (await api.get<{ data: Disponibilidad }>(`${PRESUPUESTOS_API}/${id}/disponibilidad`)).data,
  });
  if (q.isPending) return <LoadingStatus message={T.comun.comprobando} />;
  if (q.isError) return <Alert variant="danger">{T.presupuestos.noCargado}</Alert>;
  return (
    <ul className="list-unstyled mb-0">
      {q.data.lineas.map((l) => (
        <li key={l.lineaId} className="mb-1">
          <Badge bg={l.ok ? 'success' : 'danger'} className="me-2">
            {l.ok ? 'Disponible' : 'No disponible'}
          </Badge>
          {l.codigo}
          {l.mensaje && <span className="text-body-secondary"> · {l.mensaje}</span>}
        </li>
      ))}
    </ul>
  );
};

/** /presupuestos/{presupuestoId} (comercial.md §5). */
export const PresupuestoDetailPage = () => {
  const { presupuestoId } = useParams();
  const valido = isRecordId(presupuestoId);
  const query = usePresupuesto(valido ? presupuestoId : undefined);
  // The document title is the h1, "Presupuesto P2026-…" or "Presupuesto (borrador)" (issue 14).
  useHeadingTitle(query.data ? T.presupuestos.detalleTitulo(query.data.numero) : null);
  const { roles } = useAuthContext();
  const canEdit = can(roles, 'presupuestos.edit');
  const [flash, dismissFlash] = useFlash();
  const navigate = useNavigate();
  const [modal, setModal] = useState<Modal>();
  const [motivo, setMotivo] = useState('');
  const [validez, setValidez] = useState('');
  const [nuevaFecha, setNuevaFecha] = useState('');
  const [nombrePlantilla, setNombrePlantilla] = useState('');
  const [sustituciones, setSustituciones] = useState<Record<string, string>>({});
  const [conflictos, setConflictos] = useState<
    {
      lineaId: string;
      codigo: string;
      alternativas?: { maquinaId: string; codigoInterno: string }[];
    }[]
  >([]);
  const api = useApiClient();
  const accion = useComercialMutation(
    async (_a, { ruta, body }: { ruta: string; body?: unknown }) =>
      post<unknown>(api, `${PRESUPUESTOS_API}/${presupuestoId ?? ''}/${ruta}`, body),
  );
  const [aviso, setAviso] = useState<string | undefined>();

  if (!valido)
    return (
      <ResourcePage className="comercial-page">
        <PantallaNoDisponible titulo={T.presupuestos.singular} id={presupuestoId}>
          {T.presupuestos.invalido}
        </PantallaNoDisponible>
      </ResourcePage>
    );
  if (query.isPending)
    return (
      <ResourcePage className="comercial-page">
        <LoadingStatus message={T.presupuestos.cargando} />
      </ResourcePage>
    );
  if (query.isError || !query.data)
    return (
      <ResourcePage className="comercial-page">
        <PantallaNoDisponible titulo={T.presupuestos.singular} id={presupuestoId}>
          {T.presupuestos.noCargado}
        </PantallaNoDisponible>
      </ResourcePage>
    );
  const p: Presupuesto = query.data;
  const version = { version: p.version };
  const abierto = p.estado === 'borrador' || p.estado === 'enviado';
  const cerrarModal = () => setModal(undefined);

  const aceptar = async () => {
    try {
      const r = (await accion.mutateAsync({
        ruta: 'aceptar',
        body: {
          ...version,
          ...(nuevaFecha ? { nuevaFechaInicio: nuevaFecha } : {}),
          sustituciones: Object.entries(sustituciones)
            .filter(([, m]) => m)
            .map(([lineaId, maquinaId]) => ({ lineaId, maquinaId })),
        },
      })) as { alquiler: Alquiler };
      void navigate(comercialHrefs.alquiler(r.alquiler._id), {
        state: { flash: T.presupuestos.alquilerCreado(r.alquiler.numero, p.numero ?? '') },
      });
    } catch (error) {
      const body = (error as { body?: { conflictos?: typeof conflictos } }).body;
      if (body?.conflictos) setConflictos(body.conflictos);
      throw error;
    }
  };

  const duplicar = async () => {
    try {
      const copia = (await accion.mutateAsync({ ruta: 'duplicar' })) as Presupuesto;
      void navigate(comercialHrefs.presupuesto(copia._id), {
        state: { flash: T.presupuestos.duplicado(p.numero) },
      });
    } catch (error) {
      setAviso((error as Error).message);
    }
  };

  return (
    <ResourcePage className="comercial-page">
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <div className="d-flex flex-wrap align-items-center gap-2">
          <h1 className="h3 mb-0">{T.presupuestos.detalleTitulo(p.numero)}</h1>
          <PresupuestoBadge estado={p.estado} />
          {p.revision > 0 && <span className="text-body-secondary">{`rev. ${p.revision}`}</span>}
        </div>
        <div className="d-flex flex-wrap gap-2">
          <Link to={comercialHrefs.presupuestos()} className="btn btn-outline-secondary">
            Volver
          </Link>
          <PdfButton
            fetchFile={fetchPdf(
              `${PRESUPUESTOS_API}/${p._id}/pdf`,
              `${p.numero ?? 'presupuesto'}.pdf`,
            )}
          >
            {T.comun.descargarPdf}
          </PdfButton>
          {canEdit && abierto && (
            <Link to={comercialHrefs.editarPresupuesto(p._id)} className="btn btn-outline-primary">
              {T.comun.editar}
            </Link>
          )}
          {canEdit && abierto && (
            <Button variant="outline-secondary" onClick={() => setModal('precios')}>
              {T.comun.actualizarPrecios}
            </Button>
          )}
          {canEdit && p.estado === 'borrador' && (
            <Button
              onClick={() =>
                void accion
                  .mutateAsync({ ruta: 'enviar', body: version })
                  .catch((e: Error) => setAviso(e.message))
              }
            >
              {T.presupuestos.enviar}
            </Button>
          )}
          {canEdit && p.estado === 'enviado' && (
            <>
              <Button variant="success" onClick={() => setModal('aceptar')}>
                {T.presupuestos.aceptar}
              </Button>
              <Button variant="danger" onClick={() => setModal('rechazar')}>
                {T.presupuestos.rechazar}
              </Button>
            </>
          )}
          {canEdit && p.estado === 'caducado' && (
            <Button variant="outline-primary" onClick={() => setModal('renovar')}>
              {T.presupuestos.renovar}
            </Button>
          )}
          {canEdit && (
            <>
              {/* §3.1: a new borrador copied by the server (POST …/duplicar), then opened. */}
              <Button
                variant="outline-secondary"
                disabled={accion.isPending}
                onClick={() => void duplicar()}
              >
                {T.presupuestos.duplicar}
              </Button>
              <Button variant="outline-secondary" onClick={() => setModal('plantilla')}>
                {T.presupuestos.guardarPlantilla}
              </Button>
            </>
          )}
          {canEdit && p.estado === 'borrador' && (
            <Button variant="danger" onClick={() => setModal('eliminar')}>
              {T.presupuestos.eliminar}
            </Button>
          )}
          {p.alquilerId && p.alquilerNumero && (
            <Link to={comercialHrefs.alquiler(p.alquilerId)} className="btn btn-outline-success">
              {T.presupuestos.verAlquiler(p.alquilerNumero)}
            </Link>
          )}
        </div>
      </div>
      <DismissibleAlert variant="success" message={flash} onClose={dismissFlash} />
      {aviso && (
        <Alert variant="danger" dismissible closeLabel="Cerrar" onClose={() => setAviso(undefined)}>
          {aviso}
        </Alert>
      )}
      <Card className="mb-3">
        <Card.Body>
          <dl className="row mb-0">
            <dt className="col-sm-3">Cliente</dt>
            <dd className="col-sm-9">
              {p.cliente?.nombre ?? `${p.clienteProvisional?.nombre ?? '—'} (provisional)`}
            </dd>
            <dt className="col-sm-3">Obra</dt>
            <dd className="col-sm-9">{p.obraNombre ?? '—'}</dd>
            {p.contacto && (
              <>
                <dt className="col-sm-3">{T.comun.contacto}</dt>
                <dd className="col-sm-9">{textoContacto(p.contacto)}</dd>
              </>
            )}
            <dt className="col-sm-3">Periodo</dt>
            <dd className="col-sm-9">{`${fecha(p.fechaInicio)} – ${fecha(p.fechaFin)}`}</dd>
            <dt className="col-sm-3">{T.presupuestos.validoHasta}</dt>
            <dd className="col-sm-9">{fecha(p.fechaValidez)}</dd>
            {p.motivoRechazo && (
              <>
                <dt className="col-sm-3">{T.presupuestos.motivoRechazo}</dt>
                <dd className="col-sm-9">{p.motivoRechazo}</dd>
              </>
            )}
          </dl>
        </Card.Body>
      </Card>
      <Tabs defaultActiveKey="resumen" className="mb-3" mountOnEnter>
        <Tab eventKey="resumen" title={T.comun.resumenTab}>
          <LineasTabla lineas={p.lineas} totales={p.totales} fianza={p.fianza} />
        </Tab>
        <Tab eventKey="disponibilidad" title={T.comun.disponibilidad}>
          <DisponibilidadTab id={p._id} />
        </Tab>
        <Tab eventKey="historial" title={T.comun.historial}>
          <HistorialTab
            url={`${PRESUPUESTOS_API}/${p._id}/historial`}
            labels={{ estado: 'Estado', obraNombre: 'Obra' }}
          />
        </Tab>
      </Tabs>

      <AccionModal
        show={modal === 'aceptar'}
        titulo={T.presupuestos.aceptarTitulo}
        confirmar={T.presupuestos.aceptar}
        variant="success"
        onHide={cerrarModal}
        onConfirm={aceptar}
      >
        <Form.Group controlId="aceptar-fecha" className="mb-3">
          <Form.Label>{T.presupuestos.nuevaFechaInicio}</Form.Label>
          <Form.Control
            type="date"
            value={nuevaFecha}
            onChange={(e) => setNuevaFecha(e.target.value)}
          />
        </Form.Group>
        {conflictos
          .filter((c) => c.alternativas)
          .map((c) => (
            <Form.Group key={c.lineaId} controlId={`sustituir-${c.lineaId}`} className="mb-2">
              <Form.Label>{`${T.presupuestos.sustituirPor} (${c.codigo})`}</Form.Label>
              <Form.Select
                value={sustituciones[c.lineaId] ?? ''}
                onChange={(e) => setSustituciones((s) => ({ ...s, [c.lineaId]: e.target.value }))}
              >
                <option value="">—</option>
                {c.alternativas?.map((a) => (
                  <option key={a.maquinaId} value={a.maquinaId}>
                    {a.codigoInterno}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          ))}
      </AccionModal>
      <AccionModal
        show={modal === 'precios'}
        titulo={T.comun.actualizarPrecios}
        onHide={cerrarModal}
        onConfirm={() => accion.mutateAsync({ ruta: 'actualizar-precios', body: version })}
      >
        <p className="mb-0">{T.comun.actualizarPreciosTexto}</p>
      </AccionModal>
      <AccionModal
        show={modal === 'rechazar'}
        titulo={T.presupuestos.rechazar}
        variant="danger"
        onHide={cerrarModal}
        onConfirm={() => accion.mutateAsync({ ruta: 'rechazar', body: { ...version, motivo } })}
      >
        <Form.Group controlId="rechazar-motivo">
          <Form.Label>{T.presupuestos.motivoRechazo}</Form.Label>
          <Form.Control
            as="textarea"
            rows={3}
            value={motivo}
            onChange={(e) => setMotivo(e.target.value)}
          />
        </Form.Group>
      </AccionModal>
      <AccionModal
        show={modal === 'renovar'}
        titulo={T.presupuestos.renovar}
        onHide={cerrarModal}
        onConfirm={() =>
          accion.mutateAsync({
            ruta: 'renovar',
            body: { ...version, fechaValidez: validez || diaEnMadrid() },
          })
        }
      >
        <Form.Group controlId="renovar-fecha">
          <Form.Label>{T.presupuestos.validoHasta}</Form.Label>
          <Form.Control type="date" value={validez} onChange={(e) => setValidez(e.target.value)} />
        </Form.Group>
      </AccionModal>
      <AccionModal
        show={modal === 'plantilla'}
        titulo={T.presupuestos.guardarPlantilla}
        onHide={cerrarModal}
        onConfirm={() =>
          post(api, `${PRESUPUESTOS_API}/plantillas`, {
            nombre: nombrePlantilla,
            // §2.3: the quote's span, billing mode, fianza and conditions come along.
            duracionDias: Math.min(1825, Math.max(1, diasInclusivos(p.fechaInicio, p.fechaFin))),
            facturacion: p.facturacion,
            fianza: p.fianza,
            condiciones: p.condiciones ?? undefined,
            lineas: p.lineas.map((l) => ({
              clase: l.clase,
              descripcion: l.descripcion,
              ...(l.maquinaId ? { maquinaId: l.maquinaId } : {}),
              ...(l.componenteId ? { componenteId: l.componenteId } : {}),
              ...(l.conceptoId ? { conceptoId: l.conceptoId } : {}),
              cantidad: l.cantidad.replace(/\.?0+$/, '') || '1',
              modoTarifa: l.modoTarifa,
              diasMinimos: l.diasMinimos,
              descuentoPct: l.descuentoPct,
            })),
          })
        }
      >
        <Form.Group controlId="plantilla-nombre">
          <Form.Label>Nombre</Form.Label>
          <Form.Control
            value={nombrePlantilla}
            onChange={(e) => setNombrePlantilla(e.target.value)}
          />
        </Form.Group>
      </AccionModal>
      <AccionModal
        show={modal === 'eliminar'}
        titulo={T.presupuestos.eliminar}
        variant="danger"
        confirmar={T.presupuestos.eliminar}
        onHide={cerrarModal}
        onConfirm={async () => {
          await api.delete(`${PRESUPUESTOS_API}/${p._id}`, { query: { version: p.version } });
          void navigate(comercialHrefs.presupuestos());
        }}
      >
        <p className="mb-0">{T.presupuestos.eliminarConfirm}</p>
      </AccionModal>
    </ResourcePage>
  );
};
