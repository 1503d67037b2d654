import { useMemo, useState } from 'react';
import { Alert, Button, Card, Col, Form, Row, Table } from 'react-bootstrap';
import { Link, useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  calcularCompra,
  COMPRA_MESSAGES,
  compraCreateSchema,
  FORMAS_PAGO_COMPRA,
  MEDIO_COBRO_LABELS,
  RETENCIONES,
  TIPO_FACTURA_LABELS,
  TIPOS_FACTURA,
  type Compra,
} from '@tvsistema/domain';
import { diaEnMadrid, formatEuros, formatNumero } from '@tvsistema/domain/format';
import { SelectorArchivo } from '../../../components/forms/selector-archivo.js';
import { LoadingStatus } from '../../../components/resource/loading-status.js';
import { PantallaNoDisponible } from '../../../components/resource/pantalla-no-disponible.js';
import { ResourcePage } from '../../../components/resource/resource-page.js';
import { useBannerFocus } from '../../../components/resource/use-banner-focus.js';
import { UnsavedChangesGuard } from '../../../components/resource/unsaved-changes-guard.js';
import { useApiClient } from '../../../lib/api-client-context.js';
import { isApiError } from '../../../lib/api-client.js';
import { serverMessageOr } from '../../../lib/api-error-message.js';
import { useAuthContext } from '../../../lib/auth-context.js';
import { uploadFile } from '../../../lib/upload-file.js';
import { COMPRAS_API, comprasKeys, useCompra } from '../api/compras-api.js';
import { comprasBase, TC, TRATAMIENTO_LABELS } from '../finanzas-texts.js';
import { TerceroCard, type Tercero } from './opcion-typeahead.js';
import {
  erroresDelEsquema,
  useErrorVisible,
  useErroresDocumento,
} from '../../../components/resource/errores-formulario.js';
import { HeadingTitle } from '../../../lib/page-title.js';

type Tratamiento = keyof typeof TRATAMIENTO_LABELS;
type LineaForm = {
  descripcion: string;
  cuentaGasto: string;
  base: string;
  iva: string;
  tratamiento: Tratamiento;
  deduciblePct: string;
  bienInversion: boolean;
};
type Archivo = { archivoId: string; nombre: string; tamano: number };

const IVA = ['21', '10', '4', '0'] as const;
const vacia = (): LineaForm => ({
  descripcion: '',
  cuentaGasto: '',
  base: '',
  iva: '21',
  tratamiento: 'general',
  deduciblePct: '100',
  bienInversion: false,
});
const aDecimal = (v: string) =>
  /^-?\d+([.,]\d+)?$/.test(v.trim()) ? v.trim().replace(',', '.') : '0';
/** A typed amount as sent: a decimal comma becomes a point; anything else goes as typed, for the
 * schema to refuse on its field (it used to become 0 without a word). */
const comoDecimal = (v: string, vacio?: string) =>
  v.trim() === '' && vacio !== undefined ? vacio : v.trim().replace(',', '.');
/** The document's fields that show their own message. */
const CAMPOS_DOCUMENTO = [
  'proveedorId',
  'numeroFacturaProveedor',
  'facturaRectificadaProveedor',
  'fechaExpedicion',
  'fechaOperacion',
  'fechaRecepcion',
  'fechaVencimiento',
  'observaciones',
] as const;
/** The line fields the table draws with their own message (the rest go to the alert). */
const CAMPOS_DE_LINEA = new Set(['descripcion', 'cuentaGasto', 'base', 'deduciblePct']);
const lineaApi = (l: LineaForm) => ({
  descripcion: l.descripcion,
  cuentaGasto: l.cuentaGasto.trim() || null,
  base: comoDecimal(l.base),
  tipoIva: Number(l.iva) as 21,
  tratamiento: l.tratamiento,
  deduciblePct: comoDecimal(l.deduciblePct, '100'),
  bienInversion: l.bienInversion,
});
const medioLabel = (m: (typeof FORMAS_PAGO_COMPRA)[number]) =>
  m === 'confirming' ? 'Confirming' : MEDIO_COBRO_LABELS[m];

