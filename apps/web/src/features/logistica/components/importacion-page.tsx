import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  IMPORTACION_MESSAGES as M,
  mapeoDesdeColumnas,
  OPCIONES_IMPORTACION_POR_DEFECTO,
  type DestinoImportacion,
  type ImportacionSubida,
  type OpcionesImportacion,
} from '@tvsistema/domain';
import { ResourcePage } from '../../../components/resource/resource-page.js';
import { isApiError } from '../../../lib/api-client.js';
import { serverMessageOr } from '../../../lib/api-error-message.js';
import { useAuthContext } from '../../../lib/auth-context.js';
import { useSystem } from '../../../lib/system-context.js';
import { HeadingTitle } from '../../../lib/page-title.js';
import { importacionesApi, importacionKeys, postNdjson } from '../api/importacion-api.js';
import { logisticaKeys } from '../api/logistica-api.js';
import { T } from '../logistica-texts.js';
import '../logistica.css';
import { PasoArchivo } from './importacion-archivo.js';
import type { EstadoImportar, Validacion } from './importacion-comun.js';
import { PasoColumnas } from './importacion-columnas.js';
import { PasoResultado, PasoRevision } from './importacion-revision.js';

const I = T.importar;

/** The four steps of §5, the current one marked for assistive technology. */
const Pasos = ({ paso }: { paso: 1 | 2 | 3 | 4 }) => (
  <ol className="importacion-pasos list-unstyled d-flex flex-wrap gap-2 mb-3">
    {M.pasos.map((nombre, i) => (
      <li
        key={nombre}
        aria-current={paso === i + 1 ? 'step' : undefined}
        className={`badge rounded-pill fs-6 fw-normal ${
          paso === i + 1 ? 'text-bg-primary' : 'text-bg-light border'
        }`}
      >
        {i + 1} {nombre}
      </li>
    ))}
  </ol>
);

const columnasDesdeMapeo = (mapeo: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(mapeo).map(([key, cabecera]) => [cabecera, key]));

