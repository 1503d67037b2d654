import { useState } from 'react';
import { Alert, Button, Form, ProgressBar } from 'react-bootstrap';
import { Link, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  ARCHIVO_MAX_BYTES,
  ARCHIVO_TIPOS,
  CARPETA_POR_DEFECTO,
  can,
  carpetaAlquilerSchema,
  nombreCarpeta,
} from '@tvsistema/domain';
import { formatFecha } from '@tvsistema/domain/format';
import { SelectorArchivo } from '../../../components/forms/selector-archivo.js';
import { LoadingStatus } from '../../../components/resource/loading-status.js';
import { PantallaNoDisponible } from '../../../components/resource/pantalla-no-disponible.js';
import { ResourcePage } from '../../../components/resource/resource-page.js';
import { Celda, CeldaAcciones, TablaApilada } from '../../../components/resource/tabla-apilada.js';
import { useApiClient } from '../../../lib/api-client-context.js';
import { serverMessageOr } from '../../../lib/api-error-message.js';
import { useAuthContext } from '../../../lib/auth-context.js';
import { fetchCsv, saveBlob } from '../../../lib/csv-export.js';
import { uploadFile } from '../../../lib/upload-file.js';
import { useBlobUrl } from '../../../lib/use-blob-url.js';
import { HeadingTitle } from '../../../lib/page-title.js';
import { ALQUILERES_API, comercialKeys, useArchivos } from '../api/comercial-api.js';
import { comercialHrefs, isRecordId } from '../comercial-paths.js';
import { T } from '../comercial-texts.js';
import { AccionModal } from './accion-modal.js';
import { CarpetasNav, NuevaCarpeta, RutaCarpeta } from './archivos-carpetas.js';
import '../comercial.css';

// /alquileres/{id}/archivos/* (SPEC 2.11: no role guard; comercial.md §5): the rental's files in
// folders — the splat is the folder (none: every file) — upload by drop or picker with progress,
// download, delete, image thumbnails.

