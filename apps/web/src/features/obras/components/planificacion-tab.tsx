import { Alert, Button } from 'react-bootstrap';
import { useSearchParams } from 'react-router';
import {
  diaEnMadrid,
  formatFecha,
  formatNumero,
  sumarDias,
  type Planificacion,
} from '@tvsistema/domain';
import { serverMessageOr } from '../../../lib/api-error-message.js';
import { usePlanificacion } from '../api/obras.js';
import { OBRAS_TEXTS as T } from '../obras-texts.js';
import { Tabla } from './tabla.js';

const P = T.planificacion;
const SEMANAS = 2;

/** The Monday of the week of `fecha`. */
const lunesDe = (fecha: string) => {
  const dia = new Date(`${fecha}T00:00:00Z`).getUTCDay();
  return sumarDias(fecha, -((dia + 6) % 7));
};

const FECHA = /^\d{4}-\d{2}-\d{2}$/;

/** The first Monday shown: the URL's `semana` (any day of it), else this week's. */
export const semanaDe = (valor: string | null, hoy: string) =>
  valor && FECHA.test(valor) && !Number.isNaN(Date.parse(`${valor}T00:00:00Z`))
    ? lunesDe(valor)
    : lunesDe(hoy);

type OperarioPlanificado = Planificacion['operarios'][number];

/**
 * One operario's row: a cell per day shown. The API sends only the days with hours or planned
 * works; every other day is free and drawn empty.
 */
const FilaOperario = ({
  operario,
  dias,
}: {
  operario: OperarioPlanificado;
  dias: readonly string[];
}) => {
  const porFecha = new Map(operario.dias.map((d) => [d.fecha, d]));
  return (
    <tr>
      <th scope="row">{operario.nombre}</th>
      {dias.map((fecha) => {
        const d = porFecha.get(fecha);
        return (
          <td
            key={fecha}
            className={
              d?.estado === 'exceso'
                ? 'planificacion-exceso'
                : d?.estado === 'solape'
                  ? 'planificacion-solape'
                  : undefined
            }
            title={d?.estado === 'solape' ? P.solape : undefined}
          >
            {d ? d.obras.join(' ') : ''}
            {d && d.horas !== '0.00' && <div>{formatNumero(d.horas, 2)} h</div>}
          </td>
        );
      })}
    </tr>
  );
};

/**
 * §11 Planificación: operarios × days with the obra codes of each day. The weeks shown live in
 * the URL (`/obras?vista=planificacion&semana=2026-03-09`), so a reload or a link keeps them.
 */
export const PlanificacionTab = () => {
  const [params, setParams] = useSearchParams();
  const hoy = lunesDe(diaEnMadrid());
  const desde = semanaDe(params.get('semana'), hoy);
  const setDesde = (lunes: string) =>
    setParams(
      (actuales) => {
        const siguientes = new URLSearchParams(actuales);
        if (lunes === hoy) siguientes.delete('semana');
        else siguientes.set('semana', lunes);
        return siguientes;
      },
      { preventScrollReset: true },
    );
  const hasta = sumarDias(desde, SEMANAS * 7 - 1);
  const query = usePlanificacion(desde, hasta);
  const dias = Array.from({ length: SEMANAS * 7 }, (_, i) => sumarDias(desde, i));
  return (
    <div>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <Button
          variant="outline-secondary"
          size="sm"
          onClick={() => setDesde(sumarDias(desde, -7 * SEMANAS))}
        >
          {P.anterior}
        </Button>
        <span>
          {P.semana} {formatFecha(desde)}
        </span>
        <Button
          variant="outline-secondary"
          size="sm"
          onClick={() => setDesde(sumarDias(desde, 7 * SEMANAS))}
        >
          {P.siguiente}
        </Button>
      </div>
      <p className="small text-body-secondary">{P.leyenda}</p>
      {query.isError ? (
        <Alert variant="danger" className="d-flex flex-wrap align-items-center gap-3">
          <span className="flex-grow-1">
            {serverMessageOr(query.error, 'No se pudo cargar la planificación')}
          </span>
          <Button variant="outline-danger" onClick={() => void query.refetch()}>
            Reintentar
          </Button>
        </Alert>
      ) : !query.data ? (
        <p role="status">Cargando planificación…</p>
      ) : query.data.operarios.length === 0 ? (
        <p>{P.vacio}</p>
      ) : (
        <Tabla label={T.tabs.planificacion} bordered className="planificacion-tabla">
          <thead>
            <tr>
              <th scope="col">{P.operario}</th>
              {dias.map((d) => (
                <th key={d} scope="col">
                  {formatFecha(d).slice(0, 5)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {query.data.operarios.map((o) => (
              <FilaOperario key={o._id} operario={o} dias={dias} />
            ))}
          </tbody>
        </Tabla>
      )}
    </div>
  );
};
