import { useLocation, useParams, useSearchParams } from 'react-router';
import {
  alquilerCreateSchema,
  can,
  esFechaValida,
  presupuestoCreateSchema,
  type Alquiler,
  type Plantilla,
  type Presupuesto,
} from '@tvsistema/domain';
import { diaEnMadrid } from '@tvsistema/domain/format';
import { erroresDelEsquema } from '../../../components/resource/errores-formulario.js';
import { LoadingStatus } from '../../../components/resource/loading-status.js';
import { PantallaNoDisponible } from '../../../components/resource/pantalla-no-disponible.js';
import { ResourcePage } from '../../../components/resource/resource-page.js';
import { useApiClient } from '../../../lib/api-client-context.js';
import { useAuthContext } from '../../../lib/auth-context.js';
import { useQuery } from '@tanstack/react-query';
import {
  ALQUILERES_API,
  post,
  PRESUPUESTOS_API,
  put,
  useAlquiler,
  usePresupuesto,
} from '../api/comercial-api.js';
import { comercialHrefs, isRecordId } from '../comercial-paths.js';
import { T } from '../comercial-texts.js';
import {
  alquilerPayload,
  desdeAlquiler,
  desdePresupuesto,
  nuevaClave,
  presupuestoPayload,
  vacio,
  type DocumentoForm,
} from '../utils/documento-form.js';
import type { EstadoNuevoAlquiler } from './calendario.js';
import { DocumentoFormView } from './documento-form.js';
import '../comercial.css';