const tamano = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} MB`
    : `${Math.ceil(bytes / 1024)} KB`;

const Miniatura = ({ url }: { url: string }) => {
  const src = useBlobUrl(url);
  return src ? (
    <img src={src} alt="" width={40} height={40} className="rounded border object-fit-cover" />
  ) : (
    <span className="d-inline-block rounded border bg-body-tertiary comercial-miniatura" />
  );
};

export const ArchivosPage = () => {
  const { id, '*': splat } = useParams();
  const carpeta = splat?.replace(/\/+$/, '') || undefined;
  const carpetaValida = !carpeta || carpetaAlquilerSchema.safeParse(carpeta).success;
  const valido = isRecordId(id);
  const { roles, getAccessToken } = useAuthContext();
  const archivos = useArchivos(valido && carpetaValida ? id : undefined, carpeta);
  const [arrastrando, setArrastrando] = useState(false);
  const client = useQueryClient();
  const api = useApiClient();
  const [progreso, setProgreso] = useState<number | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [borrar, setBorrar] = useState<{ _id: string; nombre: string } | undefined>();
  const base = `${ALQUILERES_API}/${id ?? ''}/archivos`;

  const subir = async (files: readonly File[]) => {
    for (const file of files) if (!(await subirUno(file))) break;
  };

  /** One file into the open folder ("otros" when every file is shown); false when refused. */
  const subirUno = async (file: File): Promise<boolean> => {
    setError(undefined);
    if (file.size > ARCHIVO_MAX_BYTES) {
      setError(T.archivos.grande);
      return false;
    }
    setProgreso(0);
    try {
      await uploadFile({
        url: base,
        file,
        token: await getAccessToken().catch(() => undefined),
        onProgress: setProgreso,
        fields: { carpeta: carpeta ?? CARPETA_POR_DEFECTO },
      });
      await client.invalidateQueries({ queryKey: comercialKeys.archivos(id ?? '') });
      return true;
    } catch (err) {
      const status = (err as { status?: number }).status;
      setError(
        status === 415
          ? T.archivos.tipo
          : status === 413
            ? T.archivos.grande
            : serverMessageOr(err, T.archivos.noSubido),
      );
      return false;
    } finally {
      setProgreso(undefined);
    }
  };

  const descargar = async (archivoId: string, nombre: string) => {
    try {
      saveBlob(
        await fetchCsv({
          path: `${base}/${archivoId}/descarga`,
          query: {},
          accept: '*/*',
          fallbackFileName: nombre,
          getAccessToken,
        }),
      );
    } catch (err) {
      setError(serverMessageOr(err, T.archivos.noDescargado));
    }
  };

  if (!valido || !carpetaValida)
    return (
      <ResourcePage className="comercial-page">
        <PantallaNoDisponible titulo={T.archivos.pantalla} id={id}>
          {valido ? T.archivos.carpetaInvalida : T.alquileres.invalido}
        </PantallaNoDisponible>
      </ResourcePage>
    );
  const datos = archivos.data;
  return (
    <ResourcePage className="comercial-page">
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <div>
          <HeadingTitle text={datos ? T.archivos.titulo(datos.alquiler.numero) : null} />
          <h1 className="h3 mb-0">{T.archivos.titulo(datos?.alquiler.numero ?? '')}</h1>
          {datos?.alquiler.cliente && (
            <p className="text-body-secondary mb-0">{datos.alquiler.cliente}</p>
          )}
        </div>
        <div className="d-flex flex-wrap gap-2">
          <NuevaCarpeta alquilerId={id} dentroDe={carpeta} />
          {can(roles, 'alquileres.view') && (
            <Link to={comercialHrefs.alquiler(id)} className="btn btn-outline-secondary">
              {T.archivos.volver}
            </Link>
          )}
        </div>
      </div>
      <div className="row g-3">
        <div className="col-lg-3 col-xxl-2">
          <CarpetasNav alquilerId={id} abierta={carpeta} carpetas={datos?.carpetas ?? []} />
        </div>
        <div className="col-lg-9 col-xxl-10">
          <RutaCarpeta alquilerId={id} carpeta={carpeta} />
          <div
            className={`mb-3 p-3 border rounded comercial-drop${arrastrando ? ' border-primary bg-primary-subtle' : ''}`}
            onDragOver={(e: React.DragEvent) => {
              e.preventDefault();
              setArrastrando(true);
            }}
            onDragLeave={() => setArrastrando(false)}
            onDrop={(e: React.DragEvent) => {
              e.preventDefault();
              setArrastrando(false);
              void subir([...e.dataTransfer.files]);
            }}
          >
            <SelectorArchivo
              id="archivo-subir"
              label={T.archivos.drop}
              multiple
              vaciar
              onChange={(files) => void subir(files)}
            >
              <Form.Text>{T.archivos.destino(carpeta ?? CARPETA_POR_DEFECTO)}</Form.Text>
            </SelectorArchivo>
            {progreso !== undefined && (
              <ProgressBar
                className="mt-2"
                now={progreso}
                label={T.archivos.subiendo(progreso)}
                aria-label={T.archivos.subiendo(progreso)}
              />
            )}
          </div>
          {error && (
            <Alert
              variant="danger"
              dismissible
              closeLabel="Cerrar"
              onClose={() => setError(undefined)}
            >
              {error}
            </Alert>
          )}
          {archivos.isPending && <LoadingStatus message={T.archivos.cargando} />}
          {archivos.isError && (
            <Alert variant="danger">
              {serverMessageOr(archivos.error, T.alquileres.noCargado)}
            </Alert>
          )}
          {datos && datos.archivos.length === 0 && <p>{T.archivos.vacia}</p>}
          {datos && datos.archivos.length > 0 && (
            <TablaApilada label="Archivos">
              <thead>
                <tr>
                  <th scope="col">Nombre</th>
                  <th scope="col">Carpeta</th>
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
                {datos.archivos.map((f) => (
                  <tr key={f._id}>
                    <Celda etiqueta="Nombre">
                      <span className="d-inline-flex align-items-center gap-2">
                        {f.mime.startsWith('image/') && (
                          <Miniatura url={`${base}/${f._id}/descarga`} />
                        )}
                        {f.nombre}
                      </span>
                    </Celda>
                    <Celda etiqueta="Carpeta">
                      {f.carpeta ? f.carpeta.split('/').map(nombreCarpeta).join(' › ') : '—'}
                    </Celda>
                    <Celda etiqueta="Tamaño" className="text-nowrap">
                      {tamano(f.tamano)}
                    </Celda>
                    <Celda etiqueta="Tipo" title={f.mime}>
                      {(ARCHIVO_TIPOS[f.mime] ?? f.mime).toUpperCase()}
                    </Celda>
                    <Celda etiqueta="Subido por">{f.subidoPor ?? '—'}</Celda>
                    <Celda etiqueta="Fecha" className="text-nowrap">
                      {formatFecha(f.subidoEn.slice(0, 10))}
                    </Celda>
                    <CeldaAcciones>
                      <Button
                        size="sm"
                        variant="outline-secondary"
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
                    </CeldaAcciones>
                  </tr>
                ))}
              </tbody>
            </TablaApilada>
          )}
        </div>
      </div>
      <AccionModal
        show={borrar !== undefined}
        titulo="Eliminar archivo"
        variant="danger"
        confirmar="Eliminar"
        onHide={() => setBorrar(undefined)}
        fallo={T.archivos.noEliminado}
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
