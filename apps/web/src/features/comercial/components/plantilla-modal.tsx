import { useRef, useState } from 'react';
import { Button, Col, Form, Row, Table } from 'react-bootstrap';
import {
  FACTURACION_LABELS,
  FACTURACIONES,
  plantillaCreateSchema,
  type ClaseLinea,
  type Plantilla,
} from '@tvsistema/domain';
import { useApiClient } from '../../../lib/api-client-context.js';
import { post, PRESUPUESTOS_API, put } from '../api/comercial-api.js';
import { T } from '../comercial-texts.js';
import { AccionModal } from './accion-modal.js';
import { ArticuloPicker } from './articulo-picker.js';

// §5 "Nueva plantilla" / "Editar plantilla", an xl modal: Datos (§2.3 nombre, descripción,
// duración, validez), Líneas (the quote editor minus dates), Condiciones (facturación, fianza and
// the conditions' text). The server checks the items and prices as it does for a quote.

type LineaPlantilla = {
  clase: ClaseLinea;
  id: string;
  etiqueta: string;
  cantidad: string;
  diasMinimos: number;
  /** A saved line's other fields (description, rate basis, prices, discount, IVA), kept. */
  resto?: Record<string, unknown>;
};

/** What the modal does not edit of a saved line: sent back as it was. */
const RESTO = [
  'descripcion',
  'modoTarifa',
  'precioDia',
  'precioSemana',
  'precioMes',
  'precio',
  'descuentoPct',
  'tipoIva',
  'motivoIva0',
] as const;

const desde = (p: Plantilla | undefined): LineaPlantilla[] =>
  (p?.lineas ?? []).map((l) => {
    const r = l as Record<string, unknown>;
    const texto = (k: string) => (typeof r[k] === 'string' ? (r[k] as string) : '');
    return {
      clase: r['clase'] as ClaseLinea,
      id: texto('maquinaId') || texto('componenteId') || texto('conceptoId'),
      etiqueta: texto('descripcion') || texto('codigo'),
      cantidad: String(Number(texto('cantidad') || '1')),
      diasMinimos: typeof r['diasMinimos'] === 'number' ? r['diasMinimos'] : 1,
      resto: Object.fromEntries(RESTO.filter((k) => r[k] != null).map((k) => [k, r[k]])),
    };
  });

/**
 * §2.3 the template's `facturacion` and `fianza`, checked by the domain's own template schema
 * (the API's): "Importe no válido" under the field, nothing sent. Empty = none (R19's default
 * billing by duration; the machines' fianza).
 */
const condicionesSchema = plantillaCreateSchema.pick({ facturacion: true, fianza: true });
type ErroresCondiciones = Partial<Record<'facturacion' | 'fianza', string>>;
const validarCondiciones = (facturacion: string, fianza: string) => {
  const r = condicionesSchema.safeParse({
    facturacion: facturacion || undefined,
    fianza: fianza.trim() === '' ? undefined : fianza.trim().replace(',', '.'),
  });
  if (r.success) return { valores: r.data, errores: {} as ErroresCondiciones };
  const errores: ErroresCondiciones = {};
  for (const issue of r.error.issues) {
    const campo = issue.path[0];
    if ((campo === 'facturacion' || campo === 'fianza') && !errores[campo])
      errores[campo] = issue.message;
  }
  return { valores: undefined, errores };
};

