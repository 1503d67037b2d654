import { useState } from 'react';
import { Button, Col, Form, Row, Table } from 'react-bootstrap';
import { multiplyDecimals, round2, TIPOS_IVA } from '@tvsistema/domain';
import { formatEuros } from '@tvsistema/domain/format';
import { SectionCard } from '../../../components/resource/section-card.js';
import { useArticulos } from '../api/logistica-api.js';

/** A concepto line of a rental albarán (portes, montaje): logistica.md §5 "Servicios". */
export type Servicio = {
  articuloId: string;
  codigo: string;
  descripcion: string;
  cantidad: string;
  precio: string;
  tipoIva: number;
};

const importe = (s: Servicio) => {
  try {
    return formatEuros(
      round2(multiplyDecimals(s.cantidad.replace(',', '.'), s.precio.replace(',', '.'))),
    );
  } catch {
    return '—';
  }
};

/** The albarán line of a servicio: the price and VAT as typed (the concepto's by default). */
export const lineaDeServicio = (s: Servicio) => ({
  clase: 'concepto' as const,
  articuloId: s.articuloId,
  cantidad: s.cantidad.trim().replace(',', '.') || '0',
  ...(s.precio.trim() ? { precioUnitario: s.precio.trim().replace(',', '.') } : {}),
  tipoIva: s.tipoIva,
});

/**
 * §5 "Servicios": the conceptos charged on the albarán (Concepto, Cantidad, Precio (€), IVA,
 * Importe), picked from inventario's active templates.
 */
export const ServiciosCard = ({
  servicios,
  onChange,
}: {
  servicios: Servicio[];
  onChange: (servicios: Servicio[]) => void;
}) => {
  const [buscar, setBuscar] = useState('');
  const [elegido, setElegido] = useState('');
  const opciones = (useArticulos(buscar).data ?? []).filter(
    (a) => a.clase === 'concepto' && a.activo && !servicios.some((s) => s.articuloId === a._id),
  );
  const cambiar = (i: number, cambio: Partial<Servicio>) =>
    onChange(servicios.map((s, j) => (j === i ? { ...s, ...cambio } : s)));
  const anadir = () => {
    const a = opciones.find((o) => o._id === elegido);
    if (!a) return;
    onChange([
      ...servicios,
      {
        articuloId: a._id,
        codigo: a.codigo,
        descripcion: a.descripcion,
        cantidad: '1',
        precio: a.precio ?? '',
        tipoIva: a.tipoIva ?? 21,
      },
    ]);
    setElegido('');
  };
  return (
    <SectionCard title="Servicios">
      <Row className="g-2 mb-2 align-items-end">
        <Col md={5}>
          <Form.Control
            placeholder="Buscar concepto por código o nombre…"
            aria-label="Buscar concepto por código o nombre…"
            value={buscar}
            onChange={(e) => setBuscar(e.target.value)}
          />
        </Col>
        <Col md={5}>
          <Form.Select
            aria-label="Concepto"
            value={elegido}
            onChange={(e) => setElegido(e.target.value)}
          >
            <option value="">— Elige un concepto —</option>
            {opciones.map((a) => (
              <option key={a._id} value={a._id}>
                {`${a.codigo} — ${a.descripcion}`}
              </option>
            ))}
          </Form.Select>
        </Col>
        <Col md={2}>
          <Button variant="outline-primary" className="w-100" disabled={!elegido} onClick={anadir}>
            Añadir servicio
          </Button>
        </Col>
      </Row>
      {servicios.length === 0 ? (
        <p className="mb-0 text-body-secondary">Sin servicios en este albarán.</p>
      ) : (
        <div className="table-responsive">
          <Table size="sm" className="logistica-lineas align-middle mb-0">
            <thead>
              <tr>
                <th scope="col">Concepto</th>
                <th scope="col">Cantidad</th>
                <th scope="col">Precio (€)</th>
                <th scope="col">IVA</th>
                <th scope="col" className="text-end">
                  Importe
                </th>
                <th scope="col">
                  <span className="visually-hidden">Quitar</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {servicios.map((s, i) => (
                <tr key={s.articuloId}>
                  <td>{`${s.codigo} — ${s.descripcion}`}</td>
                  <td>
                    <Form.Control
                      size="sm"
                      inputMode="decimal"
                      aria-label={`Cantidad de ${s.codigo}`}
                      value={s.cantidad}
                      onChange={(e) => cambiar(i, { cantidad: e.target.value })}
                    />
                  </td>
                  <td>
                    <Form.Control
                      size="sm"
                      inputMode="decimal"
                      aria-label={`Precio de ${s.codigo}`}
                      value={s.precio}
                      onChange={(e) => cambiar(i, { precio: e.target.value })}
                    />
                  </td>
                  <td>
                    <Form.Select
                      size="sm"
                      aria-label={`IVA de ${s.codigo}`}
                      value={s.tipoIva}
                      onChange={(e) => cambiar(i, { tipoIva: Number(e.target.value) })}
                    >
                      {TIPOS_IVA.map((t) => (
                        <option key={t} value={t}>{`${t} %`}</option>
                      ))}
                    </Form.Select>
                  </td>
                  <td className="text-end text-nowrap">{importe(s)}</td>
                  <td>
                    <Button
                      size="sm"
                      variant="danger"
                      aria-label={`Quitar ${s.codigo}`}
                      onClick={() => onChange(servicios.filter((_, j) => j !== i))}
                    >
                      ×
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}
    </SectionCard>
  );
};
