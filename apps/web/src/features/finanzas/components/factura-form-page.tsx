import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Col, Form, Modal, Row, Table } from 'react-bootstrap';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  calcularFactura,
  CAUSAS_EXENCION,
  CAUSAS_NO_SUJECION,
  empresaForSystem,
  FACTURA_MESSAGES,
  facturaCreateSchema,
  FORMAS_PAGO_FACTURA,
  MEDIO_COBRO_LABELS,
  RETENCIONES,
  TIPO_FACTURA_LABELS,
  type Condiciones,
  type Concepto,
  type Factura,
  type GrupoDesglose,
  mensajesDocumento,
} from '@tvsistema/domain';
import { diaEnMadrid, formatEuros, formatFecha } from '@tvsistema/domain/format';
import { useAuthContext } from '../../../lib/auth-context.js';
import { saveBlob } from '../../../lib/csv-export.js';
import { LoadingStatus } from '../../../components/resource/loading-status.js';
import { PantallaNoDisponible } from '../../../components/resource/pantalla-no-disponible.js';
import { ResourcePage } from '../../../components/resource/resource-page.js';
import { useBannerFocus } from '../../../components/resource/use-banner-focus.js';
import { UnsavedChangesGuard } from '../../../components/resource/unsaved-changes-guard.js';
import { useApiClient } from '../../../lib/api-client-context.js';
import { isApiError } from '../../../lib/api-client.js';
import { serverMessageOr } from '../../../lib/api-error-message.js';
import { useSystem } from '../../../lib/system-context.js';
import { fetchCondiciones, type LineaPropuesta } from '../api/factura-form-api.js';
import {
  FACTURAS_API,
  fetchFacturaPdf,
  finanzasKeys,
  NOTAS_API,
  useFactura,
  useFacturas,
} from '../api/finanzas-api.js';
import { notasBase, T, TN } from '../finanzas-texts.js';
import { OpcionTypeahead, useBusqueda } from '../../../components/forms/opcion-typeahead.js';
import { ConceptoTypeahead, TerceroCard, type Tercero } from './opcion-typeahead.js';
import {
  erroresDelEsquema,
  useErrorVisible,
  useErroresDocumento,
} from '../../../components/resource/errores-formulario.js';
import { HeadingTitle } from '../../../lib/page-title.js';
import { AlbaranesCard, CondicionesModal, OrigenAlquilerCard } from './factura-form-secciones.js';

/** The document's fields that show their own message. */
const CAMPOS_DOCUMENTO = [
  'clienteId',
  'facturaRectificadaId',
  'motivo',
  'fechaOperacion',
  'diasVencimiento',
  'referenciaCliente',
  'descripcionOperacion',
  'observaciones',
] as const;

/** The line fields the table draws, each with its own message when the server refuses it. */
const CAMPOS_DE_LINEA = new Set([
  'descripcion',
  'cantidad',
  'unidad',
  'precioUnitario',
  'descuentoPct',
  'causa',
]);

type LineaForm = {
  id?: string;
  conceptoId?: string | null;
  descripcion: string;
  cantidad: string;
  unidad: string;
  precioUnitario: string;
  descuentoPct: string;
  iva: string;
  /** E1–E6 or N1–N2 when `iva` is exenta or no_sujeta ('' = the first). */
  causa: string;
  naturaleza: string;
  origen?: Factura['lineas'][number]['origen'];
};

const IVA_OPCIONES = [
  { value: '21', label: '21 %' },
  { value: '10', label: '10 %' },
  { value: '4', label: '4 %' },
  { value: '0', label: '0 %' },
  { value: 'isp', label: 'ISP' },
  { value: 'exenta', label: 'Exenta' },
  { value: 'no_sujeta', label: 'No sujeta' },
];
// §5 "Exenta", "No sujeta" + causa: the AEAT's E1–E6 and N1–N2.
const CAUSAS_DE: Record<string, readonly string[]> = {
  exenta: CAUSAS_EXENCION,
  no_sujeta: CAUSAS_NO_SUJECION,
};

// A nota por diferencias carries the negative differences (rule 7).
const vacia = (nota = false): LineaForm => ({
  descripcion: '',
  cantidad: nota ? '-1' : '1',
  unidad: 'ud',
  precioUnitario: '0',
  descuentoPct: '0',
  iva: '21',
  causa: '',
  naturaleza: 'otro',
});
const aDecimal = (v: string) =>
  /^-?\d+([.,]\d+)?$/.test(v.trim()) ? v.trim().replace(',', '.') : '0';
/** A typed number as sent: a decimal comma becomes a point; anything else goes as typed, for the
 * schema to refuse on its field (it used to become 0 without a word). */
const comoDecimal = (v: string, vacio?: string) =>
  v.trim() === '' && vacio !== undefined ? vacio : v.trim().replace(',', '.');

const lineaApi = (l: LineaForm) => {
  const tratamiento =
    l.iva === 'isp' || l.iva === 'exenta' || l.iva === 'no_sujeta' ? l.iva : 'general';
  const causas = CAUSAS_DE[tratamiento];
  return {
    ...(l.id ? { id: l.id } : {}),
    ...(l.conceptoId ? { conceptoId: l.conceptoId } : {}),
    descripcion: l.descripcion,
    cantidad: comoDecimal(l.cantidad),
    unidad: l.unidad.trim() || 'ud',
    precioUnitario: comoDecimal(l.precioUnitario),
    descuentoPct: comoDecimal(l.descuentoPct, '0'),
    naturaleza: l.naturaleza,
    tratamiento,
    causa: causas ? (causas.includes(l.causa) ? l.causa : (causas[0] ?? null)) : null,
    tipoIva: tratamiento === 'general' ? Number(l.iva) : 21,
    ...(l.origen ? { origen: l.origen } : {}),
  };
};

