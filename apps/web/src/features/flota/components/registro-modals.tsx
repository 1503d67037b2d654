import { useState } from 'react';
import { Button, Col, Form } from 'react-bootstrap';
import {
  ACCION_CAMION_LABELS,
  cadenaItv,
  can,
  descripcionPeriodo,
  diaEnMadrid,
  edadVehiculo,
  categoriaVehiculo,
  formatFecha,
  periodoItvMeses,
  proximoMantenimiento,
  RESULTADO_ITV_LABELS,
  sumarDias,
  TIPO_MANTENIMIENTO_CAMION_LABELS,
  type AccionCamion,
  type Camion,
  type Inspeccion,
  type MantenimientoCamion,
} from '@tvsistema/domain';
import { isApiError } from '../../../lib/api-client.js';
import { serverMessageOr } from '../../../lib/api-error-message.js';
import { useEstadoCamion } from '../api/camiones.js';
import { OpcionTypeahead } from '../../../components/forms/opcion-typeahead.js';
import { SelectorArchivo } from '../../../components/forms/selector-archivo.js';
import { useTalleres } from '../api/conductores.js';
import {
  useBorrarDocumento,
  useComprasTransporte,
  useDocumentos,
  useRegistrar,
  useSubirDocumento,
  useUltimoMantenimiento,
} from '../api/registros.js';
import { useAuthContext } from '../../../lib/auth-context.js';
import { useDebouncedValue } from '../../../lib/use-debounced-value.js';
import { FLOTA_TEXTS as T } from '../flota-texts.js';

// §3 and §5.3 modals: state actions, "Registrar inspección", "Registrar mantenimiento",
// "Registrar lectura" (with "Confirmo la lectura" after an unusual jump).

import { Campo, errorText, esRemolque, km, Marco, Opciones } from './modal-parts.js';

export const EstadoModal = ({
  camion,
  accion,
  onClose,
}: {
  camion: Camion;
  accion: AccionCamion;
  onClose: () => void;
}) => {
  const [fecha, setFecha] = useState(diaEnMadrid());
  const [motivo, setMotivo] = useState('');
  const [error, setError] = useState<string>();
  const mutation = useEstadoCamion(camion._id);
  const submit = () =>
    mutation
      .mutateAsync({
        accion,
        fecha,
        ...(motivo.trim() ? { motivo } : {}),
        version: camion.version,
      })
      .then(onClose, (cause: unknown) => setError(errorText(cause)));
  return (
    <Marco
      title={ACCION_CAMION_LABELS[accion]}
      onClose={onClose}
      onSubmit={() => void submit()}
      error={error}
      saving={mutation.isPending}
    >
      <Campo id="estado-fecha" label="Fecha" type="date" value={fecha} onChange={setFecha} />
      {accion === 'dar_baja' && (
        <Campo id="estado-motivo" label="Motivo" value={motivo} onChange={setMotivo} />
      )}
    </Marco>
  );
};

