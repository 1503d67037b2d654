import { useState } from 'react';
import { Alert, Button, ButtonGroup, Form, Table } from 'react-bootstrap';
import { Link } from 'react-router';
import { diaEnMadrid, formatFecha } from '@tvsistema/domain/format';
import { LoadingStatus } from '../../../components/resource/loading-status.js';
import { useCalendario, type FilaCalendario } from '../api/comercial-api.js';
import { comercialHrefs } from '../comercial-paths.js';
import { T } from '../comercial-texts.js';

// §5 "Calendario": one row per machine (or component) and one column per day; a booked day
// links to its rental, a late one is marked, andamios show the free pieces per day.

const sumar = (fecha: string, dias: number) => {
  const d = new Date(`${fecha}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + dias);
  return d.toISOString().slice(0, 10);
};
const lunes = (fecha: string) => {
  const d = new Date(`${fecha}T00:00:00Z`);
  return sumar(fecha, -((d.getUTCDay() + 6) % 7));
};

const bloqueoDe = (fila: FilaCalendario, dia: string) =>
  fila.bloqueos.find((b) => b.desde <= dia && (b.hasta === null || b.hasta >= dia));

export const Calendario = () => {
  const [clase, setClase] = useState<'maquina' | 'andamio'>('maquina');
  const [semanas, setSemanas] = useState(2);
  const [desde, setDesde] = useState(() => lunes(diaEnMadrid()));
  const [q, setQ] = useState('');
  const hasta = sumar(desde, semanas * 7 - 1);
  const query = useCalendario({ clase, desde, hasta, q: q || undefined, limit: 50 }, true);
  const dias = Array.from({ length: semanas * 7 }, (_, i) => sumar(desde, i));
  return (
    <div className="d-flex flex-column gap-2">
      <div className="d-flex flex-wrap gap-2 align-items-end">
        <ButtonGroup aria-label="Material">
          <Button
            variant={clase === 'maquina' ? 'primary' : 'outline-primary'}
            onClick={() => setClase('maquina')}
          >
            {T.alquileres.maquinaria}
          </Button>
          <Button
            variant={clase === 'andamio' ? 'primary' : 'outline-primary'}
            onClick={() => setClase('andamio')}
          >
            {T.alquileres.andamios}
          </Button>
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
          <Button variant="outline-secondary" onClick={() => setDesde(lunes(diaEnMadrid()))}>
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
        <Form.Group controlId="calendario-buscar">
          <Form.Label className="small mb-0">Buscar</Form.Label>
          <Form.Control size="sm" value={q} onChange={(e) => setQ(e.target.value)} />
        </Form.Group>
      </div>
      {query.isPending && <LoadingStatus message={T.alquileres.cargandoCalendario} />}
      {query.isError && <Alert variant="danger">{T.alquileres.failed}</Alert>}
      {query.data && query.data.data.length === 0 && <p>{T.alquileres.calendarioVacio}</p>}
      {query.data && query.data.data.length > 0 && (
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
                  <th key={d} scope="col" className="text-center">
                    {d.slice(8)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {query.data.data.map((fila) => {
                const nombre = fila.maquina
                  ? `${fila.maquina.codigoInterno}`
                  : `${fila.componente?.codigo ?? ''}`;
                return (
                  <tr key={fila.maquina?._id ?? fila.componente?._id}>
                    <th scope="row" className="text-nowrap">
                      {nombre}
                    </th>
                    {dias.map((d) => {
                      if (fila.dias) {
                        const libres = fila.dias.find((x) => x.fecha === d)?.libres;
                        return (
                          <td
                            key={d}
                            className={libres === 0 ? 'vencido text-center' : 'text-center'}
                          >
                            {libres ?? ''}
                          </td>
                        );
                      }
                      const b = bloqueoDe(fila, d);
                      if (!b) return <td key={d} />;
                      return (
                        <td
                          key={d}
                          className={
                            b.vencido && b.hasta !== null && d > b.hasta ? 'vencido' : 'ocupado'
                          }
                        >
                          {b.origenTipo === 'alquiler' &&
                          d === (b.desde > desde ? b.desde : desde) ? (
                            <Link to={comercialHrefs.alquiler(b.origenId)} title={b.etiqueta}>
                              {b.numero}
                            </Link>
                          ) : (
                            <span className="visually-hidden">{b.numero}</span>
                          )}
                        </td>
                      );
                    })}
                  </tr>
                );
              })}
            </tbody>
          </Table>
        </div>
      )}
    </div>
  );
};
