import { Form } from 'react-bootstrap';
import { COMERCIAL_MESSAGES, type Alquiler } from '@tvsistema/domain';
import { T } from '../comercial-texts.js';

// "Comunicar baja" (comercial.md §3.2, R18): which lines stop billing, and how many pieces of a
// scaffolding line. Only what is on site and still billed can be called off.

export type SeleccionBaja = Record<string, { marcada: boolean; cantidad: string }>;

const enObra = (l: Alquiler['lineas'][number]) => l.cantidadFuera - l.cantidadBaja;

/** Every line with billed material on site, marked with its whole quantity. */
export const seleccionInicial = (a: Alquiler): SeleccionBaja =>
  Object.fromEntries(
    a.lineas
      .filter((l) => enObra(l) > 0)
      .map((l) => [l._id, { marcada: true, cantidad: String(enObra(l)) }]),
  );

/** The body's `lineas`: the marked ones, each with its quantity. */
export const lineasDeBaja = (seleccion: SeleccionBaja) =>
  Object.entries(seleccion)
    .filter(([, s]) => s.marcada)
    .map(([lineaId, s]) => ({
      lineaId,
      cantidad: Math.max(1, Math.trunc(Number(s.cantidad) || 1)),
    }));

export const BajaLineas = ({
  alquiler,
  seleccion,
  onChange,
}: {
  alquiler: Alquiler;
  seleccion: SeleccionBaja;
  onChange: (seleccion: SeleccionBaja) => void;
}) => {
  const lineas = alquiler.lineas.filter((l) => seleccion[l._id]);
  if (lineas.length === 0) return <p className="mt-3 mb-0">{COMERCIAL_MESSAGES.bajaSinMaterial}</p>;
  const cambiar = (id: string, cambio: Partial<SeleccionBaja[string]>) =>
    onChange({ ...seleccion, [id]: { ...(seleccion[id] as SeleccionBaja[string]), ...cambio } });
  return (
    <fieldset className="mt-3">
      <legend className="form-label fs-6 mb-2">{T.alquileres.bajaLineas}</legend>
      {lineas.map((l) => {
        const s = seleccion[l._id] as SeleccionBaja[string];
        return (
          <div key={l._id} className="d-flex flex-wrap align-items-center gap-2 mb-2">
            <Form.Check
              id={`baja-${l._id}`}
              checked={s.marcada}
              label={`${l.descripcion} (${enObra(l)} en obra)`}
              onChange={(e) => cambiar(l._id, { marcada: e.target.checked })}
            />
            {l.clase === 'andamio' && (
              <Form.Control
                type="number"
                size="sm"
                min={1}
                max={enObra(l)}
                style={{ width: '7rem' }}
                disabled={!s.marcada}
                aria-label={T.alquileres.bajaCantidad(l.descripcion)}
                value={s.cantidad}
                onChange={(e) => cambiar(l._id, { cantidad: e.target.value })}
              />
            )}
          </div>
        );
      })}
    </fieldset>
  );
};
