import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { diaEnMadrid, formatFecha, formatNumero, sumarDias } from '@tvsistema/domain';
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

/** §11 Planificación: operarios × days with the obra codes of each day. */
export const PlanificacionTab = () => {
  const [desde, setDesde] = useState(() => lunesDe(diaEnMadrid()));
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
      {!query.data ? (
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
              <tr key={o._id}>
                <th scope="row">{o.nombre}</th>
                {o.dias.map((d) => (
                  <td
                    key={d.fecha}
                    className={
                      d.estado === 'exceso'
                        ? 'planificacion-exceso'
                        : d.estado === 'solape'
                          ? 'planificacion-solape'
                          : undefined
                    }
                    title={d.estado === 'solape' ? P.solape : undefined}
                  >
                    {d.obras.join(' ')}
                    {d.horas !== '0.00' && <div>{formatNumero(d.horas, 2)} h</div>}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </Tabla>
      )}
    </div>
  );
};