/** "Registrar inspección", or with `inspeccion` the latest one to correct (PUT with its version). */
export const ItvModal = ({
  camion,
  inspeccion,
  onClose,
}: {
  camion: Camion;
  inspeccion?: Inspeccion;
  onClose: () => void;
}) => {
  const [fecha, setFecha] = useState(inspeccion?.fecha ?? diaEnMadrid());
  const [estacion, setEstacion] = useState(inspeccion?.estacion ?? '');
  const [resultado, setResultado] = useState<string>(inspeccion?.resultado ?? 'favorable');
  const [kmTexto, setKm] = useState(inspeccion?.km == null ? '' : String(inspeccion.km));
  const [observaciones, setObservaciones] = useState(inspeccion?.observaciones ?? '');
  const [informe, setInforme] = useState(inspeccion?.informeArchivoId ?? '');
  /** A new "Informe" chosen here: uploaded only when Guardar saves (decision 0029). */
  const [archivo, setArchivo] = useState<File>();
  const [error, setError] = useState<string>();
  const mutation = useRegistrar<Record<string, unknown>>(camion._id, 'itv', inspeccion?._id);
  const subir = useSubirDocumento(camion._id);
  const borrar = useBorrarDocumento(camion._id);
  // The live preview (§5.3): the chain with this inspection added, and its period.
  const preview = (() => {
    if (resultado !== 'favorable' || !/^\d{4}-\d{2}-\d{2}$/.test(fecha)) return undefined;
    const base = cadenaItv({
      tipo: camion.tipo,
      mmaKg: camion.mmaKg,
      fechaPrimeraMatriculacion: camion.fechaPrimeraMatriculacion,
      itvProximaInicial: camion.itvHasta,
      inspecciones: [{ fecha, resultado: 'favorable' }],
    });
    const d = camion.itvHasta;
    const desde = sumarDias(d, -30) <= fecha && fecha <= d ? d : fecha;
    const meses = periodoItvMeses(
      categoriaVehiculo(camion.tipo, camion.mmaKg),
      edadVehiculo(camion.fechaPrimeraMatriculacion, desde),
    );
    return `Próxima ITV: ${formatFecha(base.itvHasta)} (${descripcionPeriodo(meses)})`;
  })();
  // Cancelling uploads nothing: the file goes up on Guardar, just before the inspection, and is
  // deleted again if the inspection is refused, so no file is left without its inspection.
  const submit = async () => {
    setError(undefined);
    let subido: string | undefined;
    if (archivo) {
      try {
        subido = (
          await subir.mutateAsync({
            file: archivo,
            fields: {
              categoria: 'informe_itv',
              ...(/^\d{4}-\d{2}-\d{2}$/.test(fecha) ? { fechaDocumento: fecha } : {}),
            },
          })
        )._id;
      } catch (cause) {
        setError(serverMessageOr(cause, T.subidaFallida));
        return;
      }
    }
    try {
      await mutation.mutateAsync({
        fecha,
        resultado,
        ...(estacion ? { estacion } : {}),
        ...(km(kmTexto) !== undefined ? { km: km(kmTexto) } : {}),
        ...(observaciones ? { observaciones } : {}),
        informeArchivoId: subido ?? (informe || null),
        ...(inspeccion ? { version: inspeccion.version } : {}),
      });
    } catch (cause) {
      if (subido) borrar.mutate(subido);
      setError(errorText(cause));
      return;
    }
    onClose();
  };
  return (
    <Marco
      title={inspeccion ? T.modificarInspeccion : T.registrarInspeccion}
      onClose={onClose}
      onSubmit={() => void submit()}
      error={error}
      saving={mutation.isPending || subir.isPending}
    >
      <Campo id="itv-fecha" label="Fecha" type="date" value={fecha} onChange={setFecha} />
      <Campo id="itv-estacion" label="Estación ITV" value={estacion} onChange={setEstacion} />
      <Opciones
        id="itv-resultado"
        label="Resultado"
        value={resultado}
        onChange={setResultado}
        options={Object.entries(RESULTADO_ITV_LABELS).map(([value, label]) => ({ value, label }))}
      />
      {!esRemolque(camion) && <Campo id="itv-km" label="Km" value={kmTexto} onChange={setKm} />}
      <Campo
        id="itv-observaciones"
        label="Observaciones"
        value={observaciones}
        onChange={setObservaciones}
        sm={12}
      />
      <InformeItv
        camionId={camion._id}
        value={informe}
        onChange={setInforme}
        archivo={archivo}
        onArchivo={setArchivo}
        subiendo={subir.isPending}
      />
      {preview && (
        <Col xs={12}>
          <p className="mb-0 text-body-secondary" aria-live="polite">
            {preview}
          </p>
        </Col>
      )}
    </Marco>
  );
};

/**
 * The inspection's "Informe" (§5.3): one of the vehicle's "Informe ITV" files, or a new file
 * chosen here, which Guardar uploads with that categoría and the inspection's date.
 */
