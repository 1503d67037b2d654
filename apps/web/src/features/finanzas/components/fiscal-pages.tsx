import { useState } from 'react';
import { Alert, Button, Card, Form, Tab, Table, Tabs } from 'react-bootstrap';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { empresaForSystem } from '@tvsistema/domain';
import { formatEuros, formatFechaHora } from '@tvsistema/domain/format';
import { ResourcePage } from '../../../components/resource/resource-page.js';
import { Celda, CeldaAcciones, TablaApilada } from '../../../components/resource/tabla-apilada.js';
import { useCsvExport } from '../../../components/resource/use-csv-export.js';
import { useApiClient } from '../../../lib/api-client-context.js';
import { serverMessageOr } from '../../../lib/api-error-message.js';
import { fetchCsv } from '../../../lib/csv-export.js';
import { useSystem } from '../../../lib/system-context.js';
import { HeadingTitle } from '../../../lib/page-title.js';
import { ESTADO_REGISTRO_LABELS, huellaCorta } from '../finanzas-texts.js';

// finanzas.md §5: /facturas/informes (libros registro, modelo 347) and /facturas/verifactu
// (the records, the chain verification and the exports), both `facturacion.fiscal`.

const useEmpresa = () => {
  const { currentSystem } = useSystem();
  return empresaForSystem(currentSystem) === 'transporte' ? 'transporte' : 'alquileres';
};
const sufijo = (empresa: string) => (empresa === 'transporte' ? 'Transportes' : 'Alquileres');

const Descarga = ({
  path,
  query,
  nombre,
  children,
}: {
  path: string;
  query: Record<string, string | number>;
  nombre: string;
  children: string;
}) => {
  const csv = useCsvExport((_p: undefined, getAccessToken) =>
    fetchCsv({ path, query, fallbackFileName: nombre, getAccessToken }),
  );
  return (
    <>
      {csv.error && <Alert variant="danger">{csv.error}</Alert>}
      <Button onClick={() => void csv.run(undefined)} disabled={csv.exporting}>
        {csv.exporting ? 'Descargando…' : children}
      </Button>
    </>
  );
};