/** /compras/nueva, /compras/{id}/editar and their transport twins (compras.edit), §5. */
export const CompraFormPage = ({ transporte = false }: { transporte?: boolean }) => {
  const { compraId } = useParams();
  const existente = useCompra(compraId);
  if (compraId && existente.isLoading)
    return (
      <ResourcePage>
        <LoadingStatus message={TC.detalle.cargando} />
      </ResourcePage>
    );
  if (compraId && !existente.data)
    return (
      <ResourcePage>
        <PantallaNoDisponible titulo={TC.singular} id={compraId}>
          {serverMessageOr(existente.error, TC.detalle.noEncontrada)}
        </PantallaNoDisponible>
      </ResourcePage>
    );
  if (existente.data?.estado === 'anulada')
    return (
      <ResourcePage>
        <PantallaNoDisponible titulo={TC.singular} id={compraId} variant="warning">
          {COMPRA_MESSAGES.anulada}
        </PantallaNoDisponible>
      </ResourcePage>
    );
  return (
    <CompraForm
      key={existente.data?._id ?? 'nueva'}
      empresa={transporte ? 'transporte' : 'alquileres'}
      c={existente.data}
    />
  );
};

const CompraForm = ({
  empresa,
  c,
}: {
  empresa: 'alquileres' | 'transporte';
  c: Compra | undefined;
}) => {
  const base = comprasBase(empresa);
  const [proveedor, setProveedor] = useState<Tercero | null>(
    c ? { _id: c.proveedorId, nombre: c.proveedor.nombre, documento: c.proveedor.documento } : null,
  );
  const api = useApiClient();
  const { getAccessToken } = useAuthContext();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const hoy = diaEnMadrid();
  const [datos, setDatos] = useState({
    proveedorId: c?.proveedorId ?? '',
    numeroFacturaProveedor: c?.numeroFacturaProveedor ?? '',
    tipoFactura: c?.tipoFactura ?? 'F1',
    facturaRectificadaProveedor: c?.facturaRectificadaProveedor ?? '',
    fechaExpedicion: c?.fechaExpedicion ?? hoy,
    fechaOperacion: c?.fechaOperacion ?? '',
    fechaRecepcion: c?.fechaRecepcion ?? hoy,
    fechaVencimiento: c?.fechaVencimiento ?? '',
    formaPago: c?.formaPago ?? 'transferencia',
    simplificadaCualificada: c?.simplificadaCualificada ?? false,
    retencionPct: (c?.retencionPct ?? '0') as (typeof RETENCIONES)[number],
    observaciones: c?.observaciones ?? '',
  });
  const [lineas, setLineas] = useState<LineaForm[]>(
    c
      ? c.lineas.map((l) => ({
          descripcion: l.descripcion,
          cuentaGasto: l.cuentaGasto ?? '',
          base: l.base,
          iva: String(l.tipoIva),
          tratamiento: l.tratamiento,
          deduciblePct: l.deduciblePct,
          bienInversion: l.bienInversion,
        }))
      : [vacia()],
  );
  const [archivo, setArchivo] = useState<Archivo | null>(c?.archivo ?? null);
  const [subida, setSubida] = useState<number | null>(null);
  const [estado, setEstado] = useState<string | null>(null);
  const [error, setError] = useState<{ message: string; errors: string[] } | null>(null);
  /** The body "Registrar" sends (without the empresa or the version). */
  const cuerpo = () => ({
    ...datos,
    facturaRectificadaProveedor: datos.facturaRectificadaProveedor || null,
    fechaVencimiento: datos.fechaVencimiento || null,
    fechaOperacion: datos.fechaOperacion || null,
    observaciones: datos.observaciones || null,
    lineas: lineas.map(lineaApi),
    archivoId: archivo?.archivoId ?? null,
  });
  // Once a save was tried, the browser checks the body as the API will (issue 20).
  const [intentado, setIntentado] = useState(false);
  const errores = useErroresDocumento(
    useErrorVisible(
      error,
      intentado ? erroresDelEsquema(compraCreateSchema, { ...cuerpo(), empresa }) : [],
    ),
    CAMPOS_DOCUMENTO,
    CAMPOS_DE_LINEA,
  );
  // §5 modal "Cambios sin guardar": what the user changed since the form opened, until saved.
  const editado = JSON.stringify({ datos, lineas, archivo });
  const [inicial] = useState(editado);
  const [guardado, setGuardado] = useState(false);
  // The answer to a save takes the focus: the disabled buttons would drop it to the body.
  const estadoRef = useBannerFocus(guardado ? estado : undefined);
  const totales = useMemo(
    () =>
      calcularCompra(
        lineas.map((l) => {
          const a = lineaApi(l);
          return { ...a, base: aDecimal(a.base), deduciblePct: aDecimal(a.deduciblePct) };
        }),
        {
          retencionPct: datos.retencionPct,
          tipoFactura: datos.tipoFactura,
          simplificadaCualificada: datos.simplificadaCualificada,
        },
      ),
    [lineas, datos.retencionPct, datos.tipoFactura, datos.simplificadaCualificada],
  );
  const set = (patch: Partial<typeof datos>) => setDatos({ ...datos, ...patch });
  const cambiar = (i: number, patch: Partial<LineaForm>) =>
    setLineas(lineas.map((l, j) => (j === i ? { ...l, ...patch } : l)));

  const subir = async (file: File) => {
    setError(null);
    setSubida(0);
    try {
      const r = await uploadFile<{ data: Archivo }>({
        url: `${COMPRAS_API}/archivos`,
        file,
        token: await getAccessToken().catch(() => undefined),
        onProgress: setSubida,
      });
      setArchivo(r.data);
    } catch (e) {
      setError({ message: serverMessageOr(e, 'No se pudo subir el archivo'), errors: [] });
    } finally {
      setSubida(null);
    }
  };

  const guardar = async () => {
    setError(null);
    setIntentado(true);
    const body = cuerpo();
    if (erroresDelEsquema(compraCreateSchema, { ...body, empresa }).length > 0) {
      errores.enfocar();
      return;
    }
    setEstado('Guardando…');
    try {
      const guardada = c
        ? (
            await api.put<{ data: Compra }>(`${COMPRAS_API}/${c._id}`, {
              ...body,
              version: c.version,
            })
          ).data
        : (await api.post<{ data: Compra }>(COMPRAS_API, { ...body, empresa })).data;
      void queryClient.invalidateQueries({ queryKey: comprasKeys.compras });
      setGuardado(true);
      const hecho = c ? TC.form.actualizada : TC.form.registrada;
      setEstado(`${hecho}. Redirigiendo…`);
      // The detail repeats it (the route's focus goes to its title, the banner right after).
      setTimeout(() => void navigate(`${base}/${guardada._id}`, { state: { flash: hecho } }), 900);
    } catch (e) {
      setEstado(null);
      const errors = isApiError(e) ? (e.errors ?? []).map(String) : [];
      setError({ message: serverMessageOr(e, 'No se pudo guardar la compra'), errors });
      errores.enfocar();
    }
  };

  return (
    <ResourcePage className="finanzas-page">
      <UnsavedChangesGuard dirty={editado !== inicial && !guardado} />
      <HeadingTitle text={c ? TC.form.editar(c.numeroRegistro) : TC.form.nueva} />
      <h1 className="h3 mb-3">{c ? TC.form.editar(c.numeroRegistro) : TC.form.nueva}</h1>
      {errores.alerta}
      {estado && (
        <Alert variant="info" role="status" ref={estadoRef} tabIndex={-1}>
          {estado}
        </Alert>
      )}
      {c && Number(c.pagado) > 0 && (
        <Alert variant="info" role="note">
          {COMPRA_MESSAGES.menorQuePagado(c.pagado)}
        </Alert>
      )}
      <Row className="g-3">
        <Col lg={8} className="d-grid gap-3">
          <TerceroCard
            tipo="proveedores"
            empresa={empresa}
            inputId="compra-proveedor"
            titulo={TC.form.proveedor}
            placeholder={TC.form.elegirProveedor}
            sinNif={TC.form.sinNif}
            elegido={proveedor}
            error={errores.campo('proveedorId')}
            onChange={(p) => {
              setProveedor(p);
              set({ proveedorId: p?._id ?? '' });
              // §2: the supplier's purchase account is the lines' default cuenta de gasto.
              const cuenta = p?.cuentaContableCompra;
              if (cuenta)
                setLineas(lineas.map((l) => (l.cuentaGasto ? l : { ...l, cuentaGasto: cuenta })));
            }}
          />
          <Card body>
            <h2 className="h5">{TC.form.factura}</h2>
            <Row className="g-2">
              <Col sm={6}>
                <Form.Group controlId="compra-numero">
                  <Form.Label>Nº de factura del proveedor</Form.Label>
                  <Form.Control
                    value={datos.numeroFacturaProveedor}
                    maxLength={60}
                    {...errores.campoProps('numeroFacturaProveedor', 'compra-numero')}
                    onChange={(e) => set({ numeroFacturaProveedor: e.target.value })}
                  />
                  {errores.mensaje('numeroFacturaProveedor', 'compra-numero')}
                </Form.Group>
              </Col>
              <Col sm={6}>
                <Form.Group controlId="compra-tipo">
                  <Form.Label>Tipo</Form.Label>
                  <Form.Select
                    value={datos.tipoFactura}
                    onChange={(e) => set({ tipoFactura: e.target.value as 'F1' })}
                  >
                    {TIPOS_FACTURA.map((t) => (
                      <option key={t} value={t}>
                        {`${t} · ${TIPO_FACTURA_LABELS[t]}`}
                      </option>
                    ))}
                  </Form.Select>
                </Form.Group>
              </Col>
              {datos.tipoFactura.startsWith('R') && (
                <Col sm={6}>
                  <Form.Group controlId="compra-rectificada">
                    <Form.Label>Factura rectificada</Form.Label>
                    <Form.Control
                      value={datos.facturaRectificadaProveedor}
                      maxLength={60}
                      {...errores.campoProps('facturaRectificadaProveedor', 'compra-rectificada')}
                      onChange={(e) => set({ facturaRectificadaProveedor: e.target.value })}
                    />
                    {errores.mensaje('facturaRectificadaProveedor', 'compra-rectificada')}
                  </Form.Group>
                </Col>
              )}
              {(
                [
                  ['fechaExpedicion', 'Fecha de expedición'],
                  ['fechaOperacion', 'Fecha de operación'],
                  ['fechaRecepcion', 'Fecha de recepción'],
                  ['fechaVencimiento', 'Vencimiento'],
                ] as const
              ).map(([campo, label]) => (
                <Col sm={6} key={campo}>
                  <Form.Group controlId={`compra-${campo}`}>
                    <Form.Label>{label}</Form.Label>
                    <Form.Control
                      type="date"
                      value={datos[campo]}
                      {...errores.campoProps(campo, `compra-${campo}`)}
                      onChange={(e) => set({ [campo]: e.target.value })}
                    />
                    {errores.mensaje(campo, `compra-${campo}`)}
                  </Form.Group>
                </Col>
              ))}
              <Col sm={6}>
                <Form.Group controlId="compra-forma-pago">
                  <Form.Label>Forma de pago</Form.Label>
                  <Form.Select
                    value={datos.formaPago}
                    onChange={(e) => set({ formaPago: e.target.value as 'transferencia' })}
                  >
                    {FORMAS_PAGO_COMPRA.map((m) => (
                      <option key={m} value={m}>
                        {medioLabel(m)}
                      </option>
                    ))}
                  </Form.Select>
                </Form.Group>
              </Col>
              <Col xs={12}>
                <Form.Check
                  type="switch"
                  id="compra-simplificada"
                  label="Simplificada con NIF y cuota desglosada (art. 7.2)"
                  checked={datos.simplificadaCualificada}
                  onChange={(e) => set({ simplificadaCualificada: e.target.checked })}
                />
              </Col>
            </Row>
          </Card>
          <Card body>
            <h2 className="h5">{TC.form.desglose}</h2>
            <div className="table-responsive" role="region" aria-label="Desglose" tabIndex={0}>
              <Table size="sm">
                <thead>
                  <tr>
                    <th>Descripción</th>
                    <th>Cuenta de gasto</th>
                    <th>Base</th>
                    <th>IVA</th>
                    <th>Tratamiento</th>
                    <th>% deducible</th>
                    <th>Bien de inversión</th>
                    <th className="text-end">Cuota</th>
                    <th className="text-end">Deducible</th>
                    <th>
                      <span className="visually-hidden">Acciones</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {lineas.map((l, i) => (
                    <tr key={i}>
                      <td>
                        <Form.Control
                          aria-label={`Descripción de la línea ${i + 1}`}
                          {...errores.campoLinea(i, 'descripcion')}
                          value={l.descripcion}
                          onChange={(e) => cambiar(i, { descripcion: e.target.value })}
                          style={{ minWidth: '10rem' }}
                        />
                        {errores.mensajeLinea(i, 'descripcion')}
                      </td>
                      <td>
                        <Form.Control
                          aria-label={`Cuenta de gasto de la línea ${i + 1}`}
                          {...errores.campoLinea(i, 'cuentaGasto')}
                          inputMode="numeric"
                          value={l.cuentaGasto}
                          onChange={(e) => cambiar(i, { cuentaGasto: e.target.value })}
                          style={{ minWidth: '6rem' }}
                        />
                        {errores.mensajeLinea(i, 'cuentaGasto')}
                      </td>
                      <td>
                        <Form.Control
                          aria-label={`Base de la línea ${i + 1}`}
                          {...errores.campoLinea(i, 'base')}
                          inputMode="decimal"
                          value={l.base}
                          onChange={(e) => cambiar(i, { base: e.target.value })}
                          style={{ minWidth: '6rem' }}
                        />
                        {errores.mensajeLinea(i, 'base')}
                      </td>
                      <td>
                        <Form.Select
                          aria-label={`IVA de la línea ${i + 1}`}
                          value={l.iva}
                          disabled={l.tratamiento === 'exenta' || l.tratamiento === 'no_sujeta'}
                          onChange={(e) => cambiar(i, { iva: e.target.value })}
                        >
                          {IVA.map((v) => (
                            <option key={v} value={v}>
                              {`${v} %`}
                            </option>
                          ))}
                        </Form.Select>
                      </td>
                      <td>
                        <Form.Select
                          aria-label={`Tratamiento de la línea ${i + 1}`}
                          value={l.tratamiento}
                          onChange={(e) =>
                            cambiar(i, { tratamiento: e.target.value as Tratamiento })
                          }
                        >
                          {(Object.keys(TRATAMIENTO_LABELS) as Tratamiento[]).map((t) => (
                            <option key={t} value={t}>
                              {TRATAMIENTO_LABELS[t]}
                            </option>
                          ))}
                        </Form.Select>
                      </td>
                      <td>
                        <Form.Control
                          aria-label={`Porcentaje deducible de la línea ${i + 1}`}
                          {...errores.campoLinea(i, 'deduciblePct')}
                          inputMode="decimal"
                          value={l.deduciblePct}
                          onChange={(e) => cambiar(i, { deduciblePct: e.target.value })}
                          style={{ minWidth: '4rem' }}
                        />
                        {errores.mensajeLinea(i, 'deduciblePct')}
                      </td>
                      <td className="text-center">
                        {/* The label around the box is its 44 px tap target on a phone. */}
                        <label className="casilla-tactil">
                          <Form.Check.Input
                            type="checkbox"
                            aria-label={`Bien de inversión en la línea ${i + 1}`}
                            checked={l.bienInversion}
                            onChange={(e) => cambiar(i, { bienInversion: e.target.checked })}
                          />
                        </label>
                      </td>
                      <td className="text-end text-nowrap">
                        {formatEuros(totales.cuotas[i] ?? '0')}
                      </td>
                      <td className="text-end text-nowrap">
                        {formatEuros(totales.deducibles[i] ?? '0')}
                      </td>
                      <td>
                        <Button
                          size="sm"
                          variant="outline-secondary"
                          aria-label={`Eliminar la línea ${i + 1}`}
                          disabled={lineas.length === 1}
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
              onClick={() =>
                setLineas([
                  ...lineas,
                  { ...vacia(), cuentaGasto: proveedor?.cuentaContableCompra ?? '' },
                ])
              }
            >
              Añadir línea
            </Button>
          </Card>
          <Card body>
            <h2 className="h5">{TC.form.documento}</h2>
            {archivo ? (
              <div className="d-flex flex-wrap align-items-center gap-2">
                <span>
                  {archivo.nombre} · {formatNumero(archivo.tamano / 1024, 0)} KB
                </span>
                <Button size="sm" variant="outline-danger" onClick={() => setArchivo(null)}>
                  {TC.form.quitar}
                </Button>
              </div>
            ) : (
              <div
                className="border border-2 border-dashed rounded p-3 text-center"
                onDragOver={(e) => e.preventDefault()}
                onDrop={(e) => {
                  e.preventDefault();
                  const file = e.dataTransfer.files[0];
                  if (file) void subir(file);
                }}
              >
                <SelectorArchivo
                  id="compra-archivo"
                  label={TC.form.soltar}
                  labelClassName="mb-2 d-block"
                  accept="application/pdf,image/*"
                  disabled={subida !== null}
                  vaciar
                  className="d-flex flex-column align-items-center"
                  onChange={(files) => {
                    if (files[0]) void subir(files[0]);
                  }}
                />
                {subida !== null && (
                  <p role="status" className="mt-2 mb-0">
                    Subiendo… {subida} %
                  </p>
                )}
              </div>
            )}
          </Card>
          <Card body>
            <Form.Group controlId="compra-observaciones">
              <Form.Label className="h5">Observaciones</Form.Label>
              <Form.Control
                as="textarea"
                rows={2}
                value={datos.observaciones}
                {...errores.campoProps('observaciones', 'compra-observaciones')}
                onChange={(e) => set({ observaciones: e.target.value })}
              />
              {errores.mensaje('observaciones', 'compra-observaciones')}
            </Form.Group>
          </Card>
        </Col>
        <Col lg={4}>
          <Card body className="position-sticky" style={{ top: '1rem' }}>
            <h2 className="h5">{TC.form.totales}</h2>
            <Form.Group controlId="compra-retencion" className="mb-2">
              <Form.Label>Retención IRPF</Form.Label>
              <Form.Select
                value={datos.retencionPct}
                onChange={(e) => set({ retencionPct: e.target.value as '0' })}
              >
                {RETENCIONES.map((r) => (
                  <option key={r} value={r}>{`${r} %`}</option>
                ))}
              </Form.Select>
            </Form.Group>
            <dl className="row mb-0">
              <dt className="col-7">Base</dt>
              <dd className="col-5 text-end">{formatEuros(totales.baseImponible)}</dd>
              <dt className="col-7">IVA soportado</dt>
              <dd className="col-5 text-end">{formatEuros(totales.cuotaIva)}</dd>
              <dt className="col-7">IVA deducible</dt>
              <dd className="col-5 text-end">{formatEuros(totales.cuotaDeducible)}</dd>
              <dt className="col-7">Retención</dt>
              <dd className="col-5 text-end">{formatEuros(totales.retencion)}</dd>
              <dt className="col-7">Total factura</dt>
              <dd className="col-5 text-end">{formatEuros(totales.importeTotal)}</dd>
              <dt className="col-7">Total a pagar</dt>
              <dd className="col-5 text-end">{formatEuros(totales.totalAPagar)}</dd>
            </dl>
          </Card>
        </Col>
      </Row>
      <div className="d-flex flex-wrap gap-2 mt-3">
        <Link to={c ? `${base}/${c._id}` : base} className="btn btn-secondary">
          Cancelar
        </Link>
        <Button onClick={() => void guardar()} disabled={Boolean(estado) || subida !== null}>
          {c ? TC.form.guardarCambios : TC.form.registrar}
        </Button>
      </div>
    </ResourcePage>
  );
};