const InformeItv = ({
  camionId,
  value,
  onChange,
  archivo,
  onArchivo,
  subiendo,
}: {
  camionId: string;
  value: string;
  onChange: (value: string) => void;
  archivo: File | undefined;
  onArchivo: (archivo: File | undefined) => void;
  subiendo: boolean;
}) => {
  const documentos = useDocumentos(camionId);
  const informes = (documentos.data?.data ?? []).filter((d) => d.categoria === 'informe_itv');
  return (
    <>
      <Col xs={12} sm={6}>
        <Form.Group controlId="itv-informe">
          <Form.Label>Informe</Form.Label>
          <Form.Select
            value={archivo ? '' : value}
            disabled={archivo !== undefined}
            onChange={(e) => onChange(e.target.value)}
          >
            <option value="">{T.sinInforme}</option>
            {informes.map((d) => (
              <option key={d._id} value={d._id}>
                {d.fechaDocumento ? `${d.nombre} (${formatFecha(d.fechaDocumento)})` : d.nombre}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      </Col>
      <Col xs={12} sm={6}>
        <SelectorArchivo
          id="itv-informe-archivo"
          label={T.subirInforme}
          accept="application/pdf,image/*"
          disabled={subiendo}
          seleccion={archivo ?? null}
          vaciar
          onChange={(files) => {
            if (files[0]) onArchivo(files[0]);
          }}
        />
        {subiendo && (
          <p role="status" className="small mt-1 mb-0">
            Subiendo…
          </p>
        )}
      </Col>
      {archivo && !subiendo && (
        <Col xs={12}>
          <p className="small mb-0" aria-live="polite">
            {T.informeAlGuardar(archivo.name)}{' '}
            <Button
              variant="link"
              size="sm"
              className="p-0 align-baseline"
              onClick={() => onArchivo(undefined)}
            >
              {T.quitarInforme}
            </Button>
          </p>
        </Col>
      )}
    </>
  );
};

/** "Registrar mantenimiento", or with `mantenimiento` one to correct (PUT with its version). */
const TALLER_PROPIO = 'propio';

export const MantenimientoModal = ({
  camion,
  mantenimiento: m,
  onClose,
}: {
  camion: Camion;
  mantenimiento?: MantenimientoCamion;
  onClose: () => void;
}) => {
  const texto = (v: number | null | undefined) => (v == null ? '' : String(v));
  const [fecha, setFecha] = useState(m?.fecha ?? diaEnMadrid());
  const [tipo, setTipo] = useState<string>(m?.tipo ?? 'revision');
  const [kmTexto, setKm] = useState(texto(m ? m.km : camion.kmActual));
  // "Taller propio" is an option of its own: clearing the typeahead leaves no choice shown.
  const [tallerId, setTaller] = useState(m?.tallerId ?? TALLER_PROPIO);
  const [descripcion, setDescripcion] = useState(m?.descripcion ?? '');
  const [coste, setCoste] = useState(m ? m.coste.replace('.', ',') : '');
  const [numeroFactura, setNumeroFactura] = useState(m?.numeroFactura ?? '');
  const [compraId, setCompraId] = useState(m?.compraId ?? '');
  const [compraTexto, setCompraTexto] = useState('');
  // Typed próximos win; until then a new one proposes the previous one's interval (§4.5).
  const [proximaFecha, setProximaFecha] = useState<string | undefined>(
    m?.proximaFecha ?? undefined,
  );
  const [proximoKm, setProximoKm] = useState<string | undefined>(
    m ? texto(m.proximoKm) : undefined,
  );
  const [error, setError] = useState<string>();
  const { roles } = useAuthContext();
  const talleres = useTalleres();
  const compras = useComprasTransporte(
    useDebouncedValue(compraTexto, 300),
    can(roles, 'compras.view'),
  );
  const previo = useUltimoMantenimiento(camion._id, tipo, !m).data ?? undefined;
  const propuesto = proximoMantenimiento(previo, { fecha, km: km(kmTexto) });
  const fechaProxima = proximaFecha ?? propuesto.proximaFecha ?? '';
  const kmProximo = proximoKm ?? texto(propuesto.proximoKm);
  const etiquetaCompra = (c: {
    numeroRegistro: string;
    proveedor: string;
    numeroFacturaProveedor: string;
  }) => `${c.numeroRegistro} · ${c.proveedor} · ${c.numeroFacturaProveedor}`;
  const opcionesCompra = (compras.data?.data ?? []).map((c) => ({
    id: c._id,
    label: etiquetaCompra({ ...c, proveedor: c.proveedor.nombre }),
    numero: c.numeroFacturaProveedor,
  }));
  const mutation = useRegistrar<Record<string, unknown>>(camion._id, 'mantenimientos', m?._id);
  const submit = () =>
    mutation
      .mutateAsync({
        fecha,
        tipo,
        ...(km(kmTexto) !== undefined ? { km: km(kmTexto) } : {}),
        tallerId: tallerId === TALLER_PROPIO ? null : tallerId || null,
        ...(descripcion ? { descripcion } : {}),
        coste: coste.trim() === '' ? '0.00' : coste.replace(/\./g, '').replace(',', '.'),
        ...(numeroFactura.trim() ? { numeroFactura } : {}),
        compraId: compraId || null,
        proximaFecha: fechaProxima || null,
        proximoKm: km(kmProximo) ?? null,
        ...(m ? { version: m.version } : {}),
      })
      .then(onClose, (cause: unknown) => setError(errorText(cause)));
  return (
    <Marco
      title={m ? T.modificarMantenimiento : T.registrarMantenimiento}
      onClose={onClose}
      onSubmit={() => void submit()}
      error={error}
      saving={mutation.isPending}
    >
      <Campo id="mant-fecha" label="Fecha" type="date" value={fecha} onChange={setFecha} />
      <Opciones
        id="mant-tipo"
        label="Tipo"
        value={tipo}
        onChange={setTipo}
        options={Object.entries(TIPO_MANTENIMIENTO_CAMION_LABELS).map(([value, label]) => ({
          value,
          label,
        }))}
      />
      {!esRemolque(camion) && <Campo id="mant-km" label="Km" value={kmTexto} onChange={setKm} />}
      {/* §5.3: a typeahead of transporte's suppliers plus "Taller propio" (no supplier). */}
      <OpcionTypeahead
        inputId="mant-taller"
        label="Taller"
        className="col-12 col-sm-6"
        value={tallerId}
        onChange={setTaller}
        loading={talleres.isFetching}
        options={[
          { id: TALLER_PROPIO, label: T.tallerPropio },
          ...(talleres.data?.data ?? []).map((p) => ({ id: p._id, label: p.nombre })),
        ]}
      />
      <Campo
        id="mant-descripcion"
        label="Descripción"
        value={descripcion}
        onChange={setDescripcion}
        sm={12}
      />
      <Campo id="mant-coste" label="Coste (€, sin IVA)" value={coste} onChange={setCoste} />
      <Campo
        id="mant-numero-factura"
        label="Nº de factura"
        value={numeroFactura}
        onChange={setNumeroFactura}
      />
      {/* §2.6: the transporte compra that records this invoice, optional. */}
      {can(roles, 'compras.view') && (
        <OpcionTypeahead
          inputId="mant-compra"
          label="Compra"
          className="col-12"
          value={compraId}
          valueLabel={m?.compra ? etiquetaCompra(m.compra) : undefined}
          onChange={(id) => {
            setCompraId(id);
            const elegida = opcionesCompra.find((o) => o.id === id);
            if (elegida && !numeroFactura.trim()) setNumeroFactura(elegida.numero);
          }}
          onInputChange={setCompraTexto}
          loading={compras.isFetching}
          placeholder="Sin compra vinculada"
          options={opcionesCompra}
        />
      )}
      <Campo
        id="mant-proxima-fecha"
        label="Próxima fecha"
        type="date"
        value={fechaProxima}
        onChange={setProximaFecha}
      />
      {!esRemolque(camion) && (
        <Campo id="mant-proximo-km" label="Próximos km" value={kmProximo} onChange={setProximoKm} />
      )}
      {!m &&
        previo &&
        proximaFecha === undefined &&
        proximoKm === undefined &&
        (propuesto.proximaFecha || propuesto.proximoKm !== null) && (
          <Col xs={12}>
            <p className="mb-0 small text-body-secondary" aria-live="polite">
              {T.proximoPropuesto(formatFecha(previo.fecha))}
            </p>
          </Col>
        )}
    </Marco>
  );
};

export const LecturaModal = ({ camion, onClose }: { camion: Camion; onClose: () => void }) => {
  const [fecha, setFecha] = useState(diaEnMadrid());
  const [kmTexto, setKm] = useState('');
  const [inusual, setInusual] = useState(false);
  const [confirmada, setConfirmada] = useState(false);
  const [error, setError] = useState<string>();
  const mutation = useRegistrar<Record<string, unknown>>(camion._id, 'kilometraje');
  const submit = () =>
    mutation
      .mutateAsync({ fecha, km: km(kmTexto), ...(confirmada ? { confirmada: true } : {}) })
      .then(onClose, (cause: unknown) => {
        setError(serverMessageOr(cause, T.createFailed));
        if (isApiError(cause) && cause.message.startsWith('Aumento de kilometraje inusual'))
          setInusual(true);
      });
  return (
    <Marco
      title={T.registrarLectura}
      onClose={onClose}
      onSubmit={() => void submit()}
      error={error}
      saving={mutation.isPending}
    >
      <Campo id="lectura-fecha" label="Fecha" type="date" value={fecha} onChange={setFecha} />
      <Campo id="lectura-km" label="Km" value={kmTexto} onChange={setKm} />
      {inusual && (
        <Col xs={12}>
          <Form.Check
            id="lectura-confirmada"
            type="checkbox"
            label={T.confirmoLectura}
            checked={confirmada}
            onChange={(e) => setConfirmada(e.target.checked)}
          />
        </Col>
      )}
    </Marco>
  );
};