const desdeFactura = (l: Factura['lineas'][number]): LineaForm => ({
  id: l.id,
  conceptoId: l.conceptoId,
  descripcion: l.descripcion,
  cantidad: l.cantidad,
  unidad: l.unidad,
  precioUnitario: l.precioUnitario,
  descuentoPct: l.descuentoPct,
  iva: l.tratamiento === 'general' ? String(l.tipoIva) : l.tratamiento,
  causa: l.causa ?? '',
  naturaleza: l.naturaleza,
  origen: l.origen,
});

/** A line the API proposes from a pending albarán or alquiler (§5 "Añadir seleccionados"). */
const desdePropuesta = (l: LineaPropuesta): LineaForm => ({
  conceptoId: l.conceptoId ?? null,
  descripcion: l.descripcion,
  cantidad: l.cantidad,
  unidad: l.unidad ?? 'ud',
  precioUnitario: l.precioUnitario,
  descuentoPct: l.descuentoPct ?? '0',
  iva: (l.tratamiento ?? 'general') === 'general' ? String(l.tipoIva ?? 21) : (l.tratamiento ?? ''),
  causa: l.causa ?? '',
  naturaleza: l.naturaleza ?? 'otro',
  origen: l.origen
    ? {
        tipo: l.origen.tipo,
        id: l.origen.id,
        numero: l.origen.numero,
        lineaId: l.origen.lineaId,
        desde: l.origen.desde ?? null,
        hasta: l.origen.hasta ?? null,
      }
    : null,
});

/** A form with only the first empty line holds nothing yet: loaded lines replace it. */
const sinLineas = (lineas: readonly LineaForm[]) =>
  lineas.length === 1 && lineas[0]?.descripcion.trim() === '' && !lineas[0].conceptoId;

// A concepto's tipo as a line's naturaleza (as the rentals' billing lines, comercial puertos).
const NATURALEZA_CONCEPTO: Partial<Record<Concepto['tipo'], string>> = {
  alquiler: 'alquiler',
  seguro: 'alquiler',
  transporte: 'transporte',
  montaje: 'servicio_obra',
  desmontaje: 'servicio_obra',
};

/** What a chosen concepto fills in its line. */
const desdeConcepto = (c: Concepto): Partial<LineaForm> => ({
  conceptoId: c._id,
  descripcion: c.nombre,
  unidad: c.unidad,
  precioUnitario: c.precio,
  iva: c.tipoIva === 0 && c.motivoIva0 ? c.motivoIva0 : String(c.tipoIva),
  causa: '',
  naturaleza: NATURALEZA_CONCEPTO[c.tipo] ?? 'otro',
});

/** Line `from` moved to `to` (↑ ↓). */
const mover = <L,>(lineas: readonly L[], from: number, to: number): L[] => {
  const copia = [...lineas];
  const [linea] = copia.splice(from, 1);
  if (linea !== undefined) copia.splice(to, 0, linea);
  return copia;
};

/** A desglose group as the invoice shows it: its rate, ISP, or the exemption cause. */
const grupoLabel = (g: GrupoDesglose) =>
  g.exencion
    ? `${g.exencion.startsWith('E') ? 'Exenta' : 'No sujeta'} (${g.exencion})`
    : g.calificacion === 'S2'
      ? 'ISP'
      : `${g.tipoIva} %`;

/** "Abonar factura completa": every line of the invoice negated, without its origin link. */
const negadas = (f: Factura): LineaForm[] =>
  f.lineas.map((l) => {
    const { id: _id, origen: _origen, ...linea } = desdeFactura(l);
    return {
      ...linea,
      cantidad: linea.cantidad.startsWith('-') ? linea.cantidad.slice(1) : `-${linea.cantidad}`,
    };
  });

/**
 * /facturas/nueva, /facturas/{id}/editar and their transport variants; with `nota`,
 * /notas/nueva and /notas/{notaId}/editar (and /transporte/facturas/notas/…), finanzas.md §5.
 */
export const FacturaFormPage = ({
  mode,
  transporte = false,
  nota = false,
}: {
  mode: 'create' | 'edit';
  transporte?: boolean;
  nota?: boolean;
}) => {
  const { facturaId, notaId } = useParams();
  const existente = useFactura(
    mode === 'edit' ? (nota ? notaId : facturaId) : undefined,
    nota ? NOTAS_API : FACTURAS_API,
  );
  if (mode === 'edit' && existente.isLoading)
    return (
      <ResourcePage>
        <LoadingStatus message={T.detalle.cargando} />
      </ResourcePage>
    );
  if (mode === 'edit' && existente.isError)
    return (
      <ResourcePage>
        <PantallaNoDisponible
          titulo={nota ? TN.singular : T.singular}
          id={nota ? notaId : facturaId}
        >
          {serverMessageOr(existente.error, T.detalle.noEncontrada)}
        </PantallaNoDisponible>
      </ResourcePage>
    );
  // §5: a transport draft has its own route (its "Albaranes" instead of "Origen").
  const f = existente.data;
  if (!nota && f && f.empresa === 'transporte' && !transporte && f.estado === 'borrador')
    return <Navigate to={`/facturas/transporte/${f._id}/editar`} replace />;
  return (
    <FacturaForm
      key={existente.data?._id ?? 'nueva'}
      mode={mode}
      transporte={transporte}
      nota={nota}
      f={existente.data}
    />
  );
};

