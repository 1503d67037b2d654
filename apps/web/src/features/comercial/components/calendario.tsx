import { useState, type ReactNode } from 'react';
import { Alert, Button, ButtonGroup, Form, Table } from 'react-bootstrap';
import { Link } from 'react-router';
import {
  can,
  CATEGORIA_COMPONENTE_LABELS,
  CATEGORIAS_COMPONENTE,
  ESTADO_ALQUILER_LABELS,
  TIPO_MAQUINA,
  TIPOS_MAQUINA,
  type EstadoAlquiler,
  type TipoMaquina,
} from '@tvsistema/domain';
import { diaEnMadrid, formatFecha } from '@tvsistema/domain/format';
import { paths } from '../../../config/paths.js';
import { useAuthContext } from '../../../lib/auth-context.js';
import { LoadingStatus } from '../../../components/resource/loading-status.js';
import { useCalendario, type FilaCalendario } from '../api/comercial-api.js';
import { comercialHrefs } from '../comercial-paths.js';
import { T } from '../comercial-texts.js';

// §5 "Calendario": tabs Maquinaria / Andamios, 2/4/8 weeks, "Hoy", ‹ ›, Tipo / Categoría and a
// search; one row per machine grouped by tipo, each booking a bar "A… · cliente" in its rental's
// state colour, the preparation days striped, the late part hatched red up to today, maintenance
// grey; a bar opens its rental (maintenance: the machine, for those who see machines), a free day
// opens a new rental of that machine from that day (by pointer or keyboard); andamios show the free pieces per day (red at
// 0, amber under 10 %). 50 rows a page.

const FILAS_POR_PAGINA = 50;

/** What a free day's link hands to "Nuevo alquiler" besides its URL. */
export type EstadoNuevoAlquiler = { maquinaCodigo: string };