const Libro = ({ tipo }: { tipo: 'expedidas' | 'recibidas' }) => {
  const empresa = useEmpresa();
  const [ejercicio, setEjercicio] = useState(new Date().getFullYear());
  const [periodo, setPeriodo] = useState('1T');
  return (
    <Card body className="d-grid gap-2" style={{ maxWidth: '30rem' }}>
      <Form.Group controlId={`libro-${tipo}-ejercicio`}>
        <Form.Label>Ejercicio</Form.Label>
        <Form.Control
          type="number"
          value={ejercicio}
          onChange={(e) => setEjercicio(Number(e.target.value))}
        />
      </Form.Group>
      <Form.Group controlId={`libro-${tipo}-periodo`}>
        <Form.Label>Periodo</Form.Label>
        <Form.Select value={periodo} onChange={(e) => setPeriodo(e.target.value)}>
          {['1T', '2T', '3T', '4T'].map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
          <option value="0A">Anual</option>
        </Form.Select>
      </Form.Group>
      <div>
        <Descarga
          path={`/api/fiscal/libro-${tipo}`}
          query={{ empresa, ejercicio, periodo }}
          nombre={`libro-${tipo}.csv`}
        >
          Descargar CSV
        </Descarga>
      </div>
    </Card>
  );
};

type Tercero = {
  nif: string;
  nombre: string;
  clave: string;
  t1: string;
  t2: string;
  t3: string;
  t4: string;
  total: string;
  metalico: string;
};

const Modelo347 = () => {
  const empresa = useEmpresa();
  const api = useApiClient();
  const [ejercicio, setEjercicio] = useState(new Date().getFullYear());
  const query = useQuery({
    queryKey: ['fiscal', '347', empresa, ejercicio],
    queryFn: () =>
      api.get<{ data: Tercero[]; excluidos: { conRetencion: number; sinNif: number } }>(
        '/api/fiscal/modelo-347',
        { query: { empresa, ejercicio } },
      ),
  });
  return (
    <div className="d-grid gap-2">
      <Form.Group controlId="m347-ejercicio" style={{ maxWidth: '12rem' }}>
        <Form.Label>Ejercicio</Form.Label>
        <Form.Control
          type="number"
          value={ejercicio}
          onChange={(e) => setEjercicio(Number(e.target.value))}
        />
      </Form.Group>
      {query.isError && (
        <Alert variant="danger">
          {serverMessageOr(query.error, 'No se pudo cargar el modelo 347')}
        </Alert>
      )}
      {query.data && (
        <>
          <p className="mb-0">{`Excluidos: ${query.data.excluidos.conRetencion} con retención, ${query.data.excluidos.sinNif} sin NIF español`}</p>
          {query.data.data.length === 0 ? (
            <p>{`Ningún tercero supera 3.005,06 € en ${ejercicio}.`}</p>
          ) : (
            <div
              className="table-responsive"
              role="region"
              aria-label="Terceros del modelo 347"
              tabIndex={0}
            >
              <Table size="sm">
                <thead>
                  <tr>
                    <th>NIF</th>
                    <th>Nombre</th>
                    <th>Clave</th>
                    <th>1T</th>
                    <th>2T</th>
                    <th>3T</th>
                    <th>4T</th>
                    <th>Total anual</th>
                    <th>Metálico</th>
                  </tr>
                </thead>
                <tbody>
                  {query.data.data.map((t) => (
                    <tr key={`${t.clave}${t.nif}`}>
                      <td>{t.nif}</td>
                      <td>{t.nombre}</td>
                      <td>{t.clave}</td>
                      {[t.t1, t.t2, t.t3, t.t4, t.total, t.metalico].map((v, i) => (
                        <td key={i} className="text-end text-nowrap">
                          {formatEuros(v)}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </Table>
            </div>
          )}
          <div>
            <Descarga
              path="/api/fiscal/modelo-347/export"
              query={{ empresa, ejercicio }}
              nombre={`modelo-347-${ejercicio}.csv`}
            >
              Descargar CSV
            </Descarga>
          </div>
        </>
      )}
    </div>
  );
};

/** /facturas/informes "Informes fiscales - …". */
export const InformesPage = () => {
  const empresa = useEmpresa();
  return (
    <ResourcePage className="finanzas-page">
      <HeadingTitle text={`Informes fiscales - ${sufijo(empresa)}`} />
      <h1 className="h3 mb-3">{`Informes fiscales - ${sufijo(empresa)}`}</h1>
      <Tabs defaultActiveKey="expedidas" className="mb-3">
        <Tab eventKey="expedidas" title="Libro de facturas expedidas">
          <Libro tipo="expedidas" />
        </Tab>
        <Tab eventKey="recibidas" title="Libro de facturas recibidas">
          <Libro tipo="recibidas" />
        </Tab>
        <Tab eventKey="347" title="Modelo 347">
          <Modelo347 />
        </Tab>
      </Tabs>
    </ResourcePage>
  );
};

type Registro = {
  orden: number;
  fechaHoraHusoGenRegistro: string;
  tipo: string;
  numSerieFactura: string;
  tipoFactura: string | null;
  cuotaTotal: string | null;
  importeTotal: string | null;
  huella: string;
  estado: string | null;
};

/** The row actions of §5: send again what the AEAT has not answered, correct what it refused. */
const accionDe = (x: Registro): 'reintentar' | 'subsanar' | null => {
  const estado = x.estado ?? 'pendiente';
  if (estado === 'pendiente' || estado === 'error_conexion') return 'reintentar';
  if (x.tipo === 'alta' && (estado === 'rechazado' || estado === 'aceptado_con_errores'))
    return 'subsanar';
  return null;
};

/** /facturas/verifactu "Registros VERI*FACTU - …". */
export const VerifactuPage = () => {
  const empresa = useEmpresa();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const [resultado, setResultado] = useState<string | null>(null);
  const [aviso, setAviso] = useState<{ ok: boolean; texto: string } | null>(null);
  const [enCurso, setEnCurso] = useState<number | null>(null);
  const actuar = async (x: Registro, accion: 'reintentar' | 'subsanar') => {
    setEnCurso(x.orden);
    setAviso(null);
    try {
      const r = await api.post<{ data: { orden: number } }>(
        `/api/verifactu/registros/${x.orden}/${accion}`,
        {},
      );
      setAviso({
        ok: true,
        texto:
          accion === 'reintentar'
            ? `Envío del registro ${x.orden} reintentado.`
            : `Subsanación generada: registro ${r.data.orden}.`,
      });
      await queryClient.invalidateQueries({ queryKey: ['verifactu'] });
    } catch (error) {
      setAviso({ ok: false, texto: serverMessageOr(error, 'No se pudo completar la acción.') });
    } finally {
      setEnCurso(null);
    }
  };
  const resumen = useQuery({
    queryKey: ['verifactu', 'resumen', empresa],
    queryFn: () =>
      api.get<{
        data: {
          registros: number;
          pendientes: number;
          rechazados: number;
          ultimaHuella: string | null;
          modoTexto: string;
        };
      }>('/api/verifactu/resumen', { query: { empresa } }),
  });
  // §5's filters: Desde, Hasta (the Madrid date of generation), Tipo, Estado.
  const [filtros, setFiltros] = useState({ desde: '', hasta: '', tipo: '', estado: '' });
  const filtro = (campo: keyof typeof filtros) => (valor: string) =>
    setFiltros((actual) => ({ ...actual, [campo]: valor }));
  const enUso = Object.fromEntries(Object.entries(filtros).filter(([, v]) => v !== ''));
  const registros = useQuery({
    queryKey: ['verifactu', 'registros', empresa, enUso],
    queryFn: () =>
      api.get<{ data: Registro[] }>('/api/verifactu/registros', {
        query: { empresa, limit: 50, ...enUso },
      }),
  });
  const verificar = async () => {
    const r = await api.post<{
      data: {
        registros: number;
        integra: boolean;
        primerError?: { orden: number; numero: string };
      };
    }>('/api/verifactu/verificar-cadena', { empresa });
    setResultado(
      r.data.integra
        ? `Cadena íntegra: ${r.data.registros} registros verificados.`
        : `Cadena rota en el registro ${r.data.primerError?.orden} (${r.data.primerError?.numero}): la huella no coincide.`,
    );
  };
  const r = resumen.data?.data;
  return (
    <ResourcePage className="finanzas-page">
      <HeadingTitle text={`Registros VERI*FACTU - ${sufijo(empresa)}`} />
      <h1 className="h3 mb-2">{`Registros VERI*FACTU - ${sufijo(empresa)}`}</h1>
      {r && (
        <p>
          <span className="badge text-bg-secondary">{r.modoTexto}</span>
        </p>
      )}
      {r && (
        <div className="d-flex flex-wrap gap-3 mb-3">
          <Card body>
            Registros: <strong>{r.registros}</strong>
          </Card>
          <Card body>
            Pendientes de envío: <strong>{r.pendientes}</strong>
          </Card>
          <Card body>
            Rechazados: <strong>{r.rechazados}</strong>
          </Card>
          <Card body className="text-break">
            Última huella: <code>{r.ultimaHuella ? huellaCorta(r.ultimaHuella) : '—'}</code>
          </Card>
        </div>
      )}
      <div className="d-flex flex-wrap gap-2 mb-3">
        <Button onClick={() => void verificar()}>Verificar cadena</Button>
        <Descarga
          path="/api/verifactu/export"
          query={{ empresa, formato: 'csv' }}
          nombre="verifactu.csv"
        >
          Exportar CSV
        </Descarga>
        <Descarga
          path="/api/verifactu/export"
          query={{ empresa, formato: 'xml' }}
          nombre="verifactu.xml"
        >
          Exportar XML
        </Descarga>
      </div>
      {resultado && (
        <Alert
          variant={resultado.startsWith('Cadena íntegra') ? 'success' : 'danger'}
          role="status"
        >
          {resultado}
        </Alert>
      )}
      <Form className="d-flex flex-wrap gap-2 mb-3" onSubmit={(e) => e.preventDefault()}>
        {(
          [
            ['desde', 'Desde'],
            ['hasta', 'Hasta'],
          ] as const
        ).map(([campo, etiqueta]) => (
          <Form.Group key={campo} controlId={`verifactu-${campo}`}>
            <Form.Label className="small mb-1">{etiqueta}</Form.Label>
            <Form.Control
              type="date"
              value={filtros[campo]}
              onChange={(e) => filtro(campo)(e.target.value)}
            />
          </Form.Group>
        ))}
        <Form.Group controlId="verifactu-tipo">
          <Form.Label className="small mb-1">Tipo</Form.Label>
          <Form.Select value={filtros.tipo} onChange={(e) => filtro('tipo')(e.target.value)}>
            <option value="">Todos</option>
            <option value="alta">Alta</option>
            <option value="anulacion">Anulación</option>
          </Form.Select>
        </Form.Group>
        <Form.Group controlId="verifactu-estado">
          <Form.Label className="small mb-1">Estado</Form.Label>
          <Form.Select value={filtros.estado} onChange={(e) => filtro('estado')(e.target.value)}>
            <option value="">Todos</option>
            {Object.entries(ESTADO_REGISTRO_LABELS).map(([valor, texto]) => (
              <option key={valor} value={valor}>
                {texto}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      </Form>
      {aviso && (
        <Alert variant={aviso.ok ? 'success' : 'danger'} role={aviso.ok ? 'status' : 'alert'}>
          {aviso.texto}
        </Alert>
      )}
      <TablaApilada label="Registros VERI*FACTU">
        <thead>
          <tr>
            <th scope="col">Orden</th>
            <th scope="col">Generado</th>
            <th scope="col">Tipo</th>
            <th scope="col">Factura</th>
            <th scope="col">Tipo factura</th>
            <th scope="col">Cuota</th>
            <th scope="col">Importe</th>
            <th scope="col">Huella</th>
            <th scope="col">Estado</th>
            <th scope="col">Acciones</th>
          </tr>
        </thead>
        <tbody>
          {(registros.data?.data ?? []).map((x) => (
            <tr key={x.orden}>
              <Celda etiqueta="Orden">{x.orden}</Celda>
              <Celda etiqueta="Generado" className="text-nowrap">
                {formatFechaHora(x.fechaHoraHusoGenRegistro)}
              </Celda>
              <Celda etiqueta="Tipo">{x.tipo === 'alta' ? 'Alta' : 'Anulación'}</Celda>
              <Celda etiqueta="Factura">{x.numSerieFactura}</Celda>
              <Celda etiqueta="Tipo factura">{x.tipoFactura ?? '—'}</Celda>
              <Celda etiqueta="Cuota" className="text-end">
                {x.cuotaTotal ? formatEuros(x.cuotaTotal) : '—'}
              </Celda>
              <Celda etiqueta="Importe" className="text-end">
                {x.importeTotal ? formatEuros(x.importeTotal) : '—'}
              </Celda>
              <Celda etiqueta="Huella">
                <code>{huellaCorta(x.huella)}</code>
              </Celda>
              <Celda etiqueta="Estado">
                {ESTADO_REGISTRO_LABELS[x.estado ?? 'pendiente'] ?? x.estado}
              </Celda>
              <CeldaAcciones>
                {accionDe(x) && (
                  <Button
                    size="sm"
                    variant="outline-secondary"
                    disabled={enCurso !== null}
                    onClick={() => void actuar(x, accionDe(x) ?? 'reintentar')}
                  >
                    {accionDe(x) === 'reintentar' ? 'Reintentar envío' : 'Generar subsanación'}
                  </Button>
                )}
              </CeldaAcciones>
            </tr>
          ))}
        </tbody>
      </TablaApilada>
    </ResourcePage>
  );
};