const FacturaForm = ({
  mode,
  transporte,
  nota,
  f,
}: {
  mode: 'create' | 'edit';
  transporte: boolean;
  nota: boolean;
  f: Factura | undefined;
}) => {
  const { currentSystem } = useSystem();
  const empresa =
    transporte || empresaForSystem(currentSystem) === 'transporte' ? 'transporte' : 'alquileres';
  const api = useApiClient();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [clienteId, setClienteId] = useState(f?.clienteId ?? '');
  const [cliente, setCliente] = useState<Tercero | null>(
    f ? { _id: f.clienteId, nombre: f.cliente.nombre, documento: f.cliente.documento } : null,
  );
  const [tipoFactura, setTipoFactura] = useState<'F1' | 'F2'>(
    f?.tipoFactura === 'F2' ? 'F2' : 'F1',
  );
  const [referencia, setReferencia] = useState(f?.referenciaCliente ?? '');
  const [observaciones, setObservaciones] = useState(f?.observaciones ?? '');
  const [fechaOperacion, setFechaOperacion] = useState(f?.fechaOperacion ?? '');
  const [formaPago, setFormaPago] = useState<string>(f?.formaPago ?? 'transferencia');
  const [diasVencimiento, setDiasVencimiento] = useState(f ? String(f.diasVencimiento) : '');
  const [descripcion, setDescripcion] = useState(f?.descripcionOperacion ?? '');
  const [retencionFactura, setRetencionFactura] = useState(f?.retencionPct ?? '0');
  const [recargo, setRecargo] = useState(f?.recargoEquivalencia ?? false);
  const [condicionesAbiertas, setCondicionesAbiertas] = useState(false);
  // The draft "Vista previa PDF" saved: later saves update it instead of creating another.
  const [previa, setPrevia] = useState<Factura | null>(null);
  const [generando, setGenerando] = useState(false);
  const { getAccessToken } = useAuthContext();
  const [lineas, setLineas] = useState<LineaForm[]>(f ? f.lineas.map(desdeFactura) : [vacia(nota)]);
  const [searchParams] = useSearchParams();
  const [rectificadaId, setRectificadaId] = useState(
    f?.facturaRectificadaId ?? searchParams.get('facturaId') ?? '',
  );
  const [tipoRect, setTipoRect] = useState(f?.tipoFactura.startsWith('R') ? f.tipoFactura : 'R1');
  const [metodo, setMetodo] = useState<'I' | 'S'>(f?.tipoRectificacion ?? 'I');
  const [motivo, setMotivo] = useState(f?.motivo ?? '');
  const rectificada = useFactura(nota && rectificadaId ? rectificadaId : undefined);
  // The retención the totals apply: a nota's is its invoice's (sent with it), a draft's its own;
  // a new invoice's comes from the client's conditions on the server (not shown until saved).
  const retencionPct = nota ? rectificada.data?.retencionPct : retencionFactura;
  const recargoEquivalencia = nota ? (rectificada.data?.recargoEquivalencia ?? false) : recargo;
  // The invoices a nota may rectify: this empresa's issued ones (rule 7), newest first.
  const busqueda = useBusqueda();
  const emitidas = useFacturas(
    { empresa, limit: 100, sort: '-fecha', searchTerm: busqueda.search || undefined },
    FACTURAS_API,
    nota,
  );
  const opciones = (emitidas.data?.data ?? []).filter(
    (x) => x.estado === 'emitida' || x.estado === 'cobrada' || x._id === rectificadaId,
  );
  const [estado, setEstado] = useState<string | null>(null);
  // §5 modal "Cambios sin guardar": what the user changed since the form opened, until saved.
  const editado = JSON.stringify({
    clienteId,
    tipoFactura,
    referencia,
    observaciones,
    fechaOperacion,
    formaPago,
    diasVencimiento,
    descripcion,
    retencionFactura,
    recargo,
    lineas,
    rectificadaId,
    tipoRect,
    metodo,
    motivo,
  });
  const [inicial] = useState(editado);
  const [guardado, setGuardado] = useState(false);
  // The answer to a save takes the focus: the disabled buttons would drop it to the body.
  const estadoRef = useBannerFocus(guardado ? estado : undefined);
  const [confirmarEmision, setConfirmarEmision] = useState(false);
  const [error, setError] = useState<{ message: string; errors: string[] } | null>(null);
  // Once a save was tried, the browser checks the body as the API will (issue 20).
  const [intentado, setIntentado] = useState(false);
  const totales = useMemo(() => {
    try {
      return calcularFactura(
        lineas.map((l) => {
          const a = lineaApi(l);
          return {
            cantidad: aDecimal(a.cantidad),
            precioUnitario: aDecimal(a.precioUnitario),
            descuentoPct: aDecimal(a.descuentoPct),
            tipoIva: a.tipoIva,
            tratamiento: a.tratamiento as 'general',
            causa: a.causa,
            naturaleza: a.naturaleza,
          };
        }),
        { retencionPct: retencionPct ?? '0', recargoEquivalencia },
      );
    } catch {
      return null;
    }
  }, [lineas, retencionPct, recargoEquivalencia]);
  const r = rectificada.data;
  // R5 is forced when the rectified invoice is a simplificada (§2).
  const tipoNota = r?.tipoFactura === 'F2' ? 'R5' : tipoRect;
  const base = nota ? NOTAS_API : FACTURAS_API;
  /** The body "Guardar" sends (without the empresa or the version). */
  const cuerpo = () => ({
    clienteId: nota ? (r?.clienteId ?? '') : clienteId,
    tipoFactura: nota ? tipoNota : tipoFactura,
    ...(nota
      ? {
          facturaRectificadaId: rectificadaId || null,
          tipoRectificacion: metodo,
          motivo,
          ...(r
            ? { retencionPct: r.retencionPct, recargoEquivalencia: r.recargoEquivalencia }
            : {}),
        }
      : {}),
    ...(nota
      ? {}
      : {
          fechaOperacion: fechaOperacion || null,
          formaPago,
          ...(diasVencimiento.trim() !== '' ? { diasVencimiento: Number(diasVencimiento) } : {}),
          descripcionOperacion: descripcion.trim() || null,
          retencionPct: retencionFactura,
          recargoEquivalencia: recargo,
        }),
    referenciaCliente: referencia || null,
    observaciones: observaciones || null,
    lineas: lineas.map(lineaApi),
  });
  /** What the API would refuse in the body as it is now; a nota without its invoice is told to
   * choose one (its client comes from it). */
  const erroresNavegador = () =>
    erroresDelEsquema(facturaCreateSchema, { ...cuerpo(), empresa }).map((e) =>
      nota && !rectificadaId && e.startsWith('clienteId:')
        ? FACTURA_MESSAGES.rectificadaInvalida
        : e,
    );
  const errores = useErroresDocumento(
    useErrorVisible(error, intentado ? erroresNavegador() : []),
    CAMPOS_DOCUMENTO,
    CAMPOS_DE_LINEA,
  );

  /** §2: a client's conditions fill the invoice's payment data, retención and recargo. */
  const aplicarCondiciones = (c: Condiciones) => {
    setFormaPago(c.formaPago);
    setDiasVencimiento(c.diasVencimiento === null ? '' : String(c.diasVencimiento));
    setRetencionFactura(c.retencionPct);
    setRecargo(c.recargoEquivalencia);
  };
  const elegirCliente = (c: Tercero | null) => {
    setCliente(c);
    setClienteId(c?._id ?? '');
    if (c && !nota)
      void fetchCondiciones(api, c._id)
        .then(aplicarCondiciones)
        .catch(() => undefined);
  };
  const albaranesEnLineas = new Set(
    lineas.flatMap((l) => (l.origen?.tipo === 'albaran' ? [l.origen.id] : [])),
  );
  // The saved draft reserves its albaranes until it is saved without them (§2), so the server
  // does not offer them: a line removed here is offered again at once from the saved draft, and
  // choosing it brings its saved line back. Nothing is released until "Guardar".
  const albaranesQuitados =
    f && !nota && transporte && clienteId === f.clienteId
      ? f.lineas.filter((l) => l.origen?.tipo === 'albaran' && !albaranesEnLineas.has(l.origen.id))
      : [];
  const anadirLineas = (nuevas: LineaPropuesta[], recuperados: readonly string[] = []) =>
    setLineas([
      ...(sinLineas(lineas) ? [] : lineas),
      ...albaranesQuitados
        .filter((l) => l.origen && recuperados.includes(l.origen.id))
        .map(desdeFactura),
      ...nuevas.map(desdePropuesta),
    ]);
  const hoy = diaEnMadrid();
  /** A client known by its id only (an origin's): chosen as if picked in "Cliente". */
  const fetchCliente = async (id: string) => {
    try {
      const { data } = await api.get<{ data: Tercero }>(`/api/clientes/${encodeURIComponent(id)}`);
      elegirCliente({ _id: data._id, nombre: data.nombre, documento: data.documento });
    } catch {
      setClienteId(id);
    }
  };
  // `?albaranes=id,id` without a client: the client of those albaranes.
  const preseleccion = searchParams.get('albaranes') ?? '';
  useEffect(() => {
    if (!transporte || nota || f || !preseleccion) return;
    const ids = preseleccion.split(',');
    void api
      .get<{ data: { origenId: string; clienteId: string }[] }>(
        `${FACTURAS_API}/albaranes-pendientes`,
      )
      .then(({ data }) => {
        const albaran = data.find((a) => ids.includes(a.origenId));
        if (albaran) void fetchCliente(albaran.clienteId);
      })
      .catch(() => undefined);
    // Once, when the form opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (mode === 'edit' && f && f.estado !== 'borrador')
    return (
      <ResourcePage>
        <PantallaNoDisponible titulo={nota ? TN.singular : T.singular} id={f._id} variant="warning">
          {mensajesDocumento(nota ? 'rectificativa' : 'factura').emitidaNoModificable}{' '}
          {/* A nota of the invoice; for an issued nota, another nota of its invoice. */}
          <Link
            to={`${notasBase(f.empresa)}/nueva?facturaId=${nota ? (f.facturaRectificadaId ?? '') : f._id}`}
          >
            Nota de abono
          </Link>
        </PantallaNoDisponible>
      </ResourcePage>
    );

  /** POST a new draft or PUT the one open (or the one "Vista previa PDF" saved). */
  const guardarBorrador = async () => {
    const body = cuerpo();
    const actual = previa ?? f;
    const guardada = actual
      ? (
          await api.put<{ data: Factura }>(`${base}/${actual._id}`, {
            ...body,
            version: actual.version,
          })
        ).data
      : (await api.post<{ data: Factura }>(base, { ...body, empresa })).data;
    return guardada;
  };

  /** Whether the body may go: if not, its fields say why and the first one takes the focus. */
  const valido = () => {
    setIntentado(true);
    if (erroresNavegador().length === 0) return true;
    errores.enfocar();
    return false;
  };

  const errorDe = (e: unknown) => {
    const errors = isApiError(e) ? ((e.errors ?? []) as string[]) : [];
    setError({ message: serverMessageOr(e, 'No se pudo guardar'), errors });
    errores.enfocar();
  };

  /** §5 "Vista previa PDF": saves the draft, then opens its PDF (a download if no tab opens). */
  const vistaPrevia = async () => {
    setError(null);
    if (!valido()) return;
    setGenerando(true);
    // Opened on the click itself: a tab opened after the requests would be a blocked pop-up.
    const pestana = window.open('', '_blank');
    try {
      const guardada = await guardarBorrador();
      setPrevia(guardada);
      setGuardado(false);
      void queryClient.invalidateQueries({ queryKey: finanzasKeys.facturas });
      const pdf = await fetchFacturaPdf(guardada._id, null, base)(getAccessToken);
      if (pestana) pestana.location.href = URL.createObjectURL(pdf.blob);
      else saveBlob(pdf);
    } catch (e) {
      pestana?.close();
      errorDe(e);
    } finally {
      setGenerando(false);
    }
  };

  const guardar = async (emitir: boolean) => {
    setError(null);
    if (!valido()) return;
    setEstado(T.form.guardando);
    try {
      const guardada = await guardarBorrador();
      let final = guardada;
      let avisos: string[] = [];
      if (emitir) {
        const r = await api.post<{ data: Factura; avisos?: string[] }>(
          `${base}/${guardada._id}/emitir`,
          { version: guardada.version },
        );
        final = r.data;
        avisos = r.avisos ?? [];
      }
      void queryClient.invalidateQueries({ queryKey: finanzasKeys.facturas });
      setGuardado(true);
      const emitida = nota ? TN.form.emitida : T.detalle.emitida;
      const hecho = emitir ? emitida(final.numero ?? '') : T.form.guardado;
      setEstado(hecho);
      const destino = nota ? `${notasBase(empresa)}/${final._id}` : `/facturas/${final._id}`;
      // Rule 9's warnings go with it, for the detail page to show.
      setTimeout(() => void navigate(destino, { state: { avisos, flash: hecho } }), 900);
    } catch (e) {
      setEstado(null);
      errorDe(e);
    }
  };

  const titulo = nota
    ? mode === 'edit'
      ? TN.form.editar
      : TN.form.nueva
    : transporte
      ? mode === 'edit'
        ? T.form.editarTransporte
        : T.form.nuevaTransporte
      : mode === 'edit'
        ? T.form.editar
        : T.form.nueva;
  const cambiar = (i: number, patch: Partial<LineaForm>) =>
    setLineas(lineas.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  return (
    <ResourcePage className="finanzas-page">
      <UnsavedChangesGuard dirty={editado !== inicial && !guardado} />
      <HeadingTitle text={titulo} />
      <h1 className="h3 mb-3">{titulo}</h1>
      {errores.alerta}
      {estado && (
        <Alert variant="info" role="status" ref={estadoRef} tabIndex={-1}>
          {estado}
        </Alert>
      )}
      <Row className="g-3">
        <Col lg={8} className="d-grid gap-3">
          {nota ? (
            <Card body>
              <h2 className="h5">{TN.form.rectificada}</h2>
              <OpcionTypeahead
                inputId="nota-rectificada"
                label={TN.form.rectificada}
                labelOculto
                placeholder={TN.form.elegir}
                disabled={Boolean(f)}
                loading={emitidas.isFetching || busqueda.buscando}
                options={opciones.map((x) => ({
                  id: x._id,
                  label: `${x.numero ?? ''} · ${x.cliente.nombre} · ${formatEuros(x.importeTotal)}`,
                }))}
                value={rectificadaId}
                error={errores.campo('facturaRectificadaId')}
                valueLabel={r ? `${r.numero ?? ''} · ${r.cliente.nombre}` : undefined}
                onInputChange={busqueda.setText}
                onChange={setRectificadaId}
              />
              {r && (
                <dl className="row mt-2 mb-0">
                  <dt className="col-sm-5">Cliente</dt>
                  <dd className="col-sm-7">{r.cliente.nombre}</dd>
                  <dt className="col-sm-5">Total</dt>
                  <dd className="col-sm-7">{formatEuros(r.importeTotal)}</dd>
                  <dt className="col-sm-5">{TN.form.pendienteAbonar}</dt>
                  <dd className="col-sm-7">{formatEuros(r.pendiente)}</dd>
                </dl>
              )}
            </Card>
          ) : (
            <TerceroCard
              tipo="clientes"
              empresa={empresa}
              inputId="factura-cliente"
              titulo={T.form.cliente}
              placeholder={T.form.elegirCliente}
              sinNif={T.form.sinNif}
              elegido={cliente}
              error={errores.campo('clienteId')}
              onChange={elegirCliente}
            >
              {cliente && (
                <Button
                  variant="link"
                  className="px-0 mt-1"
                  onClick={() => setCondicionesAbiertas(true)}
                >
                  {T.form.condiciones}
                </Button>
              )}
            </TerceroCard>
          )}
          <Card body>
            <h2 className="h5">{T.form.datos}</h2>
            {nota ? (
              <Row className="g-2">
                <Col sm={6}>
                  <Form.Group controlId="nota-tipo">
                    <Form.Label>{TN.form.tipo}</Form.Label>
                    <Form.Select
                      value={tipoNota}
                      disabled={r?.tipoFactura === 'F2'}
                      onChange={(e) => setTipoRect(e.target.value as 'R1')}
                    >
                      {(r?.tipoFactura === 'F2' ? ['R5'] : ['R1', 'R2', 'R3', 'R4']).map((t) => (
                        <option key={t} value={t}>
                          {`${t} · ${TIPO_FACTURA_LABELS[t as 'R1']}`}
                        </option>
                      ))}
                    </Form.Select>
                  </Form.Group>
                </Col>
                <Col sm={6}>
                  <Form.Group controlId="nota-metodo">
                    <Form.Label>{TN.form.metodo}</Form.Label>
                    <Form.Select value={metodo} onChange={(e) => setMetodo(e.target.value as 'I')}>
                      <option value="I">{TN.form.diferencias}</option>
                      <option value="S">{TN.form.sustitucion}</option>
                    </Form.Select>
                  </Form.Group>
                </Col>
                <Col xs={12}>
                  <Form.Group controlId="nota-motivo">
                    <Form.Label>{TN.form.motivo}</Form.Label>
                    <Form.Control
                      as="textarea"
                      rows={2}
                      maxLength={500}
                      {...errores.campoProps('motivo', 'nota-motivo')}
                      value={motivo}
                      onChange={(e) => setMotivo(e.target.value)}
                    />
                    {errores.mensaje('motivo', 'nota-motivo')}
                  </Form.Group>
                </Col>
              </Row>
            ) : (
              <Row className="g-2">
                <Col sm={6}>
                  <Form.Group controlId="factura-tipo">
                    <Form.Label>{T.form.tipo}</Form.Label>
                    <Form.Select
                      value={tipoFactura}
                      onChange={(e) => setTipoFactura(e.target.value as 'F1')}
                    >
                      <option value="F1">Factura completa</option>
                      <option value="F2">Factura simplificada</option>
                    </Form.Select>
                  </Form.Group>
                </Col>
                <Col sm={6}>
                  <Form.Group controlId="factura-fecha-operacion">
                    <Form.Label>{T.form.fechaOperacion}</Form.Label>
                    <Form.Control
                      type="date"
                      max={hoy}
                      {...errores.campoProps('fechaOperacion', 'factura-fecha-operacion')}
                      value={fechaOperacion}
                      onChange={(e) => setFechaOperacion(e.target.value)}
                    />
                    {errores.mensaje('fechaOperacion', 'factura-fecha-operacion')}
                  </Form.Group>
                </Col>
                <Col sm={6}>
                  <Form.Group controlId="factura-forma-pago">
                    <Form.Label>{T.form.formaPago}</Form.Label>
                    <Form.Select value={formaPago} onChange={(e) => setFormaPago(e.target.value)}>
                      {FORMAS_PAGO_FACTURA.map((fp) => (
                        <option key={fp} value={fp}>
                          {MEDIO_COBRO_LABELS[fp]}
                        </option>
                      ))}
                    </Form.Select>
                  </Form.Group>
                </Col>
                <Col sm={6}>
                  <Form.Group controlId="factura-plazo">
                    <Form.Label>{T.form.plazo}</Form.Label>
                    <Form.Control
                      type="number"
                      min={0}
                      max={60}
                      value={diasVencimiento}
                      {...errores.campoProps(
                        'diasVencimiento',
                        'factura-plazo',
                        'factura-plazo-ayuda',
                      )}
                      onChange={(e) => setDiasVencimiento(e.target.value)}
                    />
                    {errores.mensaje('diasVencimiento', 'factura-plazo')}
                    <Form.Text id="factura-plazo-ayuda">{T.form.plazoAyuda}</Form.Text>
                  </Form.Group>
                </Col>
                <Col sm={6}>
                  <Form.Group controlId="factura-referencia">
                    <Form.Label>{T.form.referencia}</Form.Label>
                    <Form.Control
                      value={referencia}
                      maxLength={60}
                      {...errores.campoProps('referenciaCliente', 'factura-referencia')}
                      onChange={(e) => setReferencia(e.target.value)}
                    />
                    {errores.mensaje('referenciaCliente', 'factura-referencia')}
                  </Form.Group>
                </Col>
                <Col xs={12}>
                  <Form.Group controlId="factura-descripcion">
                    <Form.Label>{T.form.descripcion}</Form.Label>
                    <Form.Control
                      as="textarea"
                      rows={2}
                      maxLength={500}
                      value={descripcion}
                      {...errores.campoProps(
                        'descripcionOperacion',
                        'factura-descripcion',
                        'factura-descripcion-ayuda',
                      )}
                      onChange={(e) => setDescripcion(e.target.value)}
                    />
                    {errores.mensaje('descripcionOperacion', 'factura-descripcion')}
                    <Form.Text id="factura-descripcion-ayuda">{T.form.descripcionAyuda}</Form.Text>
                  </Form.Group>
                </Col>
                <Col xs={12}>
                  <Form.Group controlId="factura-observaciones">
                    <Form.Label>{T.form.observaciones}</Form.Label>
                    <Form.Control
                      as="textarea"
                      rows={2}
                      maxLength={2000}
                      {...errores.campoProps('observaciones', 'factura-observaciones')}
                      value={observaciones}
                      onChange={(e) => setObservaciones(e.target.value)}
                    />
                    {errores.mensaje('observaciones', 'factura-observaciones')}
                  </Form.Group>
                </Col>
              </Row>
            )}
          </Card>
          {!nota && transporte && (
            <AlbaranesCard
              key={clienteId}
              clienteId={clienteId}
              preseleccion={(searchParams.get('albaranes') ?? '').split(',').filter(Boolean)}
              enLineas={albaranesEnLineas}
              quitados={albaranesQuitados}
              onAnadir={anadirLineas}
            />
          )}
          {!nota && !transporte && empresa === 'alquileres' && (
            <OrigenAlquilerCard
              clienteId={clienteId}
              hoy={hoy}
              inicial={{
                alquilerId: searchParams.get('alquilerId') ?? '',
                hasta: searchParams.get('hasta') ?? '',
              }}
              onCargar={(nuevas, alquiler) => {
                anadirLineas(nuevas);
                if (!fechaOperacion) setFechaOperacion(alquiler.hasta);
                if (!referencia && alquiler.detalle) setReferencia(alquiler.detalle.slice(0, 60));
                if (!clienteId) void fetchCliente(alquiler.clienteId);
              }}
            />
          )}
          <Card body>
            <div className="d-flex flex-wrap justify-content-between gap-2">
              <h2 className="h5">{T.form.lineas}</h2>
              {nota && r && (
                <Button size="sm" variant="outline-secondary" onClick={() => setLineas(negadas(r))}>
                  {TN.form.completa}
                </Button>
              )}
            </div>
            <div className="table-responsive" role="region" aria-label="Líneas" tabIndex={0}>
              <Table size="sm">
                <thead>
                  <tr>
                    <th>Concepto</th>
                    <th>Descripción</th>
                    <th>Cantidad</th>
                    <th>Unidad</th>
                    <th>Precio</th>
                    <th>Dto. %</th>
                    <th>IVA</th>
                    <th className="text-end">Importe</th>
                    <th>
                      <span className="visually-hidden">Acciones</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {lineas.map((l, i) => (
                    <tr key={l.id ?? `nueva-${i}`}>
                      <td style={{ minWidth: '12rem' }}>
                        <ConceptoTypeahead
                          inputId={`linea-${i}-concepto`}
                          label={`Concepto de la línea ${i + 1}`}
                          value={l.conceptoId ?? ''}
                          onChange={(c) => cambiar(i, c ? desdeConcepto(c) : { conceptoId: null })}
                        />
                      </td>
                      <td>
                        <Form.Control
                          aria-label={`Descripción de la línea ${i + 1}`}
                          {...errores.campoLinea(i, 'descripcion')}
                          value={l.descripcion}
                          onChange={(e) => cambiar(i, { descripcion: e.target.value })}
                        />
                        {errores.mensajeLinea(i, 'descripcion')}
                        {l.origen && (
                          <small className="text-body-secondary">
                            {l.origen.tipo === 'alquiler' && l.origen.desde && l.origen.hasta
                              ? `${l.origen.numero} · ${formatFecha(l.origen.desde)}–${formatFecha(l.origen.hasta)}`
                              : l.origen.numero}
                          </small>
                        )}
                      </td>
                      <td>
                        <Form.Control
                          aria-label={`Cantidad de la línea ${i + 1}`}
                          {...errores.campoLinea(i, 'cantidad')}
                          inputMode="decimal"
                          value={l.cantidad}
                          onChange={(e) => cambiar(i, { cantidad: e.target.value })}
                          style={{ minWidth: '5rem' }}
                        />
                        {errores.mensajeLinea(i, 'cantidad')}
                      </td>
                      <td>
                        <Form.Control
                          aria-label={`Unidad de la línea ${i + 1}`}
                          {...errores.campoLinea(i, 'unidad')}
                          value={l.unidad}
                          maxLength={20}
                          onChange={(e) => cambiar(i, { unidad: e.target.value })}
                          style={{ minWidth: '4rem' }}
                        />
                        {errores.mensajeLinea(i, 'unidad')}
                      </td>
                      <td>
                        <Form.Control
                          aria-label={`Precio de la línea ${i + 1}`}
                          {...errores.campoLinea(i, 'precioUnitario')}
                          inputMode="decimal"
                          value={l.precioUnitario}
                          onChange={(e) => cambiar(i, { precioUnitario: e.target.value })}
                          style={{ minWidth: '6rem' }}
                        />
                        {errores.mensajeLinea(i, 'precioUnitario')}
                      </td>
                      <td>
                        <Form.Control
                          aria-label={`Descuento de la línea ${i + 1}`}
                          {...errores.campoLinea(i, 'descuentoPct')}
                          inputMode="decimal"
                          value={l.descuentoPct}
                          onChange={(e) => cambiar(i, { descuentoPct: e.target.value })}
                          style={{ minWidth: '4rem' }}
                        />
                        {errores.mensajeLinea(i, 'descuentoPct')}
                      </td>
                      <td>
                        <Form.Select
                          aria-label={`IVA de la línea ${i + 1}`}
                          value={l.iva}
                          onChange={(e) => cambiar(i, { iva: e.target.value, causa: '' })}
                        >
                          {IVA_OPCIONES.map((o) => (
                            <option key={o.value} value={o.value}>
                              {o.label}
                            </option>
                          ))}
                        </Form.Select>
                        {CAUSAS_DE[l.iva] && (
                          <Form.Select
                            className="mt-1"
                            aria-label={`Causa de la línea ${i + 1}`}
                            {...errores.campoLinea(i, 'causa')}
                            value={l.causa || CAUSAS_DE[l.iva]?.[0]}
                            onChange={(e) => cambiar(i, { causa: e.target.value })}
                          >
                            {CAUSAS_DE[l.iva]?.map((c) => (
                              <option key={c} value={c}>
                                {c}
                              </option>
                            ))}
                          </Form.Select>
                        )}
                        {errores.mensajeLinea(i, 'causa')}
                      </td>
                      <td className="text-end text-nowrap">
                        {totales ? formatEuros(totales.bases[i] ?? '0') : '—'}
                      </td>
                      <td className="text-nowrap">
                        <Button
                          size="sm"
                          variant="outline-secondary"
                          aria-label={`Subir la línea ${i + 1}`}
                          disabled={i === 0}
                          onClick={() => setLineas(mover(lineas, i, i - 1))}
                        >
                          ↑
                        </Button>{' '}
                        <Button
                          size="sm"
                          variant="outline-secondary"
                          aria-label={`Bajar la línea ${i + 1}`}
                          disabled={i === lineas.length - 1}
                          onClick={() => setLineas(mover(lineas, i, i + 1))}
                        >
                          ↓
                        </Button>{' '}
                        <Button
                          size="sm"
                          variant="outline-secondary"
                          aria-label={`Eliminar la línea ${i + 1}`}
                          onClick={() => setLineas(lineas.filter((_, j) => j !== i))}
                        >
                          ×
                        </Button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </div>
            <Button
              variant="outline-primary"
              size="sm"
              onClick={() => setLineas([...lineas, vacia(nota)])}
            >
              {T.form.anadirLinea}
            </Button>
          </Card>
        </Col>
        <Col lg={4}>
          <Card body className="position-sticky" style={{ top: '1rem' }}>
            <h2 className="h5">{T.form.totales}</h2>
            {totales && totales.desglose.length > 0 && (
              <Table size="sm" className="mb-2" aria-label="Desglose">
                <thead>
                  <tr>
                    <th>Tipo</th>
                    <th className="text-end">Base</th>
                    <th className="text-end">Cuota</th>
                  </tr>
                </thead>
                <tbody>
                  {totales.desglose.map((g) => (
                    <tr key={`${g.calificacion ?? ''}${g.exencion ?? ''}${g.tipoIva}`}>
                      <td>{grupoLabel(g)}</td>
                      <td className="text-end text-nowrap">{formatEuros(g.base)}</td>
                      <td className="text-end text-nowrap">{formatEuros(g.cuota)}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            )}
            {!nota && (
              <div className="mb-2">
                <Form.Group controlId="factura-retencion" className="mb-2">
                  <Form.Label>{T.form.retencion}</Form.Label>
                  <Form.Select
                    value={retencionFactura}
                    onChange={(e) => setRetencionFactura(e.target.value)}
                  >
                    {RETENCIONES.map((r) => (
                      <option key={r} value={r}>{`${r} %`}</option>
                    ))}
                  </Form.Select>
                </Form.Group>
                <Form.Check
                  type="switch"
                  id="factura-recargo"
                  label={T.form.recargo}
                  checked={recargo}
                  onChange={(e) => setRecargo(e.target.checked)}
                />
              </div>
            )}
            {totales && (
              <dl className="row mb-0">
                <dt className="col-7">Base imponible</dt>
                <dd className="col-5 text-end">{formatEuros(totales.baseImponible)}</dd>
                <dt className="col-7">IVA</dt>
                <dd className="col-5 text-end">{formatEuros(totales.cuotaIva)}</dd>
                {totales.cuotaRecargo !== '0.00' && (
                  <>
                    <dt className="col-7">{T.form.recargo}</dt>
                    <dd className="col-5 text-end">{formatEuros(totales.cuotaRecargo)}</dd>
                  </>
                )}
                <dt className="col-7">Total factura</dt>
                <dd className="col-5 text-end">{formatEuros(totales.importeTotal)}</dd>
                {(!nota || (retencionPct !== undefined && retencionPct !== '0')) && (
                  <>
                    <dt className="col-7">{`Retención (${retencionPct ?? '0'} %)`}</dt>
                    <dd className="col-5 text-end">{formatEuros(totales.retencion)}</dd>
                    <dt className="col-7">Total a pagar</dt>
                    <dd className="col-5 text-end">{formatEuros(totales.totalAPagar)}</dd>
                  </>
                )}
              </dl>
            )}
          </Card>
        </Col>
      </Row>
      <div className="d-flex flex-wrap gap-2 mt-3">
        <Link to={nota ? notasBase(empresa) : '/facturas'} className="btn btn-secondary">
          Cancelar
        </Link>
        {!nota && (
          <Button
            variant="outline-secondary"
            onClick={() => void vistaPrevia()}
            disabled={Boolean(estado) || generando}
          >
            {generando ? 'Generando…' : T.form.vistaPrevia}
          </Button>
        )}
        <Button
          variant="outline-primary"
          onClick={() => void guardar(false)}
          disabled={Boolean(estado)}
        >
          {T.form.guardar}
        </Button>
        <Button
          onClick={() => {
            setError(null);
            if (valido()) setConfirmarEmision(true);
          }}
          disabled={Boolean(estado)}
        >
          {T.form.guardarEmitir}
        </Button>
      </div>
      {cliente && !nota && (
        <CondicionesModal
          clienteId={cliente._id}
          clienteNombre={cliente.nombre}
          show={condicionesAbiertas}
          onHide={() => setCondicionesAbiertas(false)}
          onGuardadas={(c) => {
            aplicarCondiciones(c);
            setCondicionesAbiertas(false);
          }}
        />
      )}
      {/* §5 "Guardar y emitir" asks first: an issued document can no longer change. */}
      <Modal
        show={confirmarEmision}
        onHide={() => setConfirmarEmision(false)}
        aria-labelledby="emitir-titulo"
      >
        <Modal.Header closeButton closeLabel="Cerrar">
          <Modal.Title id="emitir-titulo">
            {nota ? TN.detalle.emitirTitulo : T.detalle.emitirTitulo}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>{T.detalle.emitirTexto}</Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={() => setConfirmarEmision(false)}>
            Cancelar
          </Button>
          <Button
            onClick={() => {
              setConfirmarEmision(false);
              void guardar(true);
            }}
          >
            {T.detalle.emitir}
          </Button>
        </Modal.Footer>
      </Modal>
    </ResourcePage>
  );
};