/** One import of the destino, from the file to its result (logistica.md §5 "Import wizard"). */
const Asistente = ({ destino }: { destino: DestinoImportacion }) => {
  const { getAccessToken } = useAuthContext();
  const client = useQueryClient();
  const base = importacionesApi(destino);
  const [paso, setPaso] = useState<1 | 2 | 3 | 4>(1);
  const [subida, setSubida] = useState<ImportacionSubida | undefined>();
  const [columnas, setColumnas] = useState<Record<string, string>>({});
  const [opciones, setOpciones] = useState<OpcionesImportacion>(OPCIONES_IMPORTACION_POR_DEFECTO);
  const [recordar, setRecordar] = useState(true);
  const [erroresServidor, setErroresServidor] = useState<string[]>([]);
  const [validacion, setValidacion] = useState<Validacion | undefined>();
  const [importacion, setImportacion] = useState<EstadoImportar | undefined>();
  const [conflicto, setConflicto] = useState<string | undefined>();
  const vivo = useRef<AbortController>(new AbortController());
  useEffect(() => {
    const controller = new AbortController();
    vivo.current = controller;
    return () => controller.abort();
  }, []);

  const alSubir = (s: ImportacionSubida) => {
    setSubida(s);
    setColumnas(columnasDesdeMapeo(s.mapeoSugerido));
    setOpciones(
      s.origenMapeo === 'recordado' ? s.opcionesSugeridas : OPCIONES_IMPORTACION_POR_DEFECTO,
    );
    setRecordar(true);
    setErroresServidor([]);
    setValidacion(undefined);
    setImportacion(undefined);
    setConflicto(undefined);
    setPaso(2);
    void client.invalidateQueries({ queryKey: importacionKeys.recientes(destino) });
  };

  const validar = async () => {
    if (!subida) return;
    const { mapeo } = mapeoDesdeColumnas(destino, columnas);
    setConflicto(undefined);
    setErroresServidor([]);
    setValidacion({ fase: 'validando', progreso: undefined });
    setPaso(3);
    try {
      const ultima = await postNdjson({
        url: `${base}/${subida._id}/validar`,
        body: { mapeo, opciones, recordar },
        getAccessToken,
        signal: vivo.current.signal,
        onLinea: (linea) => {
          if (linea.tipo === 'progreso')
            setValidacion({
              fase: 'validando',
              progreso: { n: linea.procesadas, total: linea.total },
            });
        },
      });
      if (vivo.current.signal.aborted) return;
      if (ultima?.tipo === 'resumen')
        setValidacion({ fase: 'hecha', version: ultima.version, resumen: ultima.resumen });
      else
        setValidacion({
          fase: 'fallida',
          mensaje: ultima?.tipo === 'error' ? ultima.message : I.noValidada,
        });
    } catch (error) {
      if (vivo.current.signal.aborted) return;
      if (isApiError(error) && error.status === 400) {
        // The server refused the mapping: back to the columns with its reasons.
        const errores = (error.errors ?? []).filter((e): e is string => typeof e === 'string');
        setErroresServidor(errores.length ? errores : [error.message]);
        setValidacion(undefined);
        setPaso(2);
        return;
      }
      setValidacion({ fase: 'fallida', mensaje: serverMessageOr(error, I.noValidada) });
    }
  };

  const confirmar = async () => {
    if (!subida || validacion?.fase !== 'hecha') return;
    setConflicto(undefined);
    setImportacion({ fase: 'importando', progreso: undefined });
    setPaso(4);
    try {
      const ultima = await postNdjson({
        url: `${base}/${subida._id}/confirmar`,
        body: { version: validacion.version },
        getAccessToken,
        signal: vivo.current.signal,
        onLinea: (linea) => {
          if (linea.tipo === 'progreso')
            setImportacion({
              fase: 'importando',
              progreso: { n: linea.procesadas, total: linea.total },
            });
        },
      });
      if (vivo.current.signal.aborted) return;
      if (ultima?.tipo === 'resultado') {
        setImportacion({ fase: 'hecha', resultado: ultima.resultado });
        void client.invalidateQueries({ queryKey: logisticaKeys.todo });
      } else
        setImportacion({
          fase: 'fallida',
          mensaje: M.fallida(ultima?.tipo === 'error' ? ultima.message : I.sinResultado),
        });
    } catch (error) {
      if (vivo.current.signal.aborted) return;
      if (isApiError(error) && error.status === 409) {
        // R19: the data changed since validating, or the import was already made.
        setConflicto(error.message);
        setImportacion(undefined);
        setPaso(3);
        return;
      }
      setImportacion({ fase: 'fallida', mensaje: M.fallida(serverMessageOr(error, I.noValidada)) });
    }
  };

  const nueva = () => {
    setSubida(undefined);
    setValidacion(undefined);
    setImportacion(undefined);
    setConflicto(undefined);
    setPaso(1);
    void client.invalidateQueries({ queryKey: importacionKeys.recientes(destino) });
  };

  return (
    <ResourcePage className="logistica-page importacion-page">
      <HeadingTitle text={M.titulo(destino)} />
      <h1 className="h3 mb-3">{M.titulo(destino)}</h1>
      <Pasos paso={paso} />
      {paso === 1 && <PasoArchivo destino={destino} onSubida={alSubir} />}
      {paso === 2 && subida && (
        <PasoColumnas
          destino={destino}
          subida={subida}
          columnas={columnas}
          onColumnas={setColumnas}
          opciones={opciones}
          onOpciones={setOpciones}
          recordar={recordar}
          onRecordar={setRecordar}
          erroresServidor={erroresServidor}
          onValidar={() => void validar()}
        />
      )}
      {paso === 3 && subida && validacion && (
        <PasoRevision
          destino={destino}
          subida={subida}
          mapeo={mapeoDesdeColumnas(destino, columnas).mapeo}
          validacion={validacion}
          conflicto={conflicto}
          onVolver={() => setPaso(2)}
          onRevalidar={() => void validar()}
          onImportar={() => void confirmar()}
        />
      )}
      {paso === 4 && subida && importacion && (
        <PasoResultado
          destino={destino}
          importacionId={subida._id}
          importacion={importacion}
          totalFilas={subida.totalFilas}
          // R19: `confirmar` runs only from `validada`; a failed import is validated again.
          onReintentar={() => void validar()}
          onNueva={nueva}
        />
      )}
    </ResourcePage>
  );
};

/** /albaranes/importar: the import of the current system's kind (§5). */
export const ImportacionPage = () => {
  const { currentSystem } = useSystem();
  const destino: DestinoImportacion = currentSystem === 'transportes' ? 'transporte' : 'alquiler';
  return <Asistente key={destino} destino={destino} />;
};
