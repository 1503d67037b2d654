import { useRef, useState } from 'react';
import { Alert, Button, Form, ProgressBar, Table } from 'react-bootstrap';
import { Link, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ARCHIVO_MAX_BYTES, can } from '@tvsistema/domain';
import { formatFecha } from '@tvsistema/domain/format';
import { LoadingStatus } from '../../../components/resource/loading-status.js';
import { ResourcePage } from '../../../components/resource/resource-page.js';
import { useApiClient } from '../../../lib/api-client-context.js';
import { serverMessageOr } from '../../../lib/api-error-message.js';
import { useAuthContext } from '../../../lib/auth-context.js';
import { fetchCsv, saveBlob } from '../../../lib/csv-export.js';
import { uploadFile } from '../../../lib/upload-file.js';
import { ALQUILERES_API, comercialKeys, useAlquiler, useArchivos } from '../api/comercial-api.js';
import { comercialHrefs, isRecordId } from '../comercial-paths.js';
import { T } from '../comercial-texts.js';
import { AccionModal } from './accion-modal.js';
import '../comercial.css';

// /alquileres/{id}/archivos/* (SPEC 2.11: no role guard): the rental's files on the shared files
// service — upload with progress, download, delete.

const tamano = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} MB`
    : `${Math.ceil(bytes / 1024)} KB`;

export const ArchivosPage = () => {
  const { id } = useParams();
  const valido = isRecordId(id);
  const { roles, getAccessToken } = useAuthContext();
  const alquiler = useAlquiler(valido && can(roles, 'alquileres.view') ? id : undefined);
  const archivos = useArchivos(valido ? id : undefined);
  const client = useQueryClient();
  const api = useApiClient();
  const input = useRef<HTMLInputElement>(null);
  const [progreso, setProgreso] = useState<number | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [borrar, setBorrar] = useState<{ _id: string; nombre: string } | undefined>();
  const base = `${ALQUILERES_API}/${id ?? ''}/archivos`;

  const subir = async (file: File | undefined) => {
    if (!file) return;
    setError(undefined);
    if (file.size > ARCHIVO_MAX_BYTES) {
      setError(T.archivos.grande);
      return;
    }
    setProgreso(0);
    try {
      await uploadFile({
        url: base,
        file,
        token: await getAccessToken().catch(() => undefined),
        onProgress: setProgreso,
      });
      await client.invalidateQueries({ queryKey: comercialKeys.archivos(id ?? '') });
    } catch (err) {
      const status = (err as { status?: number }).status;
      setError(
        status === 415
          ? T.archivos.tipo
          : status === 413
            ? T.archivos.grande
            : serverMessageOr(err, T.archivos.noSubido),
      );
    } finally {
      setProgreso(undefined);
      if (input.current) input.current.value = '';
    }
  };

  const descargar = async (archivoId: string, nombre: string) => {
    try {
      saveBlob(
        await fetchCsv({
          path: `${base}/${archivoId}`,
          query: {},
          accept: '*/*',
          fallbackFileName: nombre,
          getAccessToken,
        }),
      );
    } catch (err) {
      setError(serverMessageOr(err, 'No se pudo descargar el archivo.'));
    }
  };

  if (!valido)
    return (
      <ResourcePage className="comercial-page">
        <Alert variant="danger">{T.alquileres.invalido}</Alert>
      </ResourcePage>
    );
  return (
    <ResourcePage className="comercial-page">
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <div>
          <h1 className="h3 mb-0">{T.archivos.titulo(alquiler.data?.numero ?? '')}</h1>
          {alquiler.data?.cliente && (
            <p className="text-body-secondary mb-0">{alquiler.data.cliente.nombre}</p>
          )}
        </div>
        {can(roles, 'alquileres.view') && (
          <Link to={comercialHrefs.alquiler(id)} className="btn btn-outline-secondary">
            {T.archivos.volver}
          </Link>
        )}
      </div>
      <Form.Group controlId="archivo-subir" className="mb-3 p-3 border rounded">
        <Form.Label>{T.archivos.drop}</Form.Label>
        <Form.Control
          ref={input}
          type="file"
          onChange={(e) => void subir((e.target as HTMLInputElement).files?.[0])}
        />
        {progreso !== undefined && (
          <ProgressBar
            className="mt-2"
            now={progreso}
            label={T.archivos.subiendo(progreso)}
            aria-label={T.archivos.subiendo(progreso)}
          />
        )}
      </Form.Group>
      {error && (
        <Alert variant="danger" dismissible onClose={() => setError(undefined)}>
          {error}
        </Alert>
      )}
      {archivos.isPending && <LoadingStatus message={T.archivos.cargando} />}
      {archivos.isError && (
        <Alert variant="danger">{serverMessageOr(archivos.error, T.alquileres.noCargado)}</Alert>
      )}
      {archivos.data && archivos.data.length === 0 && <p>{T.archivos.vacia}</p>}
      {archivos.data && archivos.data.length > 0 && (
        <div className="comercial-lineas" role="region" aria-label="Archivos" tabIndex={0}>
          <Table size="sm" className="align-middle">
            <thead>
              <tr>
                <th scope="col">Nombre</th>
                <th scope="col">Tamaño</th>
                <th scope="col">Tipo</th>
                <th scope="col">Subido por</th>
                <th scope="col">Fecha</th>
                <th scope="col" className="text-end">
                  Acciones
                </th>
              </tr>
            </thead>
            <tbody>
              {archivos.data.map((f) => (
                <tr key={f._id}>
                  <td>{f.nombre}</td>
                  <td className="text-nowrap">{tamano(f.tamano)}</td>
                  <td>{f.mime}</td>
                  <td>{f.subidoPor ?? '—'}</td>
                  <td className="text-nowrap">{formatFecha(f.subidoEn.slice(0, 10))}</td>
                  <td className="text-end text-nowrap">
                    <Button
                      size="sm"
                      variant="outline-secondary"
                      className="me-1"
                      onClick={() => void descargar(f._id, f.nombre)}
                      aria-label={`Descargar ${f.nombre}`}
                    >
                      Descargar
                    </Button>
                    <Button
                      size="sm"
                      variant="danger"
                      onClick={() => setBorrar(f)}
                      aria-label={`Eliminar ${f.nombre}`}
                    >
                      Eliminar
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}
      <AccionModal
        show={borrar !== undefined}
        titulo="Eliminar archivo"
        variant="danger"
        confirmar="Eliminar"
        onHide={() => setBorrar(undefined)}
        onConfirm={async () => {
          await api.delete(`${base}/${borrar?._id ?? ''}`);
          await client.invalidateQueries({ queryKey: comercialKeys.archivos(id) });
        }}
      >
        <p className="mb-0">{T.archivos.eliminarConfirm(borrar?.nombre ?? '')}</p>
      </AccionModal>
    </ResourcePage>
  );
};
