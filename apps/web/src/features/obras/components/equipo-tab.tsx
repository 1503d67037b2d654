import { useId, useState } from 'react';
import { Alert, Button, Col, Form, Row } from 'react-bootstrap';
import { OpcionTypeahead } from '../../../components/forms/opcion-typeahead.js';
import { ROL_EQUIPO_LABEL, ROLES_EQUIPO, type Obra, type RolEquipo } from '@tvsistema/domain';
import { isApiError } from '../../../lib/api-client.js';
import { useEquipoObra } from '../api/obras.js';
import { useOperarios } from '../api/operarios.js';
import { OBRAS_TEXTS as T } from '../obras-texts.js';
import { Tabla } from './tabla.js';
import { AptitudBadge } from './obra-badges.js';
import { certificacionDe, prlDe, reconocimientoDe } from './operario-modal.js';

const E = T.equipo;

/** §5.6 Equipo: rows operario + rol, "Añadir operario", "Guardar equipo", the team rule. */
export const EquipoTab = ({ obra }: { obra: Obra }) => {
  const id = useId();
  const guardar = useEquipoObra(obra._id);
  const operarios = useOperarios('', 'true');
  const [miembros, setMiembros] = useState<{ operarioId: string; rol: RolEquipo }[]>(
    obra.equipo.map((m) => ({ operarioId: m.operarioId, rol: m.rol })),
  );
  const [nuevo, setNuevo] = useState('');
  const [mensaje, setMensaje] = useState<
    { variant: 'success' | 'danger'; text: string; errors: string[] } | undefined
  >();
  const disponibles = (operarios.data?.data ?? []).filter(
    (o) => !miembros.some((m) => m.operarioId === o._id),
  );
  const datos = (operarioId: string) => {
    const guardado = obra.equipo.find((m) => m.operarioId === operarioId);
    const operario = operarios.data?.data.find((o) => o._id === operarioId);
    return {
      nombre: guardado?.nombre ?? operario?.nombreCompleto ?? operarioId,
      certificacion: guardado?.certificacion ?? (operario ? certificacionDe(operario) : undefined),
      prl: operario ? prlDe(operario) : undefined,
      reconocimiento: operario ? reconocimientoDe(operario) : undefined,
      aptitud: guardado?.aptitud ?? operario?.aptitud,
    };
  };

  const onGuardar = async () => {
    setMensaje(undefined);
    try {
      await guardar.mutateAsync({ miembros, version: obra.version });
      setMensaje({ variant: 'success', text: E.guardado, errors: [] });
    } catch (cause) {
      setMensaje({
        variant: 'danger',
        text: isApiError(cause) ? cause.message : String(cause),
        errors: isApiError(cause) ? (cause.errors ?? []).map(String) : [],
      });
    }
  };

  return (
    <div>
      {mensaje && (
        <Alert variant={mensaje.variant} role={mensaje.variant === 'danger' ? 'alert' : 'status'}>
          <div>{mensaje.text}</div>
          {mensaje.errors.length > 0 && (
            <ul className="mb-0 mt-2">
              {mensaje.errors.map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
          )}
        </Alert>
      )}
      {!obra.aptitud.cumple && obra.equipo.length > 0 && (
        <Alert variant="warning">
          <div>{E.regla}</div>
          <ul className="mb-0 mt-2">
            {obra.aptitud.errores.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        </Alert>
      )}
      {miembros.length === 0 ? (
        <p>{E.vacio}</p>
      ) : (
        <Tabla label={T.tabsEdit.equipo}>
          <thead>
            <tr>
              <th scope="col">{E.operario}</th>
              <th scope="col">{E.rol}</th>
              <th scope="col">{E.certificacion}</th>
              <th scope="col">{E.prl}</th>
              <th scope="col">{E.reconocimiento}</th>
              <th scope="col">{E.estado}</th>
              <th scope="col">
                <span className="visually-hidden">Acciones</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {miembros.map((m, i) => {
              const d = datos(m.operarioId);
              return (
                <tr key={m.operarioId}>
                  <td>{d.nombre}</td>
                  <td>
                    <Form.Select
                      size="sm"
                      aria-label={`${E.rol}: ${d.nombre}`}
                      value={m.rol}
                      onChange={(e) =>
                        setMiembros(
                          miembros.map((x, j) =>
                            j === i ? { ...x, rol: e.target.value as RolEquipo } : x,
                          ),
                        )
                      }
                    >
                      {ROLES_EQUIPO.map((r) => (
                        <option key={r} value={r}>
                          {ROL_EQUIPO_LABEL[r]}
                        </option>
                      ))}
                    </Form.Select>
                  </td>
                  <td>{d.certificacion ?? '—'}</td>
                  <td>{d.prl ?? '—'}</td>
                  <td>{d.reconocimiento ?? '—'}</td>
                  <td>{d.aptitud ? <AptitudBadge aptitud={d.aptitud} /> : '—'}</td>
                  <td>
                    <Button
                      size="sm"
                      variant="outline-danger"
                      aria-label={E.quitar(d.nombre)}
                      onClick={() => setMiembros(miembros.filter((_, j) => j !== i))}
                    >
                      Quitar
                    </Button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </Tabla>
      )}
      <Row className="g-2 align-items-end">
        <Col xs={12} md={6}>
          {/* §5.6: a typeahead of the active operarios not yet in the team. */}
          <OpcionTypeahead
            inputId={`${id}-nuevo`}
            label={E.anadir}
            value={nuevo}
            onChange={setNuevo}
            loading={operarios.isFetching}
            options={disponibles.map((o) => ({
              id: o._id,
              label: `${o.nombreCompleto} (${o.documento})`,
            }))}
          />
        </Col>
        <Col xs={6} md={3}>
          <Button
            variant="outline-primary"
            className="w-100"
            disabled={!nuevo}
            onClick={() => {
              setMiembros([...miembros, { operarioId: nuevo, rol: 'tecnico' }]);
              setNuevo('');
            }}
          >
            {E.anadir}
          </Button>
        </Col>
        <Col xs={6} md={3}>
          <Button
            className="w-100 resource-accent-button"
            onClick={() => void onGuardar()}
            disabled={guardar.isPending}
          >
            {E.guardar}
          </Button>
        </Col>
      </Row>
    </div>
  );
};