export const PlantillaModal = ({
  show,
  plantilla,
  onHide,
  onSaved,
}: {
  show: boolean;
  plantilla?: Plantilla | undefined;
  onHide: () => void;
  onSaved: () => void;
}) => {
  const api = useApiClient();
  const [nombre, setNombre] = useState(plantilla?.nombre ?? '');
  const [descripcion, setDescripcion] = useState(plantilla?.descripcion ?? '');
  const [duracion, setDuracion] = useState(plantilla?.duracionDias ?? 7);
  const [validez, setValidez] = useState(plantilla?.validezDias ?? 30);
  const [condiciones, setCondiciones] = useState(plantilla?.condiciones ?? '');
  const [facturacion, setFacturacion] = useState<string>(plantilla?.facturacion ?? '');
  // Shown as typed in Spain ("300,00"); sent as the API's decimal string ("300.00").
  const [fianza, setFianza] = useState(plantilla?.fianza?.replace('.', ',') ?? '');
  const [errores, setErrores] = useState<ErroresCondiciones>({});
  const fianzaRef = useRef<HTMLInputElement>(null);
  const [lineas, setLineas] = useState<LineaPlantilla[]>(desde(plantilla));
  const anadir = (clase: ClaseLinea) => (o: { _id: string; etiqueta: string }) =>
    setLineas((ls) => [
      ...ls,
      { clase, id: o._id, etiqueta: o.etiqueta, cantidad: '1', diasMinimos: 1 },
    ]);
  const guardar = async () => {
    const { valores, errores: nuevos } = validarCondiciones(facturacion, fianza);
    setErrores(nuevos);
    // The keyboard goes to the field to correct (the message is its description).
    if (nuevos.fianza) fianzaRef.current?.focus();
    if (!valores) return false;
    const body = {
      nombre,
      duracionDias: duracion,
      validezDias: validez,
      condiciones: condiciones || undefined,
      activo: plantilla?.activo ?? true,
      descripcion: descripcion.trim() || undefined,
      facturacion: valores.facturacion,
      fianza: valores.fianza,
      lineas: lineas.map((l) => ({
        ...l.resto,
        clase: l.clase,
        ...(l.clase === 'maquina' ? { maquinaId: l.id } : {}),
        ...(l.clase === 'andamio' ? { componenteId: l.id } : {}),
        ...(l.clase === 'concepto' ? { conceptoId: l.id } : {}),
        ...(l.clase === 'maquina' ? {} : { cantidad: l.cantidad.replace(',', '.') }),
        diasMinimos: l.diasMinimos,
      })),
    };
    if (plantilla)
      await put(api, `${PRESUPUESTOS_API}/plantillas/${plantilla._id}`, {
        ...body,
        version: plantilla.version,
      });
    else await post(api, `${PRESUPUESTOS_API}/plantillas`, body);
    onSaved();
  };
  return (
    <AccionModal
      show={show}
      titulo={plantilla ? 'Editar plantilla' : T.plantillas.nueva}
      confirmar="Guardar plantilla"
      onHide={onHide}
      onConfirm={guardar}
      size="xl"
    >
      <h3 className="h6">{T.plantillas.datos}</h3>
      <Row className="g-2 mb-3">
        <Form.Group as={Col} xs={12} controlId="plantilla-nombre-modal">
          <Form.Label>Nombre</Form.Label>
          <Form.Control value={nombre} onChange={(e) => setNombre(e.target.value)} />
        </Form.Group>
        <Form.Group as={Col} xs={6} controlId="plantilla-duracion">
          <Form.Label>Duración (días)</Form.Label>
          <Form.Control
            type="number"
            min={1}
            max={1825}
            value={duracion}
            onChange={(e) => setDuracion(Number(e.target.value) || 1)}
          />
        </Form.Group>
        <Form.Group as={Col} xs={6} controlId="plantilla-validez">
          <Form.Label>Validez (días)</Form.Label>
          <Form.Control
            type="number"
            min={1}
            max={365}
            value={validez}
            onChange={(e) => setValidez(Number(e.target.value) || 1)}
          />
        </Form.Group>
        <Form.Group as={Col} xs={12} controlId="plantilla-descripcion">
          <Form.Label>Descripción</Form.Label>
          <Form.Control
            as="textarea"
            rows={2}
            maxLength={500}
            value={descripcion}
            onChange={(e) => setDescripcion(e.target.value)}
          />
        </Form.Group>
      </Row>
      <h3 className="h6">{T.comun.lineas}</h3>
      <div className="d-flex flex-column gap-2 mb-2">
        <ArticuloPicker
          tipo="maquinas"
          id="plantilla-maquina"
          label="Máquina"
          placeholder="Buscar máquina…"
          accion={T.comun.anadirMaquina}
          onElegir={anadir('maquina')}
        />
        <ArticuloPicker
          tipo="componentes"
          id="plantilla-andamio"
          label="Componente"
          placeholder="Buscar componente…"
          accion={T.comun.anadirAndamio}
          onElegir={anadir('andamio')}
        />
        <ArticuloPicker
          tipo="conceptos"
          id="plantilla-concepto"
          label="Concepto"
          placeholder="Buscar concepto…"
          accion={T.comun.anadirConcepto}
          onElegir={anadir('concepto')}
        />
      </div>
      <Table size="sm" className="align-middle">
        <thead>
          <tr>
            <th scope="col">Descripción</th>
            <th scope="col">Cantidad</th>
            <th scope="col">Mín. días</th>
            <th scope="col">
              <span className="visually-hidden">Acciones</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {lineas.map((l, i) => (
            <tr key={`${l.id}-${i}`}>
              <td>{l.etiqueta}</td>
              <td>
                <Form.Control
                  size="sm"
                  aria-label={`Cantidad de la línea ${i + 1}`}
                  disabled={l.clase === 'maquina'}
                  value={l.cantidad}
                  onChange={(e) =>
                    setLineas((ls) =>
                      ls.map((x, j) => (j === i ? { ...x, cantidad: e.target.value } : x)),
                    )
                  }
                />
              </td>
              <td>
                <Form.Control
                  size="sm"
                  type="number"
                  min={1}
                  max={365}
                  aria-label={`Mínimo de días, línea ${i + 1}`}
                  value={l.diasMinimos}
                  onChange={(e) =>
                    setLineas((ls) =>
                      ls.map((x, j) =>
                        j === i ? { ...x, diasMinimos: Number(e.target.value) || 1 } : x,
                      ),
                    )
                  }
                />
              </td>
              <td>
                <Button
                  size="sm"
                  variant="danger"
                  aria-label={`${T.comun.quitar} ${i + 1}`}
                  onClick={() => setLineas((ls) => ls.filter((_, j) => j !== i))}
                >
                  ×
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      <h3 className="h6">{T.comun.condiciones}</h3>
      <Row className="g-2 mb-2">
        <Form.Group as={Col} sm={6} controlId="plantilla-facturacion">
          <Form.Label>{T.comun.facturacion}</Form.Label>
          <Form.Select
            value={facturacion}
            isInvalid={Boolean(errores.facturacion)}
            aria-invalid={Boolean(errores.facturacion) || undefined}
            aria-describedby={errores.facturacion ? 'plantilla-facturacion-error' : undefined}
            onChange={(e) => {
              setFacturacion(e.target.value);
              setErrores((x) => ({ ...x, facturacion: undefined }));
            }}
          >
            <option value="">{T.comun.segunDuracion}</option>
            {FACTURACIONES.map((v) => (
              <option key={v} value={v}>
                {FACTURACION_LABELS[v]}
              </option>
            ))}
          </Form.Select>
          <Form.Control.Feedback type="invalid" id="plantilla-facturacion-error">
            {errores.facturacion}
          </Form.Control.Feedback>
        </Form.Group>
        <Form.Group as={Col} sm={6} controlId="plantilla-fianza">
          <Form.Label>{T.comun.fianza}</Form.Label>
          <Form.Control
            ref={fianzaRef}
            inputMode="decimal"
            value={fianza}
            isInvalid={Boolean(errores.fianza)}
            aria-invalid={Boolean(errores.fianza) || undefined}
            aria-describedby={errores.fianza ? 'plantilla-fianza-error' : undefined}
            onChange={(e) => {
              setFianza(e.target.value);
              setErrores((x) => ({ ...x, fianza: undefined }));
            }}
          />
          <Form.Control.Feedback type="invalid" id="plantilla-fianza-error">
            {errores.fianza}
          </Form.Control.Feedback>
        </Form.Group>
      </Row>
      <Form.Group controlId="plantilla-condiciones">
        <Form.Label>{T.comun.condiciones}</Form.Label>
        <Form.Control
          as="textarea"
          rows={2}
          value={condiciones}
          onChange={(e) => setCondiciones(e.target.value)}
        />
      </Form.Group>
    </AccionModal>
  );
};