const sumar = (fecha: string, dias: number) => {
  const d = new Date(`${fecha}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + dias);
  return d.toISOString().slice(0, 10);
};

/** `?plantilla=` prefill: the template's lines, dates from today for its duration (§2.3). */
const desdePlantilla = (p: Plantilla, hoy: string): DocumentoForm => {
  const fin = sumar(hoy, p.duracionDias - 1);
  return {
    ...vacio(hoy),
    fechaFin: fin,
    fechaValidez: sumar(hoy, p.validezDias),
    facturacion: p.facturacion ?? '',
    fianzaImporte: p.fianza ?? '',
    condiciones: p.condiciones ?? '',
    plantillaId: p._id,
    lineas: p.lineas.map((l) => {
      const r = l as Record<string, unknown>;
      const str = (k: string) => (typeof r[k] === 'string' ? (r[k] as string) : null);
      return {
        key: nuevaClave(),
        clase: r['clase'] as 'maquina',
        articuloId: str('maquinaId') ?? str('componenteId') ?? str('conceptoId') ?? '',
        descripcion: str('descripcion') ?? '',
        cantidad: String(Number(str('cantidad') ?? '1')),
        fechaInicio: hoy,
        fechaFin: fin,
        modoTarifa: (str('modoTarifa') ?? 'optimo') as 'optimo',
        diasMinimos: typeof r['diasMinimos'] === 'number' ? r['diasMinimos'] : 1,
        descuentoPct: String(Number(str('descuentoPct') ?? '0')),
        precioDia: str('precioDia'),
        precioSemana: str('precioSemana'),
        precioMes: str('precioMes'),
        precio: str('precio'),
        unidad: str('unidad') ?? 'ud.',
        tipoIva: typeof r['tipoIva'] === 'number' ? r['tipoIva'] : 21,
        motivoIva0: str('motivoIva0'),
      };
    }),
  };
};

/**
 * /presupuestos/nuevo (?plantilla=, §5) and /presupuestos/{presupuestoId}/editar. "Duplicar" does
 * not come here: the server copies the quote (§3.1, decision 0028).
 */
export const PresupuestoFormPage = ({ mode }: { mode: 'create' | 'edit' }) => {
  const api = useApiClient();
  const params = useParams();
  const [search] = useSearchParams();
  const id = params['presupuestoId'];
  const plantillaId = search.get('plantilla') ?? undefined;
  const query = usePresupuesto(mode === 'edit' && isRecordId(id) ? id : undefined);
  const plantilla = useQuery({
    queryKey: ['presupuestos', 'plantilla', plantillaId],
    queryFn: async () =>
      (
        await api.get<{ data: Plantilla }>(
          `${PRESUPUESTOS_API}/plantillas/${encodeURIComponent(plantillaId ?? '')}`,
        )
      ).data,
    enabled: mode === 'create' && isRecordId(plantillaId),
  });
  const hoy = diaEnMadrid();
  const body = (() => {
    if (mode === 'edit' && !isRecordId(id))
      return (
        <PantallaNoDisponible titulo={T.presupuestos.singular} id={id}>
          {T.presupuestos.invalido}
        </PantallaNoDisponible>
      );
    if (mode === 'edit' && query.isPending)
      return <LoadingStatus message={T.presupuestos.cargando} />;
    if (mode === 'edit' && (query.isError || !query.data))
      return (
        <PantallaNoDisponible titulo={T.presupuestos.singular} id={id}>
          {T.presupuestos.noCargado}
        </PantallaNoDisponible>
      );
    if (plantilla.isFetching) return <LoadingStatus message={T.presupuestos.cargando} />;
    const record: Presupuesto | undefined = query.data;
    const inicial = record
      ? desdePresupuesto(record)
      : plantilla.data
        ? desdePlantilla(plantilla.data, hoy)
        : vacio(hoy);
    return (
      <DocumentoFormView
        tipo="presupuesto"
        titulo={
          record
            ? T.presupuestos.editarTitulo(record.numero ?? T.presupuestos.borrador)
            : T.presupuestos.nuevo
        }
        inicial={inicial}
        submitLabel={record ? T.comun.guardar : T.presupuestos.crear}
        volverHref={record ? comercialHrefs.presupuesto(record._id) : comercialHrefs.presupuestos()}
        destino={comercialHrefs.presupuesto}
        mensajeExito={record ? T.presupuestos.actualizado : T.presupuestos.creado}
        validar={(f) => erroresDelEsquema(presupuestoCreateSchema, presupuestoPayload(f))}
        onGuardar={async (f) => {
          const payload = presupuestoPayload(f);
          const saved = record
            ? await put<Presupuesto>(api, `${PRESUPUESTOS_API}/${record._id}`, {
                ...payload,
                version: record.version,
              })
            : await post<Presupuesto>(api, PRESUPUESTOS_API, payload);
          return saved._id;
        }}
      />
    );
  })();
  return <ResourcePage className="comercial-page">{body}</ResourcePage>;
};

/** /alquileres/nuevo and /alquileres/{id}/editar. */
export const AlquilerFormPage = ({ mode }: { mode: 'create' | 'edit' }) => {
  const api = useApiClient();
  const params = useParams();
  const [search] = useSearchParams();
  const { state } = useLocation() as { state: Partial<EstadoNuevoAlquiler> | null };
  const { roles } = useAuthContext();
  const id = params['id'];
  const query = useAlquiler(mode === 'edit' && isRecordId(id) ? id : undefined);
  const hoy = diaEnMadrid();
  // §5: the calendar's free day opens `?maquinaId=…&desde=…`; its navigation state brings the
  // machine's code for the picker to search (inventario.consultar reads no machine by id). A
  // link opened without it (a new tab) reads the code from the machine's record when the user
  // may see machines; otherwise the picker starts empty.
  const maquinaId = search.get('maquinaId') ?? '';
  const desdeCalendario = search.get('desde') ?? '';
  const codigoEstado = typeof state?.maquinaCodigo === 'string' ? state.maquinaCodigo : undefined;
  const conMaquina = mode === 'create' && isRecordId(maquinaId);
  const maquina = useQuery({
    queryKey: ['comercial', 'maquina-del-calendario', maquinaId],
    queryFn: async ({ signal }) =>
      (
        await api.get<{ data: { codigoInterno: string } }>(
          `/api/maquinaria/${encodeURIComponent(maquinaId)}`,
          { signal },
        )
      ).data.codigoInterno,
    enabled: conMaquina && codigoEstado === undefined && can(roles, 'maquinaria.view'),
    retry: false,
  });
  const maquinaInicial = conMaquina
    ? { id: maquinaId, q: codigoEstado ?? maquina.data ?? '' }
    : undefined;
  const nuevo = () => {
    const f = vacio(hoy);
    return esFechaValida(desdeCalendario)
      ? { ...f, fechaInicio: desdeCalendario, fechaFin: desdeCalendario }
      : f;
  };
  const body = (() => {
    if (mode === 'edit' && !isRecordId(id))
      return (
        <PantallaNoDisponible titulo={T.alquileres.singular} id={id}>
          {T.alquileres.invalido}
        </PantallaNoDisponible>
      );
    // The picker takes its search once: wait for the machine's code.
    if (maquina.isFetching) return <LoadingStatus message="Cargando…" />;
    if (mode === 'edit' && query.isPending)
      return <LoadingStatus message={T.alquileres.cargando} />;
    if (mode === 'edit' && (query.isError || !query.data))
      return (
        <PantallaNoDisponible titulo={T.alquileres.singular} id={id}>
          {T.alquileres.noCargado}
        </PantallaNoDisponible>
      );
    const record: Alquiler | undefined = query.data;
    return (
      <DocumentoFormView
        tipo="alquiler"
        titulo={record ? T.alquileres.editarTitulo(record.numero) : T.alquileres.nuevo}
        inicial={record ? desdeAlquiler(record) : nuevo()}
        submitLabel={record ? T.comun.guardar : T.alquileres.crear}
        volverHref={record ? comercialHrefs.alquiler(record._id) : comercialHrefs.alquileres()}
        destino={comercialHrefs.alquiler}
        mensajeExito={record ? T.alquileres.actualizado : T.alquileres.creado}
        origenId={record?._id}
        maquinaInicial={maquinaInicial}
        validar={(f) => erroresDelEsquema(alquilerCreateSchema, alquilerPayload(f))}
        onGuardar={async (f) => {
          const payload = alquilerPayload(f);
          const saved = record
            ? await put<Alquiler>(api, `${ALQUILERES_API}/${record._id}`, {
                ...payload,
                version: record.version,
              })
            : await post<Alquiler>(api, ALQUILERES_API, payload);
          return saved._id;
        }}
      />
    );
  })();
  return <ResourcePage className="comercial-page">{body}</ResourcePage>;
};