const sumar = (fecha: string, dias: number) => {
  const d = new Date(`${fecha}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + dias);
  return d.toISOString().slice(0, 10);
};
const lunes = (fecha: string) => {
  const d = new Date(`${fecha}T00:00:00Z`);
  return sumar(fecha, -((d.getUTCDay() + 6) % 7));
};
const corta = (fecha: string) => `${fecha.slice(8)}/${fecha.slice(5, 7)}`;

type Bloqueo = FilaCalendario['bloqueos'][number];
type Tramo =
  | { tipo: 'libre'; dia: string }
  | { tipo: 'alquiler' | 'retraso' | 'preparacion' | 'mantenimiento'; b: Bloqueo; dias: string[] };

/** What holds a machine on a day: the booking itself, its late part, its preparation, or nothing. */
const tramoDelDia = (bloqueos: readonly Bloqueo[], dia: string, hoy: string) => {
  const dentro = bloqueos.find((b) => b.desde <= dia && (b.hasta === null || b.hasta >= dia));
  if (dentro)
    return { tipo: dentro.origenTipo === 'alquiler' ? 'alquiler' : 'mantenimiento', b: dentro };
  const tarde = bloqueos.find((b) => b.vencido && b.hasta !== null && b.hasta < dia && dia <= hoy);
  if (tarde) return { tipo: 'retraso', b: tarde };
  const preparacion = bloqueos.find(
    (b) => b.hasta !== null && b.preparacionHasta && b.hasta < dia && dia <= b.preparacionHasta,
  );
  if (preparacion) return { tipo: 'preparacion', b: preparacion };
  return undefined;
};

/** A machine's days as bars: consecutive days of one booking and kind make one cell. */
export const tramosDeFila = (
  bloqueos: readonly Bloqueo[],
  dias: readonly string[],
  hoy: string,
) => {
  const tramos: Tramo[] = [];
  for (const dia of dias) {
    const t = tramoDelDia(bloqueos, dia, hoy);
    const ultimo = tramos.at(-1);
    if (!t) tramos.push({ tipo: 'libre', dia });
    else if (ultimo && ultimo.tipo !== 'libre' && ultimo.tipo === t.tipo && ultimo.b === t.b)
      ultimo.dias.push(dia);
    else tramos.push({ tipo: t.tipo as 'alquiler', b: t.b, dias: [dia] });
  }
  return tramos;
};

const periodo = (b: Bloqueo) =>
  `${formatFecha(b.desde)} – ${b.hasta ? formatFecha(b.hasta) : 'sin fin'}`;

/** The andamio cell: red with no piece free, amber under 10 % of the stock. */
const claseLibres = (libres: number, capacidad: number) =>
  libres <= 0 ? 'libres-cero' : libres < capacidad * 0.1 ? 'libres-pocos' : undefined;

export const Calendario = () => {
  const { roles } = useAuthContext();
  const puedeCrear = can(roles, 'alquileres.edit');
  const verMaquinas = can(roles, 'maquinaria.view');
  const hoy = diaEnMadrid();
  const [clase, setClase] = useState<'maquina' | 'andamio'>('maquina');
  const [semanas, setSemanas] = useState(2);
  const [desde, setDesde] = useState(() => lunes(hoy));
  const [q, setQ] = useState('');
  const [tipo, setTipo] = useState('');
  const [categoria, setCategoria] = useState('');
  const [page, setPage] = useState(1);
  const hasta = sumar(desde, semanas * 7 - 1);
  const query = useCalendario(
    {
      clase,
      desde,
      hasta,
      q: q || undefined,
      tipo: clase === 'maquina' && tipo ? tipo : undefined,
      categoria: clase === 'andamio' && categoria ? categoria : undefined,
      page,
      limit: FILAS_POR_PAGINA,
    },
    true,
  );
  const dias = Array.from({ length: semanas * 7 }, (_, i) => sumar(desde, i));
  /** A filter change starts again at page 1. */
  const filtrar =
    <V,>(set: (v: V) => void) =>
    (v: V) => {
      set(v);
      setPage(1);
    };
  const filas = [...(query.data?.data ?? [])];
  // Grouped by tipo (the page's rows, in the server's code order within each group).
  if (clase === 'maquina')
    filas.sort((a, b) =>
      (TIPO_MAQUINA[a.maquina?.tipo as TipoMaquina]?.label ?? '').localeCompare(
        TIPO_MAQUINA[b.maquina?.tipo as TipoMaquina]?.label ?? '',
        'es',
      ),
    );
  const meta = query.data?.meta;

  const celdaTramo = (fila: FilaCalendario, t: Tramo, codigo: string): ReactNode => {
    const maquinaId = fila.maquina?._id ?? '';
    if (t.tipo === 'libre') {
      if (!puedeCrear) return <td key={t.dia} />;
      // A free day: a new rental of this machine from that day, by pointer or keyboard (a link
      // in the tab order, named for screen readers). The URL carries the design's two
      // parameters; the machine's code, which the form's picker searches, travels in the
      // navigation state.
      const href = `${comercialHrefs.nuevoAlquiler()}?${new URLSearchParams({ maquinaId, desde: t.dia }).toString()}`;
      return (
        <td key={t.dia} className="calendario-libre p-0">
          <Link
            to={href}
            state={{ maquinaCodigo: codigo } satisfies EstadoNuevoAlquiler}
            aria-label={`Nuevo alquiler de ${codigo} desde el ${formatFecha(t.dia)}`}
          />
        </td>
      );
    }
    const { b } = t;
    const key = `${t.tipo}-${b.origenId}-${t.dias[0]}`;
    const span = t.dias.length;
    if (t.tipo === 'alquiler') {
      const estado = b.estadoAlquiler ?? 'reservado';
      const texto = b.etiqueta || b.numero;
      return (
        <td key={key} colSpan={span} className={`calendario-barra estado-${estado}`}>
          <Link
            to={comercialHrefs.alquiler(b.origenId)}
            title={`${texto} · ${ESTADO_ALQUILER_LABELS[estado as EstadoAlquiler] ?? ''} · ${periodo(b)}`}
          >
            {texto}
          </Link>
        </td>
      );
    }
    if (t.tipo === 'mantenimiento') {
      const texto = b.etiqueta || 'Mantenimiento';
      return (
        <td key={key} colSpan={span} className="calendario-mantenimiento" title={periodo(b)}>
          {verMaquinas ? (
            <Link to={paths.maquinaria.detail.getHref({ maquinariaId: maquinaId })}>{texto}</Link>
          ) : (
            texto
          )}
        </td>
      );
    }
    const texto =
      t.tipo === 'retraso'
        ? `Retraso de ${b.numero}: sin devolver desde el ${formatFecha(sumar(b.hasta ?? b.desde, 1))}`
        : `Preparación tras ${b.numero}`;
    return (
      <td key={key} colSpan={span} className={`calendario-${t.tipo}`} title={texto}>
        <span className="visually-hidden">{texto}</span>
      </td>
    );
  };

  let grupo = '';
  return (
    <div className="d-flex flex-column gap-2">
      <div className="d-flex flex-wrap gap-2 align-items-end">
        <ButtonGroup aria-label="Material">
          {(
            [
              ['maquina', T.alquileres.maquinaria],
              ['andamio', T.alquileres.andamios],
            ] as const
          ).map(([valor, texto]) => (
            <Button
              key={valor}
              variant={clase === valor ? 'primary' : 'outline-primary'}
              aria-pressed={clase === valor}
              onClick={() => filtrar(setClase)(valor)}
            >
              {texto}
            </Button>
          ))}
        </ButtonGroup>
        <Form.Group controlId="calendario-semanas">
          <Form.Label className="small mb-0">Semanas</Form.Label>
          <Form.Select
            size="sm"
            value={semanas}
            onChange={(e) => setSemanas(Number(e.target.value))}
          >
            {[2, 4, 8].map((n) => (
              <option key={n} value={n}>{`${n} semanas`}</option>
            ))}
          </Form.Select>
        </Form.Group>
        <ButtonGroup aria-label="Periodo">
          <Button
            variant="outline-secondary"
            aria-label="Semana anterior"
            onClick={() => setDesde(sumar(desde, -7))}
          >
            ‹
          </Button>
          <Button variant="outline-secondary" onClick={() => setDesde(lunes(hoy))}>
            {T.alquileres.hoy}
          </Button>
          <Button
            variant="outline-secondary"
            aria-label="Semana siguiente"
            onClick={() => setDesde(sumar(desde, 7))}
          >
            ›
          </Button>
        </ButtonGroup>
        {clase === 'maquina' ? (
          <Form.Group controlId="calendario-tipo">
            <Form.Label className="small mb-0">Tipo</Form.Label>
            <Form.Select size="sm" value={tipo} onChange={(e) => filtrar(setTipo)(e.target.value)}>
              <option value="">Todos</option>
              {TIPOS_MAQUINA.map((t) => (
                <option key={t} value={t}>
                  {TIPO_MAQUINA[t].label}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        ) : (
          <Form.Group controlId="calendario-categoria">
            <Form.Label className="small mb-0">Categoría</Form.Label>
            <Form.Select
              size="sm"
              value={categoria}
              onChange={(e) => filtrar(setCategoria)(e.target.value)}
            >
              <option value="">Todas</option>
              {CATEGORIAS_COMPONENTE.map((c) => (
                <option key={c} value={c}>
                  {CATEGORIA_COMPONENTE_LABELS[c]}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        )}
        <Form.Group controlId="calendario-buscar">
          <Form.Label className="small mb-0">Buscar</Form.Label>
          <Form.Control size="sm" value={q} onChange={(e) => filtrar(setQ)(e.target.value)} />
        </Form.Group>
      </div>
      {query.isPending && <LoadingStatus message={T.alquileres.cargandoCalendario} />}
      {query.isError && <Alert variant="danger">{T.alquileres.failed}</Alert>}
      {query.data && filas.length === 0 && <p>{T.alquileres.calendarioVacio}</p>}
      {query.data && filas.length > 0 && (
        <div
          className="comercial-calendario"
          role="region"
          aria-label="Calendario de ocupación"
          tabIndex={0}
        >
          <Table size="sm" bordered className="small mb-0">
            <caption className="visually-hidden">{`Ocupación del ${formatFecha(desde)} al ${formatFecha(hasta)}`}</caption>
            <thead>
              <tr>
                <th scope="col">{clase === 'maquina' ? 'Máquina' : 'Componente'}</th>
                {dias.map((d) => (
                  <th
                    key={d}
                    scope="col"
                    className={d === hoy ? 'text-center calendario-hoy' : 'text-center'}
                    aria-label={formatFecha(d)}
                  >
                    {corta(d)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {filas.map((fila) => {
                const filasGrupo: ReactNode[] = [];
                if (fila.maquina) {
                  const etiqueta =
                    TIPO_MAQUINA[fila.maquina.tipo as TipoMaquina]?.label ?? fila.maquina.tipo;
                  if (etiqueta !== grupo) {
                    grupo = etiqueta;
                    filasGrupo.push(
                      <tr key={`grupo-${etiqueta}`} className="calendario-grupo">
                        <th scope="rowgroup" colSpan={dias.length + 1}>
                          {etiqueta}
                        </th>
                      </tr>,
                    );
                  }
                }
                const codigo = fila.maquina?.codigoInterno ?? fila.componente?.codigo ?? '';
                const nombre = fila.maquina
                  ? `${fila.maquina.marca} ${fila.maquina.modelo}`
                  : (fila.componente?.nombre ?? '');
                filasGrupo.push(
                  <tr key={fila.maquina?._id ?? fila.componente?._id}>
                    <th scope="row" className="text-nowrap" title={nombre}>
                      {codigo}
                    </th>
                    {fila.dias
                      ? dias.map((d) => {
                          const libres = fila.dias?.find((x) => x.fecha === d)?.libres;
                          return (
                            <td
                              key={d}
                              className={[
                                'text-center',
                                libres !== undefined
                                  ? claseLibres(libres, fila.capacidad ?? 0)
                                  : undefined,
                              ]
                                .filter(Boolean)
                                .join(' ')}
                            >
                              {libres ?? ''}
                            </td>
                          );
                        })
                      : tramosDeFila(fila.bloqueos, dias, hoy).map((t) =>
                          celdaTramo(fila, t, codigo),
                        )}
                  </tr>,
                );
                return filasGrupo;
              })}
            </tbody>
          </Table>
        </div>
      )}
      {meta && meta.totalPages > 1 && (
        <div className="d-flex gap-2 align-items-center">
          <Button
            size="sm"
            variant="outline-secondary"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          >
            Anterior
          </Button>
          <span className="small">{`Página ${meta.page} de ${meta.totalPages}`}</span>
          <Button
            size="sm"
            variant="outline-secondary"
            disabled={page >= meta.totalPages}
            onClick={() => setPage(page + 1)}
          >
            Siguiente
          </Button>
        </div>
      )}
    </div>
  );
};
