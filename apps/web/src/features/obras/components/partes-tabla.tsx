import { useState } from 'react';
import { Badge, Button, OverlayTrigger, Tooltip } from 'react-bootstrap';
import {
  ESTADO_PARTE_TRABAJO_LABEL,
  formatFecha,
  formatNumero,
  type Obra,
  type ParteTrabajo,
} from '@tvsistema/domain';
import { useAuthContext } from '../../../lib/auth-context.js';
import { DismissibleAlert } from '../../../components/resource/dismissible-alert.js';
import { descargar } from '../api/archivos.js';
import { obraUrl } from '../api/obra-keys.js';
import { usePartesTrabajo } from '../api/partes-trabajo.js';
import { OBRAS_TEXTS as T } from '../obras-texts.js';
import { Tabla } from './tabla.js';
import { ParteTrabajoModal } from './parte-trabajo-modal.js';

const P = T.partes;

/** The Partes de trabajo table; with `editable`, "Nuevo parte" and the parte modal (§5.6). */
export const PartesTabla = ({ obra, editable = false }: { obra: Obra; editable?: boolean }) => {
  const query = usePartesTrabajo(obra._id);
  const { getAccessToken } = useAuthContext();
  const [abierto, setAbierto] = useState<ParteTrabajo | 'nuevo' | undefined>();
  const [error, setError] = useState<string | undefined>();
  const enCurso = obra.estado === 'en_curso';
  const pdf = (parte: ParteTrabajo) =>
    void descargar(
      obraUrl(obra._id, 'partes-trabajo', parte._id, 'pdf'),
      `parte-${parte.numero ?? 'borrador'}.pdf`,
      getAccessToken,
    ).catch((cause: unknown) => setError(cause instanceof Error ? cause.message : String(cause)));
  const nuevo = (
    <Button
      onClick={() => setAbierto('nuevo')}
      disabled={!enCurso}
      className="resource-accent-button"
    >
      {P.nuevo}
    </Button>
  );
  const partes = query.data?.data ?? [];
  return (
    <div>
      <DismissibleAlert variant="danger" message={error} onClose={() => setError(undefined)} />
      {editable && (
        <div className="d-flex justify-content-end mb-2">
          {enCurso ? (
            nuevo
          ) : (
            <OverlayTrigger overlay={<Tooltip id="parte-solo-en-curso">{P.soloEnCurso}</Tooltip>}>
              {/* A disabled button gets no pointer events: the wrapper shows the reason. */}
              <span tabIndex={0} aria-label={P.soloEnCurso}>
                {nuevo}
              </span>
            </OverlayTrigger>
          )}
        </div>
      )}
      {query.isPending ? (
        <p role="status">Cargando partes de trabajo…</p>
      ) : partes.length === 0 ? (
        <p>{P.vacio}</p>
      ) : (
        <Tabla label={T.tabsEdit.partes}>
          <thead>
            <tr>
              {P.columnas.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {partes.map((parte) => (
              <tr key={parte._id}>
                <td>{parte.numero ?? '—'}</td>
                <td>{formatFecha(parte.fecha)}</td>
                <td>{parte.operarios.map((o) => o.nombre).join(', ')}</td>
                <td>{formatNumero(parte.horasTotales, 2)} h</td>
                <td>{parte.avance === null ? '—' : `${parte.avance} %`}</td>
                <td>{parte.incidencias.length}</td>
                <td>
                  <Badge bg={parte.estado === 'cerrado' ? 'success' : 'secondary'}>
                    {ESTADO_PARTE_TRABAJO_LABEL[parte.estado]}
                  </Badge>
                </td>
                <td className="d-flex gap-1">
                  {editable && (
                    <Button size="sm" variant="outline-primary" onClick={() => setAbierto(parte)}>
                      {parte.estado === 'cerrado' ? 'Ver' : 'Editar'}
                      <span className="visually-hidden">
                        {' '}
                        {parte.numero ?? formatFecha(parte.fecha)}
                      </span>
                    </Button>
                  )}
                  <Button size="sm" variant="outline-secondary" onClick={() => pdf(parte)}>
                    {P.pdf}
                    <span className="visually-hidden">
                      {' '}
                      {parte.numero ?? formatFecha(parte.fecha)}
                    </span>
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </Tabla>
      )}
      {editable && abierto && (
        <ParteTrabajoModal
          obra={obra}
          parte={abierto === 'nuevo' ? undefined : abierto}
          onHide={() => setAbierto(undefined)}
          onGuardado={(parte) => setAbierto(parte)}
        />
      )}
    </div>
  );
};
